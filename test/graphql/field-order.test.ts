// Documents -> answers whose text lists every object's keys in the selection set's order (GraphQL
// spec §7.2.2), on a fresh gateway's first answer and on later ones (compiled), cache on and off.
import { readFileSync } from 'node:fs';
import {
  getNamedType,
  isAbstractType,
  isObjectType,
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { COMPILE_AFTER_USES } from '../../src/graphql/compile.ts';
import { DEMO_TOKEN, demoGateway } from '../support/demo-gateway.ts';
import { graphqlRequest } from '../support/test-gateway.ts';

interface OrderCase {
  name: string;
  query: string;
}

const CASES: OrderCase[] = JSON.parse(readFileSync('test/fixtures/graphql/field-order.json', 'utf8'));
const AUTHORIZED = { authorization: `Bearer ${DEMO_TOKEN}` };

/** Places in `answer` whose keys are not the selection's response names in order, as "path: keys". */
function misorderedObjects(schema: GraphQLSchema, document: DocumentNode, answer: unknown): string[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION)!;
  const found: string[] = [];

  /** Response names in order, each with the sub-selections asked under it, fragments inlined. */
  const collect = (type: GraphQLNamedType, set: SelectionSetNode, into = new Map<string, { field: string; sets: SelectionSetNode[] }>()) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.alias?.value ?? selection.name.value;
        const entry = into.get(name) ?? { field: selection.name.value, sets: [] };
        if (selection.selectionSet) entry.sets.push(selection.selectionSet);
        into.set(name, entry);
        continue;
      }
      const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value)! : selection;
      const condition = fragment.typeCondition?.name.value;
      if (condition === undefined || condition === type.name) collect(type, fragment.selectionSet, into);
    }
    return into;
  };

  const walk = (value: unknown, staticType: GraphQLNamedType, sets: SelectionSetNode[], path: string): void => {
    if (Array.isArray(value)) return value.forEach((item, index) => walk(item, staticType, sets, `${path}[${index}]`));
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const type = isAbstractType(staticType) ? schema.getType(String(record.__typename))! : staticType;
    const names = new Map<string, { field: string; sets: SelectionSetNode[] }>();
    for (const set of sets) collect(type, set, names);
    if (Object.keys(record).join() !== [...names.keys()].join()) found.push(`${path}: ${Object.keys(record).join()} (asked ${[...names.keys()].join()})`);
    if (!isObjectType(type)) return;
    for (const [name, { field, sets: inner }] of names) {
      const definition = type.getFields()[field];
      if (definition && inner.length > 0) walk(record[name], getNamedType(definition.type), inner, `${path}.${name}`);
    }
  };
  walk(answer, schema.getQueryType()!, [operation.selectionSet], 'data');
  return found;
}

describe.each([
  ['the response cache on', true],
  ['the response cache off', false],
])('GraphQL answers follow the selection set, %s', (_name, responseCache) => {
  it.each(CASES.map((one) => [one.name, one] as const))('%s: on the first request of a fresh gateway and every later one', async (_case, one) => {
    const { gateway, model } = await demoGateway({ responseCache });
    const schema = buildGraphQLSchema(model);
    const document = parse(one.query);
    for (let request = 1; request <= COMPILE_AFTER_USES + 2; request++) {
      const response = await gateway.fetch(graphqlRequest(one.query, {}, AUTHORIZED));
      const body = JSON.parse(await response.text());
      expect(body.errors, `request ${request}`).toBeUndefined();
      expect(misorderedObjects(schema, document, body.data), `request ${request}`).toEqual([]);
    }
  });
});
