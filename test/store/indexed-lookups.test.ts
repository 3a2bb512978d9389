// Every batch the loaders send to MongoDB (`<field>: { $in: [...] }`: entries by id, the other
// side of a relation by its owning field, media by id) names a field the collection has an
// index on, at every level of populate, both protocols: checked on what the driver sent to the
// wire test server's store, against the indexes the gateway created there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/app.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import type { Doc, Filter, FindOptions, Store } from '../../src/store/store.ts';
import { ensureModelIndexes } from '../../src/store/indexes.ts';
import { mongoOverWire } from '../support/store-backends.ts';
import { BLOG_MODEL, BLOG_SEED, graphqlRequest, restRequest } from '../support/test-gateway.ts';

/** Each `$in` lookup's collection and field, found at the top of a filter or under its `$and`s. */
function lookups(collection: string, filter: Filter, out: Array<[string, string]>): void {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) for (const part of condition) lookups(collection, part as Filter, out);
    else if (!key.startsWith('$') && condition && typeof condition === 'object' && '$in' in condition) out.push([collection, key]);
  }
}

let gateway: Gateway;
let store: Store;
let close: () => Promise<void>;
const sent: Array<[string, string]> = [];

beforeAll(async () => {
  const model = await loadContentModel(BLOG_MODEL);
  const seed = await loadSeedFile(BLOG_SEED);
  const opened = await mongoOverWire.open();
  store = opened.store;
  close = opened.close;
  await ensureModelIndexes(model, store);
  await importSeed(model, seed, store, { drop: true });
  const settings = settingsFromSeed(seed);
  // Records what reaches the MongoDB store, as the driver then sends it.
  const recording: Store = Object.assign(Object.create(store) as Store, {
    find: (collection: string, filter: Filter, options?: FindOptions): Promise<Doc[]> => {
      lookups(collection, filter, sent);
      return store.find(collection, filter, options);
    },
    aggregate: (collection: string, pipeline: readonly Filter[]): Promise<Doc[]> => {
      const match = pipeline[0]?.$match as Filter | undefined;
      if (match) lookups(collection, match, sent);
      return store.aggregate(collection, pipeline);
    },
  });
  gateway = createGateway({ model, schema: buildGraphQLSchema(model), store: recording, settings: () => settings, projectReads: true });
});
afterAll(() => close?.());

describe('the loaders\' batches on MongoDB', () => {
  it.each([
    ['REST, every relation, media and component populated', restRequest('/api/articles?populate[author][populate][avatar]=true&populate[category][populate][parent]=true&populate[tags]=true&populate[related][populate][cover]=true&populate[cover]=true&populate[gallery]=true&populate[seo][populate]=*&populate[blocks][populate]=*'), 'articles.id'],
    ['REST, the other side of relations', restRequest('/api/authors?populate[articles][populate][category]=true&populate[avatar]=true'), 'articles.author'],
    ['GraphQL, both sides at three levels', graphqlRequest('{ categories { data { attributes { articles { data { attributes { author { data { attributes { articles { data { id } } } } } tags { data { id } } } } } } } } }'), 'articles.category'],
  ])('%s: every `$in` names an indexed field', async (_name, request, among) => {
    sent.length = 0;
    const response = await gateway.fetch(request);
    expect(response.status).toBe(200);
    await response.text();
    expect(sent.map(([collection, field]) => `${collection}.${field}`)).toContain(among);
    for (const [collection, field] of sent) {
      expect(await store.listIndexes(collection), `${collection}.${field}`).toContain(`${field}_1`);
    }
  });
});
