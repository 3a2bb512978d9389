// What a write changes beyond the store: the collections a read names (the response cache's tags,
// `$lookup` joins included) and the entry estimate's bounds, raised by each write so that no
// estimate undercounts what the data now holds.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { raisedBy, type Cardinality } from '../../src/store/cardinality.ts';
import { measureStore } from '../../src/store/measure-store.ts';
import { changedTags, CollectionReads, idsOf, joinedCollections } from '../../src/store/collection-reads.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Change } from '../../src/store/store.ts';
import { BLOG_MODEL } from '../support/test-gateway.ts';

describe('the collections a read names', () => {
  it.each([
    ['a plain match', [{ $match: { id: 1 } }], []],
    ['a join', [{ $lookup: { from: 'authors', localField: 'author', foreignField: 'id', as: 'a' } }], ['authors']],
    ['a join inside a join\'s pipeline', [{ $lookup: { from: 'tags', as: 't', pipeline: [{ $lookup: { from: 'files', as: 'f' } }] } }], ['tags', 'files']],
    ['a union', [{ $unionWith: 'categories' }, { $unionWith: { coll: 'globals' } }], ['categories', 'globals']],
  ])('%s', (_name, pipeline, expected) => {
    expect([...joinedCollections(pipeline)].sort()).toEqual([...expected].sort());
  });

  it('are recorded for every find, count and aggregate, and only by the recording store', async () => {
    const store = new EmbeddedStore();
    const reads = new CollectionReads();
    const recording = reads.recording(store);
    await recording.find('articles', {});
    await recording.find('authors', { $and: [{ id: { $in: [3, 4] } }, { publishedAt: { $ne: null } }] });
    await recording.count('tags', {});
    await recording.aggregate('categories', [{ $lookup: { from: 'authors', localField: 'author', foreignField: 'id', as: 'a' } }]);
    await store.find('files', {});
    expect([...reads.names].sort()).toEqual(['articles', 'authors', 'authors#3', 'authors#4', 'categories', 'tags']);
  });

  it.each([
    ['one id', { id: 5 }, [5]],
    ['a list of ids', { id: { $in: [1, 2] } }, [1, 2]],
    ['ids inside $and', { $and: [{ locale: 'en' }, { id: 7 }] }, [7]],
    ['anything else', { title: 'x' }, undefined],
    ['an id range', { id: { $gt: 3 } }, undefined],
  ])('narrow a find to entries when it names %s', (_name, filter, expected) => {
    expect(idsOf(filter)).toEqual(expected);
  });

  it('are what a write touches: each collection, and each entry', () => {
    expect(changedTags([{ op: 'put', collection: 'articles', doc: { id: 5 } }, { op: 'delete', collection: 'tags', id: 2 }])).toEqual(['articles', 'articles#5', 'tags', 'tags#2']);
  });
});

describe('the entry estimate\'s bounds after a write', () => {
  let model: ContentModel;
  let measured: Cardinality;
  beforeAll(async () => {
    model = await loadContentModel(BLOG_MODEL);
    const store = new EmbeddedStore();
    await store.write([
      { op: 'put', collection: 'articles', doc: { id: 1, title: 'a', tags: [1, 2], gallery: [1] } },
      { op: 'put', collection: 'tags', doc: { id: 1, name: 'x' } },
    ]);
    measured = await measureStore(model, store);
  });

  const put = (doc: Record<string, unknown>): Change => ({ op: 'put', collection: 'articles', doc: { id: 9, title: 'b', ...doc } });

  it.each<[string, Change[], string, number | undefined, number | undefined]>([
    ['a new entry counts one more', [put({})], 'entries:api::article.article', 1, 2],
    ['a longer list raises its bound', [put({ tags: [1, 2, 3, 4] })], 'api::article.article.tags', 2, 4],
    ['a shorter list leaves it', [put({ tags: [3] })], 'api::article.article.tags', 2, 2],
    ['an owning relation may point once more at one target', [put({ tags: [1] })], 'api::tag.tag.articles', 1, 2],
    ['a deletion leaves every bound', [{ op: 'delete', collection: 'articles', id: 1 }], 'entries:api::article.article', 1, 1],
    ['another type is left', [{ op: 'put', collection: 'tags', doc: { id: 5, name: 'y' } }], 'api::article.article.tags', 2, 2],
  ])('%s', (_name, changes, key, before, after) => {
    const value = (cardinality: Cardinality) =>
      key.startsWith('entries:') ? cardinality.entries.get(key.slice('entries:'.length)) : cardinality.lists.get(key);
    expect(value(measured)).toBe(before);
    expect(value(raisedBy(model, measured, changes))).toBe(after);
  });
});
