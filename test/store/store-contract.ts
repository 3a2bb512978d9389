// The Store contract: what every Store implementation must answer, as table-driven tests.
// A store's test file calls describeStoreContract with a factory for a fresh, empty store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc, Filter, FindOptions, IndexSpec, Store } from '../../src/store/store.ts';

export interface StoreUnderTest {
  store: Store;
  cleanup: () => Promise<void>;
}

// The shared, read-only data set the query rows run against. Articles 2 (`publishedAt: null`)
// and 5 (no `publishedAt`) tell "null and missing sort alike" apart from "missing sorts first";
// article 4's `big` (5n) sorts first by value but after 2147483648000n by its digits.
const AUTHORS: Doc[] = [
  { id: 1, name: 'Ann', country: 'NO' },
  { id: 2, name: 'Bob', country: 'SE' },
  { id: 3, name: 'Cid' },
];

const ARTICLES: Doc[] = [
  {
    id: 1, title: 'Alpha', views: 10, rating: 4.5, featured: true, locale: 'en',
    publishedAt: new Date('2024-01-01T00:00:00.000Z'), big: 2147483648000n, author: 1, tags: [1, 2],
    seo: { metaTitle: 'Alpha meta', robots: { index: true } },
    blocks: [{ __component: 'shared.quote', id: 1, body: 'x' }, { __component: 'shared.media', id: 2, file: 7 }],
    meta: '{"$set":{"a.b":1}}',
  },
  {
    id: 2, title: 'beta', views: 5, rating: 3, featured: false, locale: 'en',
    publishedAt: null, big: 9007199254740993n, author: 2, tags: [2], seo: { metaTitle: 'Beta meta' }, blocks: [],
  },
  {
    id: 3, title: 'Gamma', views: 20, rating: 5, featured: true, locale: 'fr',
    publishedAt: new Date('2024-03-01T00:00:00.000Z'), big: 9007199254740992n, author: 1, tags: [], seo: null,
    blocks: [{ __component: 'shared.quote', id: 3, body: 'y' }],
  },
  { id: 4, title: 'delta', views: 5, locale: 'fr', publishedAt: new Date('2023-12-31T00:00:00.000Z'), big: 5n, author: null, tags: [3] },
  { id: 5, title: 'Epsilon', views: 15, rating: 2.25, featured: false, locale: 'en', author: 3, tags: [1, 3] },
];

const FILTER_ROWS: Array<[string, Filter, number[]]> = [
  ['equality on a string', { title: 'Alpha' }, [1]],
  ['equality on a string is case-sensitive', { title: 'alpha' }, []],
  ['$in on numbers', { views: { $in: [5, 20] } }, [2, 3, 4]],
  ['$ne, which also matches documents without the field', { featured: { $ne: true } }, [2, 4, 5]],
  ['$gt on integers', { views: { $gt: 10 } }, [3, 5]],
  ['$gte with $lt on doubles', { rating: { $gte: 3, $lt: 4.5 } }, [2]],
  ['$lt on dates', { publishedAt: { $lt: new Date('2024-01-01T00:00:00.000Z') } }, [4]],
  ['$gte on dates', { publishedAt: { $gte: new Date('2024-01-01T00:00:00.000Z') } }, [1, 3]],
  ['$gt on bigints past 2^53, telling neighbours apart', { big: { $gt: 9007199254740992n } }, [2]],
  ['$lt on bigints, by value and not by digits', { big: { $lt: 2147483648000n } }, [4]],
  ['$gte with $lte on bigints', { big: { $gte: 2147483648000n, $lte: 9007199254740992n } }, [1, 3]],
  ['equality on a bigint past 2^53', { big: 9007199254740993n }, [2]],
  ['$in on bigints', { big: { $in: [5n, 9007199254740993n] } }, [2, 4]],
  ['$regex with the i option', { title: { $regex: '^[a-d]', $options: 'i' } }, [1, 2, 4]],
  ['$exists: false', { rating: { $exists: false } }, [4]],
  ['$exists: true', { publishedAt: { $exists: true } }, [1, 2, 3, 4]],
  ['null, which matches null and missing', { publishedAt: null }, [2, 5]],
  ['$ne: null, which excludes null and missing', { publishedAt: { $ne: null } }, [1, 3, 4]],
  ['$and', { $and: [{ locale: 'en' }, { views: { $gte: 10 } }] }, [1, 5]],
  ['$or', { $or: [{ title: 'Alpha' }, { views: 20 }] }, [1, 3]],
  ['$nor', { $nor: [{ locale: 'en' }, { views: 5 }] }, [3]],
  ['a dotted path into an embedded object', { 'seo.metaTitle': 'Beta meta' }, [2]],
  ['a dotted path two levels deep', { 'seo.robots.index': true }, [1]],
  ['a dotted path into an array of embedded objects', { 'blocks.__component': 'shared.media' }, [1]],
  ['$elemMatch on an array of embedded objects', { blocks: { $elemMatch: { __component: 'shared.quote', body: 'y' } } }, [3]],
  ['an id array containing an id', { tags: 3 }, [4, 5]],
  ['an id array containing any of several ids', { tags: { $in: [2, 3] } }, [1, 2, 4, 5]],
  ['a to-one relation that is null', { author: null }, [4]],
  ['JSON text compared as text', { meta: '{"$set":{"a.b":1}}' }, [1]],
];

const SORT_ROWS: Array<[string, FindOptions['sort'], number[]]> = [
  ['ascending on a number, ties broken by the next key', [['views', 1], ['id', 1]], [2, 4, 1, 5, 3]],
  ['descending on a number, ties ascending by the next key', [['views', -1], ['id', 1]], [3, 5, 1, 2, 4]],
  ['descending on both keys', [['views', -1], ['id', -1]], [3, 5, 1, 4, 2]],
  ['strings by code point, capitals first', [['title', 1]], [1, 5, 3, 2, 4]],
  ['null and missing first ascending, as one group', [['publishedAt', 1], ['id', 1]], [2, 5, 4, 1, 3]],
  ['null and missing last descending', [['publishedAt', -1], ['id', 1]], [3, 1, 4, 2, 5]],
  ['bigints by value, not by their digits', [['big', 1]], [5, 4, 1, 3, 2]],
  ['a dotted path, missing parents sorting as null', [['seo.metaTitle', 1], ['id', 1]], [3, 4, 5, 1, 2]],
];

const PAGE_ROWS: Array<[string, FindOptions, number[]]> = [
  ['skip then limit', { sort: [['id', 1]], skip: 1, limit: 2 }, [2, 3]],
  ['a limit larger than the result', { sort: [['id', 1]], limit: 50 }, [1, 2, 3, 4, 5]],
  ['a skip past the end', { sort: [['id', 1]], skip: 10 }, []],
];

const ROUND_TRIP_ROWS: Array<[string, unknown]> = [
  ['an integer', 42],
  ['a negative integer', -7],
  ['an integer past 32 bits', 2147483648],
  ['a bigint past 32 bits', 2147483648000n],
  ['a bigint past 2^53', 9007199254740993n],
  ['a negative bigint past 2^53', -9007199254740993n],
  ['a zero bigint', 0n],
  ['a double', 3.14159],
  ['a double with no exact decimal form', 0.1 + 0.2],
  ['true', true],
  ['false', false],
  ['a Date with milliseconds', new Date('2024-02-29T12:34:56.789Z')],
  ['a string with non-ASCII characters', 'Zoë 🎉 ñ'],
  ['an empty string', ''],
  ['null', null],
  ['a nested object', { a: { b: [1, { c: 'd' }] } }],
  ['an id array, in its order', [3, 1, 2]],
  ['JSON text with $ and . in its keys', '{"$set":{"a.b":1},"x.y":[1,2]}'],
  ['a dynamic zone', [{ __component: 'shared.quote', id: 1, body: 'x' }, { __component: 'shared.media', id: 2, file: null }]],
];

const ids = (docs: Doc[]) => docs.map((doc) => doc.id);

/** Registers the contract's tests for one Store implementation. */
export function describeStoreContract(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`${name} (Store contract)`, () => {
    let store: Store;
    let cleanup: () => Promise<void> = async () => {};

    beforeAll(async () => {
      ({ store, cleanup } = await makeStore());
      await store.upsertMany('authors', AUTHORS);
      await store.upsertMany('articles', ARTICLES);
    });
    afterAll(async () => cleanup());

    describe('find', () => {
      it.each(FILTER_ROWS)('filters with %s', async (_name, filter, expected) => {
        expect(ids(await store.find('articles', filter, { sort: [['id', 1]] }))).toEqual(expected);
      });

      it.each(SORT_ROWS)('sorts %s', async (_name, sort, expected) => {
        expect(ids(await store.find('articles', {}, { sort }))).toEqual(expected);
      });

      it.each(PAGE_ROWS)('pages with %s', async (_name, options, expected) => {
        expect(ids(await store.find('articles', {}, options))).toEqual(expected);
      });

      // A projection is a floor: MongoDB sends exactly the fields, the embedded store may hand out
      // more (FindOptions.projection); every field handed out is the document's own.
      it('returns the projected fields and id, each as the document holds it', async () => {
        const docs = await store.find('articles', { id: { $in: [1, 4] } }, { sort: [['id', 1]], projection: { title: 1 } });
        const whole = await store.find('articles', { id: { $in: [1, 4] } }, { sort: [['id', 1]] });
        expect(docs.map(({ id, title }) => ({ id, title }))).toStrictEqual([{ id: 1, title: 'Alpha' }, { id: 4, title: 'delta' }]);
        docs.forEach((doc, i) => expect(whole[i]).toMatchObject(doc));
      });

      it('projects a dotted path with at least the embedded object\'s field', async () => {
        const [doc] = await store.find('articles', { id: 1 }, { projection: { 'seo.metaTitle': 1 } });
        const [whole] = await store.find('articles', { id: 1 });
        expect([doc.id, (doc.seo as { metaTitle?: string }).metaTitle]).toEqual([1, 'Alpha meta']);
        expect(whole).toMatchObject(doc);
      });

      it('returns whole documents without a MongoDB _id', async () => {
        const [doc] = await store.find('authors', { id: 2 });
        expect(doc).toStrictEqual({ id: 2, name: 'Bob', country: 'SE' });
      });

      it('finds nothing in a collection that does not exist', async () => {
        expect(await store.find('no_such_collection', {})).toEqual([]);
      });

      it('returns every matching document when there are more than one batch holds', async () => {
        const many = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, n: i % 7 }));
        await store.upsertMany('contract_many', many);
        expect(ids(await store.find('contract_many', {}, { sort: [['id', 1]] }))).toEqual(ids(many));
        expect(ids(await store.find('contract_many', { n: 0 }, { sort: [['id', -1]], limit: 20 }))).toEqual(
          ids(many.filter((doc) => doc.n === 0).reverse().slice(0, 20)),
        );
      });
    });

    describe('deleteByIds', () => {
      it('removes the documents with those ids, and says how many there were', async () => {
        await store.upsertMany('contract_delete', [{ id: 1, n: 1 }, { id: 2, n: 2 }, { id: 3, n: 3 }]);
        expect(await store.deleteByIds('contract_delete', [1, 3, 9])).toBe(2);
        expect(await store.find('contract_delete', {})).toStrictEqual([{ id: 2, n: 2 }]);
        expect(await store.deleteByIds('contract_delete', [])).toBe(0);
      });
    });

    describe('count', () => {
      it.each<[string, Filter, number]>([
        ['everything', {}, 5],
        ['an equality', { locale: 'fr' }, 2],
        ['a dotted path into an array', { 'blocks.__component': 'shared.quote' }, 2],
        ['a bigint range', { big: { $gt: 100n } }, 3],
        ['nothing', { title: 'none' }, 0],
      ])('counts %s', async (_name, filter, expected) => {
        expect(await store.count('articles', filter)).toBe(expected);
      });

      it('counts zero in a collection that does not exist', async () => {
        expect(await store.count('no_such_collection', {})).toBe(0);
      });
    });

    describe('aggregate', () => {
      it('sorts by a related document through $lookup, $addFields and $arrayElemAt', async () => {
        const docs = await store.aggregate('articles', [
          { $match: { locale: 'en' } },
          { $lookup: { from: 'authors', localField: 'author', foreignField: 'id', as: '_author' } },
          { $addFields: { _sortKey: { $arrayElemAt: ['$_author.name', 0] } } },
          { $sort: { _sortKey: -1, id: 1 } },
          { $project: { id: 1, title: 1, _sortKey: 1 } },
        ]);
        expect(docs).toStrictEqual([
          { id: 5, title: 'Epsilon', _sortKey: 'Cid' },
          { id: 2, title: 'beta', _sortKey: 'Bob' },
          { id: 1, title: 'Alpha', _sortKey: 'Ann' },
        ]);
      });

      it('returns joined documents without a MongoDB _id', async () => {
        const docs = await store.aggregate('articles', [
          { $match: { id: 2 } },
          { $lookup: { from: 'authors', localField: 'author', foreignField: 'id', as: '_author' } },
          { $project: { id: 1, _author: 1 } },
        ]);
        expect(docs).toStrictEqual([{ id: 2, _author: [{ id: 2, name: 'Bob', country: 'SE' }] }]);
      });

      it('unwinds, skips and limits', async () => {
        const docs = await store.aggregate('articles', [
          { $unwind: '$tags' },
          { $sort: { tags: 1, id: 1 } },
          { $skip: 1 },
          { $limit: 3 },
          { $project: { id: 1, tags: 1 } },
        ]);
        expect(docs).toStrictEqual([{ id: 5, tags: 1 }, { id: 1, tags: 2 }, { id: 2, tags: 2 }]);
      });

      it('unwinds with each item\'s index (null for a value that is no list) and reads another list at it', async () => {
        const docs = await store.aggregate('articles', [
          { $match: { id: { $in: [1, 2, 4] } } },
          { $addFields: { _all: '$tags', _one: '$author' } },
          { $unwind: { path: '$tags', includeArrayIndex: '_at' } },
          { $addFields: { _again: { $arrayElemAt: ['$_all', '$_at'] } } },
          { $unwind: { path: '$_one', includeArrayIndex: '_none' } },
          { $sort: { id: 1, _at: 1 } },
          { $project: { id: 1, tags: 1, _at: 1, _again: 1, _none: 1 } },
        ]);
        expect(docs).toStrictEqual([
          { id: 1, tags: 1, _at: 0, _again: 1, _none: null },
          { id: 1, tags: 2, _at: 1, _again: 2, _none: null },
          { id: 2, tags: 2, _at: 0, _again: 2, _none: null },
        ]);
      });
    });

    describe('upsertMany', () => {
      it('says how many documents it wrote', async () => {
        expect(await store.upsertMany('contract_upsert_count', [{ id: 1 }, { id: 2 }, { id: 3 }])).toBe(3);
        expect(await store.upsertMany('contract_upsert_count', [])).toBe(0);
      });

      it('replaces a document written twice under the same id, keeping one', async () => {
        await store.upsertMany('contract_upsert_replace', [{ id: 1, a: 1, b: 2 }]);
        await store.upsertMany('contract_upsert_replace', [{ id: 1, a: 3 }]);
        expect(await store.find('contract_upsert_replace', {})).toStrictEqual([{ id: 1, a: 3 }]);
      });

      it('keeps the last of two documents with the same id in one call', async () => {
        await store.upsertMany('contract_upsert_same_call', [{ id: 7, v: 'first' }, { id: 7, v: 'second' }]);
        expect(await store.find('contract_upsert_same_call', {})).toStrictEqual([{ id: 7, v: 'second' }]);
      });

      it('leaves the same documents when the same batch is written again', async () => {
        const batch = [{ id: 1, t: 'a' }, { id: 2, t: 'b' }];
        await store.upsertMany('contract_upsert_again', batch);
        await store.upsertMany('contract_upsert_again', batch);
        expect(await store.find('contract_upsert_again', {}, { sort: [['id', 1]] })).toStrictEqual(batch);
      });

      it.each(ROUND_TRIP_ROWS.map(([name, value], i) => [name, value, i + 1] as const))(
        'round-trips %s unchanged',
        async (_name, value, id) => {
          await store.upsertMany('contract_round_trip', [{ id, value }]);
          expect(await store.find('contract_round_trip', { id })).toStrictEqual([{ id, value }]);
        },
      );
    });

    describe('id counters', () => {
      it('allocates consecutive blocks that never overlap', async () => {
        const first = await store.allocateIds('contract_ids_blocks', 3);
        const second = await store.allocateIds('contract_ids_blocks', 2);
        const third = await store.allocateIds('contract_ids_blocks', 1);
        expect([first, second, third]).toEqual([1, 4, 6]);
      });

      it('keeps one counter per collection', async () => {
        await store.allocateIds('contract_ids_a', 5);
        expect(await store.allocateIds('contract_ids_b', 1)).toBe(1);
        expect(await store.allocateIds('contract_ids_a', 1)).toBe(6);
      });

      it('never hands out an id twice to concurrent callers', async () => {
        const firsts = await Promise.all(Array.from({ length: 10 }, () => store.allocateIds('contract_ids_concurrent', 2)));
        const allocated = firsts.flatMap((first) => [first, first + 1]).sort((a, b) => a - b);
        expect(allocated).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      });

      it('moves the counter past a reserved id', async () => {
        await store.reserveUpTo('contract_ids_reserve', 41);
        expect(await store.allocateIds('contract_ids_reserve', 1)).toBe(42);
      });

      it('never moves the counter backwards when reserving a lower id', async () => {
        await store.allocateIds('contract_ids_no_rewind', 10);
        await store.reserveUpTo('contract_ids_no_rewind', 3);
        expect(await store.allocateIds('contract_ids_no_rewind', 1)).toBe(11);
      });
    });

    describe('indexes', () => {
      const specs: IndexSpec[] = [
        { keys: { id: 1 }, unique: true, name: 'id_unique' },
        { keys: { author: 1, publishedAt: -1 }, name: 'author_publishedAt' },
      ];

      it('lists the indexes it ensured, with the id index', async () => {
        await store.upsertMany('contract_indexes', [{ id: 1, author: 2 }]);
        await store.ensureIndexes('contract_indexes', specs);
        expect((await store.listIndexes('contract_indexes')).sort()).toEqual(['_id_', 'author_publishedAt', 'id_unique']);
      });

      it('ensures the same indexes twice without error or duplicates', async () => {
        await store.ensureIndexes('contract_indexes_twice', specs);
        await store.ensureIndexes('contract_indexes_twice', specs);
        expect((await store.listIndexes('contract_indexes_twice')).sort()).toEqual(['_id_', 'author_publishedAt', 'id_unique']);
      });

      it('lists no indexes for a collection that does not exist', async () => {
        expect(await store.listIndexes('no_such_collection')).toEqual([]);
      });
    });

    describe('drop', () => {
      it('removes the documents, the indexes and the id counter', async () => {
        await store.upsertMany('contract_drop', [{ id: 1 }, { id: 2 }]);
        await store.ensureIndexes('contract_drop', [{ keys: { id: 1 }, unique: true, name: 'id_unique' }]);
        await store.allocateIds('contract_drop', 5);
        await store.drop('contract_drop');
        expect(await store.count('contract_drop', {})).toBe(0);
        expect(await store.listIndexes('contract_drop')).toEqual([]);
        expect(await store.allocateIds('contract_drop', 1)).toBe(1);
      });

      it('leaves other collections and their counters alone', async () => {
        await store.upsertMany('contract_drop_kept', [{ id: 1 }]);
        await store.upsertMany('contract_drop_gone', [{ id: 1 }]);
        await store.allocateIds('contract_drop_kept', 4);
        await store.drop('contract_drop_gone');
        expect(await store.count('contract_drop_kept', {})).toBe(1);
        expect(await store.allocateIds('contract_drop_kept', 1)).toBe(5);
      });

      it('resolves for a collection that does not exist', async () => {
        await expect(store.drop('no_such_collection')).resolves.toBeUndefined();
      });
    });

    describe('ping', () => {
      it('resolves while the backing database answers', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
      });
    });
  });
}
