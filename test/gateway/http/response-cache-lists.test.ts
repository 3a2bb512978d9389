// The response cache drops exactly what a write changed, and never serves an answer a write made
// stale: random writes through the API (updates of any field, relations, publication, creates,
// deletes) between reads of lists, entries and counts over REST and GraphQL, each read answered by
// the cached gateway as a gateway without a cache over the same store answers it. And an update
// keeps the kept lists that neither hold the entry nor test a field it changed, and the watched
// pages and counts it left alone (the entry on the same side of the page, matching as it did).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../../gateway/app.ts';
import { buildGraphQLSchema } from '../../../src/graphql/build-schema.ts';
import { TEST_LIMITS } from '../../support/test-gateway.ts';
import { writableGateway, writableSettings } from '../../support/writable.ts';
import { CountingStore } from '../../support/counting-store.ts';
import { EmbeddedStore } from '../../../src/store/embedded-store.ts';

const graphql = (query: string) => `POST /graphql ${JSON.stringify({ query })}`;

const READS = [
  '/api/articles?sort=title&pagination[pageSize]=3&fields[0]=title',
  '/api/articles?sort=title&pagination[page]=2&pagination[pageSize]=3&fields[0]=title',
  '/api/articles?filters[views][$gt]=20&sort=views:desc&fields[0]=views&fields[1]=title',
  '/api/articles?sort=id&pagination[page]=2&pagination[pageSize]=2&fields[0]=slug',
  // Watched pages: sorted on fields the writes change, past the first page, past the last match.
  '/api/articles?sort[0]=views:desc&pagination[page]=2&pagination[pageSize]=2&fields[0]=views',
  '/api/articles?filters[views][$gte]=10&sort=publishDate&pagination[page]=2&pagination[pageSize]=1&fields[0]=title',
  '/api/articles?sort[0]=featured&sort[1]=title:desc&pagination[page]=2&pagination[pageSize]=2&fields[0]=title&publicationState=preview',
  '/api/articles?sort=views&pagination[page]=9&pagination[pageSize]=2&fields[0]=views',
  graphql('{ articles(sort: "title:desc", filters: { views: { lt: 100 } }, pagination: { page: 2, pageSize: 2 }) { data { id attributes { title } } meta { pagination { total } } } }'),
  '/api/articles?filters[title][$containsi]=o&publicationState=preview&fields[0]=title',
  '/api/articles?publicationState=preview&sort=publishDate:desc&fields[0]=publishDate&populate[tags][fields][0]=name',
  '/api/articles?fields[0]=summary&pagination[pageSize]=2',
  '/api/articles?filters[tags][name][$eq]=alpha&fields[0]=title',
  '/api/articles?filters[author][id][$eq]=1&fields[0]=title',
  '/api/tags/1?populate[articles][fields][0]=title',
  '/api/tags?populate[articles][sort][0]=views:desc&populate[articles][fields][0]=views',
  '/api/authors?populate[articles][fields][0]=title&populate[articles][filters][views][$lt]=100',
  '/api/articles/1?populate=*',
  '/api/articles/2?fields[0]=title&fields[1]=views',
  graphql('{ articles(sort: "title", pagination: { pageSize: 2 }) { data { id attributes { title } } meta { pagination { total } } } }'),
  graphql('{ articles(filters: { views: { gte: 10 } }) { meta { pagination { total } } } }'),
  graphql('{ tags { data { id attributes { name articles(sort: "views:desc") { data { id } } } } } }'),
  // Inverse relations (read per parent by an aggregation) showing fields they do not test.
  '/api/tags?populate[articles][fields][0]=title&populate[articles][fields][1]=summary',
  graphql('{ authors { data { id attributes { articles { data { id attributes { title summary views } } } } } } }'),
];

const word = fc.constantFrom('alpha', 'omega', 'Zulu', 'apple', 'orbit', 'Hello World', 'mid');
const fields = fc.record({
  title: word, summary: word, views: fc.integer({ min: 0, max: 300 }), featured: fc.boolean(),
  publishDate: fc.constantFrom('2023-01-01', '2024-06-30', '2025-02-02'),
  publishedAt: fc.constantFrom(null, '2024-05-05T10:00:00.000Z'),
  tags: fc.subarray([1, 2, 3]), author: fc.constantFrom(1, 2, null),
}, { requiredKeys: [] });
const write = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constant('PUT /api/articles/'), fc.constantFrom(1, 2, 3, 4, 5, 6), fields) },
  { weight: 2, arbitrary: fc.tuple(fc.constant('POST /api/articles'), fc.constant(0), fields.map((data) => ({ title: 'new', ...data }))) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('DELETE /api/articles/'), fc.constantFrom(1, 2, 3, 4, 5, 6), fc.constant({})) },
  { weight: 1, arbitrary: fc.tuple(fc.constant('PUT /api/tags/'), fc.constantFrom(1, 2, 3), word.map((name) => ({ name }))) },
);

function request(read: string): Request {
  if (!read.startsWith('POST /graphql ')) return new Request(`http://gateway.test${read}`, { headers: { accept: 'application/json' } });
  return new Request('http://gateway.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: read.slice('POST /graphql '.length) });
}

async function answer(gateway: Gateway, read: string): Promise<unknown> {
  const response = await gateway.fetch(request(read));
  return { status: response.status, body: await response.json() };
}

async function gateways() {
  const store = new CountingStore(new EmbeddedStore());
  const cached = await writableGateway({ store, extra: { responseCache: true } });
  const settings = await writableSettings();
  const fresh = createGateway({ model: cached.model, schema: buildGraphQLSchema(cached.model), store, settings: () => settings, limits: TEST_LIMITS });
  return { store, cached: cached.gateway, fresh };
}

describe('the response cache after writes through the API', () => {
  it('answers every read as a gateway without a cache does, whatever the writes between', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
        const { cached, fresh } = await gateways();
        for (const read of READS) await answer(cached, read);
        for (const [path, id, data] of writes) {
          const [method, url] = path.split(' ');
          await cached.fetch(new Request(`http://gateway.test${url}${id || ''}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'DELETE' ? undefined : JSON.stringify({ data }) }));
          for (const read of READS) expect(await answer(cached, read), `${read} after ${path}${id || ''} ${JSON.stringify(data)}`).toEqual(await answer(fresh, read));
        }
      }),
      { numRuns: 40, seed: 20261128 },
    );
  }, 300_000);

  it.each([
    ['a list that neither holds the entry nor tests the field', '/api/articles?sort=id&pagination[pageSize]=2&fields[0]=title', { summary: 'changed' }, 6, true],
    ['a list that holds the entry', '/api/articles?sort=id&pagination[pageSize]=10&fields[0]=title', { summary: 'changed' }, 6, false],
    ['a list sorted by the field, holding the entry', '/api/articles?sort=views&pagination[pageSize]=2&fields[0]=title', { views: 1000 }, 6, false],
    // Live English articles by views: 6 (0), 4 (7), 1 (10), 3 (42), 2 (250).
    ['a list sorted by the field, the entry after its page before and after', '/api/articles?sort=views&pagination[pageSize]=2&fields[0]=title', { views: 300 }, 3, true],
    ['a list sorted by the field, the entry moving into its page', '/api/articles?sort=views&pagination[pageSize]=2&fields[0]=title', { views: 1 }, 3, false],
    ['a list sorted by the field, the entry moving across its page', '/api/articles?sort=views&pagination[page]=2&pagination[pageSize]=2&fields[0]=title', { views: -1 }, 2, false],
    ['a page past the last match', '/api/articles?sort=views&pagination[page]=9&pagination[pageSize]=2&fields[0]=title', { views: 5 }, 3, true],
    ['a list filtered by the field, the entry matching neither time', '/api/articles?filters[views][$gt]=100&fields[0]=title', { views: 50 }, 3, true],
    ['a list filtered by the field, the entry starting to match', '/api/articles?filters[views][$gt]=100&fields[0]=title', { views: 1000 }, 6, false],
    // The count's list reads a page too (of one entry here: article 1).
    ['a count whose filter tests the field, the entry matching before and after', graphql('{ articles(filters: { views: { gte: 10 } }, pagination: { pageSize: 1 }) { meta { pagination { total } } } }'), { views: 300 }, 2, true],
    ['a count whose filter tests the field, the entry leaving it', graphql('{ articles(filters: { views: { gte: 10 } }, pagination: { pageSize: 1 }) { meta { pagination { total } } } }'), { views: 5 }, 2, false],
    ['an inverse relation holding the entry, showing a field it does not test', '/api/tags?populate[articles][fields][0]=title&populate[articles][fields][1]=summary', { summary: 'changed' }, 1, false],
    ['an inverse relation not holding the entry', '/api/tags?populate[articles][fields][0]=title&populate[articles][fields][1]=summary', { summary: 'changed' }, 6, true],
    ['a count whose filter does not test the field', graphql('{ articles(filters: { views: { gte: 10 } }) { meta { pagination { total } } } }'), { summary: 'changed' }, 6, true],
  ] as const)('after an update, keeps %s: %s', async (_name, read, data, id, kept) => {
    const { store, cached } = await gateways();
    await answer(cached, read);
    await cached.fetch(new Request(`http://gateway.test/api/articles/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) }));
    const before = store.calls.length;
    await answer(cached, read);
    expect(store.calls.length === before).toBe(kept);
  });
});
