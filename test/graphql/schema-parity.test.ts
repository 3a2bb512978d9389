// Our GraphQL schema against the one Strapi v4.25's GraphQL plugin generates for the same model
// (recorded by introspection of a real Strapi, in test/fixtures/graphql/strapi-schemas/), on the
// conformance fixture, FoodAdvisor and the corporate starter: every Query and Mutation root field,
// its arguments, and every type they reach, in both directions; only documented deviations differ.
import { existsSync, readFileSync } from 'node:fs';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { diffSchemas, type SchemaDiff } from '../support/schema-diff.ts';

const SHARED = '../shared';
const MODELS = [
  { name: 'the conformance fixture', schema: `${SHARED}/conformance/fixture/schema`, strapi: `${SHARED}/conformance/strapi-v4-schema.graphql` },
  { name: 'FoodAdvisor', schema: `${SHARED}/models/foodadvisor`, strapi: 'test/fixtures/graphql/strapi-schemas/foodadvisor.graphql' },
  { name: 'the corporate starter', schema: `${SHARED}/models/corporate-starter`, strapi: 'test/fixtures/graphql/strapi-schemas/corporate-starter.graphql' },
];
const present = existsSync(SHARED);
if (!present) console.warn(`SKIPPED: schema parity needs ${SHARED} beside the project`);

interface Deviation {
  pattern: string;
  decision: string;
}
const { deviations } = JSON.parse(readFileSync('test/fixtures/graphql/schema-deviations.json', 'utf8')) as { deviations: Deviation[] };
const decisions = readFileSync('docs/decisions.md', 'utf8');

/** The differences no deviation explains, and the deviations that explained one. */
function unexplained(diff: SchemaDiff, used: Set<Deviation>): string[] {
  return diff.differences.filter((line) => {
    const deviation = deviations.find((d) => new RegExp(d.pattern).test(line));
    if (deviation) used.add(deviation);
    return !deviation;
  });
}

describe.skipIf(!present)("schema parity with Strapi v4's GraphQL plugin", () => {
  const diffs = new Map<string, SchemaDiff>();
  beforeAll(async () => {
    for (const model of MODELS) {
      const strapi: GraphQLSchema = buildSchema(readFileSync(model.strapi, 'utf8'));
      diffs.set(model.name, diffSchemas(strapi, buildGraphQLSchema(await loadContentModel(model.schema))));
    }
  });

  it.each(MODELS.map((m) => [m.name]))('on %s, differs from Strapi only by documented deviations', (name) => {
    const diff = diffs.get(name)!;
    console.log(`schema parity on ${name}: ${diff.compared} compared, ${diff.differences.length} documented deviations`);
    expect(unexplained(diff, new Set())).toEqual([]);
  });

  it('has every Query and Mutation root field of Strapi on every model', () => {
    const missing = [...diffs.values()].flatMap((d) => d.differences.filter((line) => /^(Query|Mutation)[.:]/.test(line) && line.endsWith('absent from ours')));
    expect(missing).toEqual([]);
  });

  it('allows only deviations that docs/decisions.md explains and some model still shows', () => {
    const used = new Set<Deviation>();
    for (const diff of diffs.values()) unexplained(diff, used);
    expect(deviations.filter((d) => !decisions.includes(d.decision))).toEqual([]);
    expect(deviations.filter((d) => !used.has(d))).toEqual([]);
  });
});
