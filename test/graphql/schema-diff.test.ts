// The schema comparison the parity test relies on: each kind of difference a client could see is found.
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { diffSchemas } from '../support/schema-diff.ts';

const BASE = /* GraphQL */ `
  enum Kind { a b }
  union Part = A | B
  type A { id: ID }
  type B { id: ID }
  input Filter { eq: String, not: Filter }
  type Item { name: String!, kind: Kind, parts: [Part] }
  type Query { items(filters: Filter, sort: [String] = []): [Item] }
  type Mutation { createItem(data: Filter!): Item }
`;

describe('schema differences', () => {
  it('finds none between a schema and itself, having compared everything reached', () => {
    const diff = diffSchemas(buildSchema(BASE), buildSchema(BASE));
    expect(diff.differences).toEqual([]);
    expect(diff.compared).toBeGreaterThan(20);
  });

  it.each([
    ['a root field added to Mutation', ['createItem(data: Filter!): Item', 'createItem(data: Filter!): Item, other: Int'], "Mutation.other: absent from Strapi's schema"],
    ['a root field missing', ['type Query { items', 'type Query { other: Int, items2'], 'Query.items: absent from ours'],
    ['the Mutation type missing', ['type Mutation { createItem(data: Filter!): Item }', ''], 'Mutation: absent from ours'],
    ['a root field added', ['type Query {', 'type Query { extra: Int'], "Query.extra: absent from Strapi's schema"],
    ['a field type', ['name: String!', 'name: String'], "Item.name: String! in Strapi's schema, String in ours"],
    ['an argument missing', ['sort: [String] = []', ''], 'Query.items(sort: absent from ours'],
    ['an argument type', ['data: Filter!', 'data: Filter'], "Mutation.createItem(data): Filter! in Strapi's schema, Filter in ours"],
    ['an argument default', ['sort: [String] = []', 'sort: [String]'], "Query.items(sort): default [] in Strapi's schema, none in ours"],
    ['an input field', ['eq: String,', ''], 'Filter.eq: absent from ours'],
    ['a union member', ['Part = A | B', 'Part = A'], 'Part | B: absent from ours'],
    ['an enum value', ['enum Kind { a b }', 'enum Kind { a b c }'], "Kind.c: absent from Strapi's schema"],
    ['a type kind', ['enum Kind { a b }', 'scalar Kind'], "type Kind: enum in Strapi's schema, scalar in ours"],
  ])('finds %s', (_name, [from, to], expected) => {
    const ours = buildSchema(BASE.replace(from, to));
    expect(diffSchemas(buildSchema(BASE), ours).differences).toContain(expected);
  });
});
