// What a write changes beyond the store: the collections a read names (the response cache's tags,
// `$lookup` joins included) and the entry estimate's bounds, raised by each write so that no
// estimate undercounts what the data now holds.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { raisedBy, type Cardinality } from '../../src/store/cardinality.ts';
import { measureStore } from '../../src/store/measure-store.ts';
import { changedBy, CollectionReads, idsOf, joinedCollections, listFields } from '../../src/store/collection-reads.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Change, Doc, Filter } from '../../src/store/store.ts';
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
    expect([...reads.names].sort()).toEqual(['articles?', 'authors', 'authors#3', 'authors#4', 'categories', 'tags?']);
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

  it('of a list are the fields it tests and the entries it answered', async () => {
    const store = new EmbeddedStore();
    await store.write([1, 2, 3].map((id) => ({ op: 'put' as const, collection: 'articles', doc: { id, title: `t${id}`, views: id } })));
    const reads = new CollectionReads();
    await reads.recording(store).find('articles', { $and: [{ views: { $gt: 1 } }, { 'seo.metaTitle': { $ne: null } }] }, { sort: [['title', 1]] });
    await reads.recording(store).find('articles', { views: { $gt: 1 } }, { sort: [['title', 1]] });
    expect([...reads.names].sort()).toEqual(['articles#2', 'articles#3', 'articles?', 'articles?seo', 'articles?title', 'articles?views']);
  });

  it.each([
    ['fields inside $and, $or and $nor, and the sort\'s', { $or: [{ a: 1 }, { $and: [{ 'b.c': 2 }] }], $nor: [{ d: 3 }] }, [['e', -1]], ['a', 'b', 'd', 'e']],
    ['no field', {}, [], []],
    ['another operator: anything', { $expr: { $gt: ['$a', 1] } }, [], undefined],
  ] as const)('a list tests %s', (_name, filter, sort, expected) => {
    const fields = listFields(filter as Filter, sort as unknown as [string, 1 | -1][]);
    expect(fields && [...fields].sort()).toEqual(expected);
  });

  const before = { id: 5, title: 'a', views: 1, seo: { metaTitle: 'x' } };
  const dated = { id: 6, title: 'a', views: 1, at: new Date(1), tags: [1, 2], seo: { metaTitle: 'x' }, blocks: [{ kind: 'q', body: { text: 'y' } }] };
  it.each<[string, Change[], Record<string, unknown> | undefined, string[]]>([
    ['a create: every list of its collection', [{ op: 'put', collection: 'articles', doc: { id: 9, title: 'n' } }], undefined, ['articles', 'articles#9', 'articles?']],
    ['a delete: every list', [{ op: 'delete', collection: 'tags', id: 2 }], undefined, ['tags', 'tags#2', 'tags?']],
    ['an update: the lists testing what changed, watched or not', [{ op: 'put', collection: 'articles', doc: { ...before, title: 'b', seo: { metaTitle: 'y' } } }], before, ['articles', 'articles#5', 'articles?title', 'articles~title', 'articles?seo', 'articles~seo']],
    ['an update that changed nothing: the entry alone', [{ op: 'put', collection: 'articles', doc: { ...before } }], before, ['articles', 'articles#5']],
    ['an update removing a field', [{ op: 'put', collection: 'articles', doc: { id: 5, title: 'a', seo: before.seo } }], before, ['articles', 'articles#5', 'articles?views', 'articles~views']],
    ['an update with equal copies of nested values and dates', [{ op: 'put', collection: 'articles', doc: { ...structuredClone(dated), title: 'b' } }], dated, ['articles', 'articles#6', 'articles?title', 'articles~title']],
    ['an update changing a date, an item of a list, a nested key', [{ op: 'put', collection: 'articles', doc: { ...dated, at: new Date(2), tags: [1, 3], blocks: [{ kind: 'q', body: { text: 'z' } }] } }], dated, ['articles', 'articles#6', 'articles?at', 'articles~at', 'articles?tags', 'articles~tags', 'articles?blocks', 'articles~blocks']],
    ['an update making a list longer, an object a list, a number a string', [{ op: 'put', collection: 'articles', doc: { ...dated, tags: [1, 2, 3], seo: [], views: '1' } }], dated, ['articles', 'articles#6', 'articles?tags', 'articles~tags', 'articles?seo', 'articles~seo', 'articles?views', 'articles~views']],
    ['an update to 0 from -0, and to a key more inside an object', [{ op: 'put', collection: 'articles', doc: { ...dated, views: 0, seo: { metaTitle: 'x', extra: undefined } } }], { ...dated, views: -0 }, ['articles', 'articles#6', 'articles?views', 'articles~views', 'articles?seo', 'articles~seo']],
  ])('a write changes %s', (_name, changes, was, expected) => {
    const beforeOf = (collection: string, id: number) => (was && collection === 'articles' && id === was.id ? (was as Doc) : undefined);
    expect([...changedBy(changes, beforeOf).tags].sort()).toEqual([...expected].sort());
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
