// Drafts at every level: hidden in the live state, shown in preview, for to-one relations as for
// lists, in both protocols.
import { beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/app.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { graphqlRequest, restRequest } from '../support/test-gateway.ts';

let gateway: Gateway;
beforeAll(async () => {
  const model = await loadContentModel('test/fixtures/schemas/drafts');
  const seed = await loadSeedFile('test/fixtures/seeds/drafts.json');
  const store = new EmbeddedStore();
  await importSeed(model, seed, store);
  const settings = settingsFromSeed(seed);
  gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings });
});

describe('a to-one relation to a draft', () => {
  it.each([
    ['is empty in the live state (GraphQL)', '{ comments { data { id attributes { post { data { id } } } } } }', [{ data: { id: '1' } }, { data: null }]],
    ['shows the draft in preview (GraphQL)', '{ comments { data { id attributes { post(publicationState: PREVIEW) { data { id } } } } } }', [{ data: { id: '1' } }, { data: { id: '2' } }]],
  ])('%s', async (_name, query, expected) => {
    const body = await (await gateway.fetch(graphqlRequest(query))).json();
    expect(body.data.comments.data.map((c: { attributes: { post: unknown } }) => c.attributes.post)).toEqual(expected);
  });

  it.each([
    ['is empty in the live state (REST)', '/api/comments?populate[0]=post&fields[0]=text', [{ data: { id: 1, attributes: expect.objectContaining({ title: 'Published' }) } }, { data: null }]],
    ['shows the draft with publicationState=preview (REST)', '/api/comments?populate[0]=post&fields[0]=text&publicationState=preview', [{ data: { id: 1, attributes: expect.objectContaining({ title: 'Published' }) } }, { data: { id: 2, attributes: expect.objectContaining({ title: 'Draft', publishedAt: null }) } }]],
  ])('%s', async (_name, path, expected) => {
    const response = await gateway.fetch(restRequest(path));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.map((c: { attributes: { post: unknown } }) => c.attributes.post)).toEqual(expected);
  });
});

describe('a list of drafts and published entries', () => {
  it.each([
    ['live', '/api/posts?fields[0]=title', ['Published']],
    ['preview', '/api/posts?fields[0]=title&publicationState=preview', ['Published', 'Draft']],
  ])('in the %s state lists %j', async (_name, path, titles) => {
    const body = await (await gateway.fetch(restRequest(path))).json();
    expect(body.data.map((p: { attributes: { title: string } }) => p.attributes.title)).toEqual(titles);
  });
});
