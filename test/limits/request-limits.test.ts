// The checks that refuse a request before it runs: variables' size, a document's nesting, and
// the entry budget, each a 400 naming the limit.
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/errors.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { costModel } from '../../src/graphql/cost.ts';
import { DEFAULT_REQUEST_LIMITS, checkDocumentNesting, checkVariablesSize } from '../../src/limits/request-limits.ts';
import { checkEntryBudget } from '../../src/graphql/cost.ts';
import { loadContentModel } from '../../src/model/load.ts';

const nestedObject = (depth: number): unknown => (depth === 0 ? {} : { not: nestedObject(depth - 1) });

describe('variables', () => {
  it.each([
    ['flat values', { a: 1, b: 'x', c: null }, undefined],
    ['nesting at the limit', nestedObject(23), undefined],
    ['nesting past the limit', nestedObject(24), 'Variables nest deeper than 24 levels (maxVariablesDepth)'],
    ['5,000 values', { list: Array(4999).fill(1) }, undefined],
    ['more than 5,000 values', { list: Array(5001).fill(1) }, 'Variables hold more than 5000 values (maxVariablesValues)'],
    ['no variables', undefined, undefined],
  ])('%s', (_name, variables, refusal) => {
    const check = () => checkVariablesSize(variables, DEFAULT_REQUEST_LIMITS);
    if (refusal) expect(check).toThrow(refusal);
    else expect(check).not.toThrow();
  });

  it('measures 100,000 levels without recursing', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { not: deep };
    expect(() => checkVariablesSize(deep, DEFAULT_REQUEST_LIMITS)).toThrow('maxVariablesDepth');
  });
});

describe('document nesting', () => {
  it.each([
    ['a query', '{ a { b { c } } }', 3, undefined],
    ['a query one level too deep', '{ a { b { c { d } } } }', 3, 'nests deeper than 3 levels'],
    ['brackets and parentheses counted', '{ a(f: [{ x: 1 }]) }', 3, 'nests deeper than 3 levels'],
    ['braces inside a string ignored', '{ a(s: "{{{{{{") }', 3, undefined],
    ['an escaped quote inside a string', '{ a(s: "\\"{{{{") }', 3, undefined],
    ['braces inside a block string ignored', '{ a(s: """ {{{{ \\""" {{{ """) }', 3, undefined],
    ['braces inside a comment ignored', '{ a # {{{{{{\n }', 3, undefined],
  ])('%s', (_name, source, max, refusal) => {
    const check = () => checkDocumentNesting(source, max);
    if (refusal) expect(check).toThrow(refusal);
    else expect(check).not.toThrow();
  });
});

describe('the entry budget', () => {
  let schema: ReturnType<typeof buildGraphQLSchema>;
  let costs: ReturnType<typeof costModel>;
  beforeAll(async () => {
    const model = await loadContentModel('test/fixtures/blog');
    schema = buildGraphQLSchema(model);
    costs = costModel(model);
  });

  it('lets a page of entries with their relations through', () => {
    expect(() => checkEntryBudget(schema, costs, 100_000, parse('{ articles(pagination: { pageSize: 100 }) { data { attributes { tags { data { id } } } } } }'), {})).not.toThrow();
  });

  it('refuses a document that could answer more, naming the limit and the estimate', () => {
    const document = parse(`{ categories(pagination: { pageSize: 100 }) { data { attributes { articles(pagination: { pageSize: 100 }) { data { attributes {
      tags(pagination: { pageSize: 100 }) { data { id } } } } } } } } }`);
    let refusal: ValidationError | undefined;
    try {
      checkEntryBudget(schema, costs, 100_000, document, {});
    } catch (error) {
      refusal = error as ValidationError;
    }
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal!.message).toMatch(/^This request's answer could hold \d+ entries or more, past the limit of 100000 \(maxEntries\)/);
    expect(refusal!.details).toMatchObject({ limit: 'maxEntries', maxEntries: 100_000 });
    expect(refusal!.details.estimate as number).toBeGreaterThan(100_000);
  });

  it('reads page sizes from variables', () => {
    const document = parse('query ($p: PaginationArg) { articles(pagination: $p) { data { attributes { tags(pagination: { pageSize: 100 }) { data { id } } } } } }');
    expect(() => checkEntryBudget(schema, costs, 5_000, document, { p: { pageSize: 10 } })).not.toThrow();
    expect(() => checkEntryBudget(schema, costs, 5_000, document, { p: { pageSize: 100 } })).toThrow(ValidationError);
  });
});
