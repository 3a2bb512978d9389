// The publication state of relations below a root field, replayed from a real Strapi v4.25
// (test/fixtures/graphql/strapi-preview-inheritance.json): each GraphQL and REST read answers what
// Strapi answered, or, where a row of docs/decisions.md deviates, the answer recorded for it. Each
// GraphQL document runs until it is compiled (graphql-jit), and answers the same every time.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_AFTER_USES } from '../../src/graphql/compile.ts';
import { graphqlRequest, modelGateway, type TestGateway } from '../support/test-gateway.ts';
import { ask, normalise, type Answer, type Case } from '../support/strapi-answers.ts';

interface Recorded extends Case {
  strapi: Answer;
  ours?: Answer;
  deviation?: string;
}

const { cases } = JSON.parse(readFileSync('test/fixtures/graphql/strapi-preview-inheritance.json', 'utf8')) as { cases: Recorded[] };
const decisions = readFileSync('docs/decisions.md', 'utf8');
const expected = (c: Recorded): Answer => {
  const answer = c.ours ?? c.strapi;
  return { ...answer, body: normalise(answer.body) };
};

describe('the publication state of relations below a root field, as Strapi v4.25 answers it', () => {
  let subject: TestGateway;
  beforeAll(async () => {
    subject = await modelGateway('test/fixtures/schemas/preview-inheritance', 'test/fixtures/seeds/preview-inheritance.json');
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const uses = c.graphql ? COMPILE_AFTER_USES + 1 : 1;
    const answers: Answer[] = [];
    for (let use = 0; use < uses; use++) answers.push(await ask(subject.gateway, c));
    for (const answer of answers) expect(answer).toEqual(expected(c));
  });

  it.each(cases.filter((c) => c.deviation).map((c) => [c.name, c.deviation!] as const))('%s: deviates only by a documented decision', (_name, deviation) => {
    expect(decisions).toContain(deviation);
  });

  // Documents Strapi's schema cannot express (publicationState on a to-one is ours), or that mix
  // states in one document: the ids of Soup's (dish 1) restaurant and twin, drafts both, per root field.
  const SOUP = 'filters: { id: { eq: 1 } }';
  const OWN_CASES: ReadonlyArray<readonly [string, string, Record<string, unknown>]> = [
    ['a to-one given PREVIEW under a live root shows its draft', `{ dishes(${SOUP}) { data { attributes { restaurant(publicationState: PREVIEW) { data { id } } twin { data { id } } } } } }`,
      { dishes: [{ restaurant: '2', twin: null }] }],
    ['a to-one given LIVE under a preview root hides its draft', `{ dishes(${SOUP}, publicationState: PREVIEW) { data { attributes { restaurant(publicationState: LIVE) { data { id } } twin { data { id } } } } } }`,
      { dishes: [{ restaurant: null, twin: '2' }] }],
    ['two root fields of one document keep their own states', `{ p: dishes(${SOUP}, publicationState: PREVIEW) { ...Soup } l: dishes(${SOUP}) { ...Soup } }
      fragment Soup on DishEntityResponseCollection { data { attributes { restaurant { data { id } } twin { data { id } } } } }`,
      { p: [{ restaurant: '2', twin: '2' }], l: [{ restaurant: null, twin: null }] }],
    ['a to-one given its state by a variable follows it', `query($s: PublicationState) { dishes(${SOUP}) { data { attributes { restaurant(publicationState: $s) { data { id } } twin { data { id } } } } } }`,
      { dishes: [{ restaurant: null, twin: null }] }],
  ];

  it.each(OWN_CASES)('%s', async (_name, query, ids) => {
    for (let use = 0; use <= COMPILE_AFTER_USES; use++) {
      const body = await (await subject.gateway.fetch(graphqlRequest(query))).json();
      const data = (body as { data: Record<string, { data: Array<{ attributes: Record<string, { data: { id: string } | null }> }> }> }).data;
      const shown = Object.fromEntries(Object.entries(data).map(([key, list]) => [key, list.data.map(({ attributes }) =>
        Object.fromEntries(Object.entries(attributes).map(([name, related]) => [name, related.data?.id ?? null])))]));
      expect(shown).toEqual(ids);
    }
  });

  it('lets a to-one relation field take publicationState, with no default, where Strapi has none', async () => {
    const response = await subject.gateway.fetch(graphqlRequest('{ __type(name: "Dish") { fields { name args { name defaultValue } } } }'));
    const { data } = (await response.json()) as { data: { __type: { fields: Array<{ name: string; args: Array<{ name: string; defaultValue: string | null }> }> } } };
    const twin = data.__type.fields.find((f) => f.name === 'twin')!;
    expect(twin.args).toEqual([{ name: 'filters', defaultValue: null }, { name: 'publicationState', defaultValue: null }]);
  });
});
