// An import stores the entry estimate's measurement of what it wrote, measured batch by batch:
// the same as measuring the store after it; merged with what a store held; none where what the
// store held is unknown, or where the import stopped midway.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import type { Seed } from '../../src/seed/parse-seed.ts';
import { inverseListKeys } from '../../src/store/cardinality.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { measureStore } from '../../src/store/measure-store.ts';
import { listsOf, MEASUREMENTS } from '../../src/store/measurement-doc.ts';
import type { Doc, Store } from '../../src/store/store.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';

let model: ContentModel;
let seed: Seed;
beforeAll(async () => {
  model = await loadContentModel(BLOG_MODEL);
  seed = await loadSeedFile(BLOG_SEED);
});

const stored = async (store: Store) => listsOf(model, (await store.find(MEASUREMENTS, { id: 1 }))[0]);

describe('the measurement an import stores', () => {
  it('is what measuring the store after it finds, though measured a batch of 2 at a time', async () => {
    const store = new EmbeddedStore();
    await importSeed(model, seed, store, { batchSize: 2 });
    const lists = await stored(store);
    expect(lists?.get('api::author.author.articles')).toBeGreaterThan(0);
    expect(lists).toEqual((await measureStore(model, store)).lists);
  });

  it('is merged with what a store held: list sizes the larger, inverse counts the sum', async () => {
    const store = new EmbeddedStore();
    await importSeed(model, seed, store);
    const once = (await stored(store))!;
    await importSeed(model, seed, store);
    const inverse = inverseListKeys(model);
    const twice = (await stored(store))!;
    expect([...twice].filter(([key]) => !inverse.has(key))).toEqual([...once].filter(([key]) => !inverse.has(key)));
    expect([...twice].filter(([key]) => inverse.has(key))).toEqual([...once].filter(([key]) => inverse.has(key)).map(([key, most]) => [key, 2 * most]));
  });

  it('is the import\'s alone when it drops what the store held', async () => {
    const store = new EmbeddedStore();
    await importSeed(model, seed, store);
    await importSeed(model, seed, store, { drop: true });
    expect(await stored(store)).toEqual((await measureStore(model, store)).lists);
  });

  it('is none where the store held data it had no measurement of: the next start measures it', async () => {
    const store = new EmbeddedStore();
    await store.upsertMany('articles', [{ id: 900, title: 'from before', tags: [1, 2, 3, 4, 5, 6, 7, 8, 9] }]);
    await importSeed(model, seed, store);
    expect(await store.find(MEASUREMENTS, {})).toEqual([]);
  });

  it('is none where the import stopped midway, though the store held one before', async () => {
    const store = new EmbeddedStore();
    await importSeed(model, seed, store);
    expect(await stored(store)).toBeDefined();
    const failing = Object.assign(Object.create(store) as EmbeddedStore, {
      upsertMany: async (collection: string, docs: readonly Doc[]) => {
        if (collection === 'articles') throw new Error('the disk is gone');
        return store.upsertMany(collection, docs);
      },
    });
    await expect(importSeed(model, seed, failing)).rejects.toThrow('the disk is gone');
    expect(await store.find(MEASUREMENTS, {})).toEqual([]);
  });
});
