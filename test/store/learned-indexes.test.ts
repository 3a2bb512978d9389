// The embedded store gives a field a read filters or sorts on an index of its own, unless the
// collection said not to (ensureIndexes' `learnIndexes: false`, the webhook outbox): then reads
// answer the same, from the key columns or the documents, and writes touch no more pages.
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Filter, FindOptions } from '../../src/store/store.ts';
import { WRITES_PER_USE, WRITES_WINDOW } from '../../src/store/sqlite/rank-index.ts';
import { sortShape, walkShape } from '../../src/store/sqlite/shape.ts';
import type { KeyColumns } from '../../src/store/sqlite/translate.ts';

const indexNames = (store: EmbeddedStore) =>
  (store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'k:things'").pluck().all() as string[]).sort();

describe('indexes learned from reads', () => {
  it.each([
    // The find's index for its shape (kind and status, then id: rank-index.ts), and one per field.
    ['learned (the default)', {}, ['k:things:kind', 'k:things:status', expect.stringMatching(/^r:things:[0-9a-f]{12}$/)]],
    ['not learned', { learnIndexes: false }, []],
  ] as const)('%s', async (_name, options, made) => {
    const store = new EmbeddedStore();
    await store.ensureIndexes('things', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['status'], ...options });
    await store.write([1, 2, 3, 4].map((id) => ({ op: 'put' as const, collection: 'things', doc: { id, status: id % 2 ? 'queued' : 'done', kind: id < 3 ? 'a' : 'b' } })));
    const found = await store.find('things', { status: 'queued', kind: 'b', id: { $gt: 0 } }, { sort: [['id', 1]] });
    expect(found.map((doc) => doc.id)).toEqual([3]);
    expect(await store.count('things', { status: 'done' })).toBe(2);
    expect(indexNames(store)).toEqual(made);
    await store.close();
  });
});

/**
 * A collection below the rank groups' size (10,000 entries) learns, from a read of a rank shape,
 * the index a group would read (rank-index.ts `learnIndex`), and plain SQL walks it: a page of a
 * live locale in a views order stops after its rows instead of sorting every English entry.
 */
describe('indexes a small collection learns for its read shapes', () => {
  const DOCS = Array.from({ length: 300 }, (_, i) => ({
    id: i + 1,
    locale: i % 3 ? 'en' : 'fr',
    kind: ['news', 'guide'][i % 2],
    views: (i * 37) % 101,
    publishedAt: i % 5 ? new Date(Date.UTC(2026, 0, 1 + (i % 28))) : null,
  }));
  const live = { $and: [{ locale: 'en' }, { publishedAt: { $ne: null } }] };
  const learnedColumns = (store: EmbeddedStore) =>
    (store.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'r:things:%'").pluck().all() as string[]).map((sql) => sql.replace(/^.* ON "k:things" /, ''));

  async function filled(learnIndexes: boolean): Promise<EmbeddedStore> {
    const store = new EmbeddedStore();
    await store.ensureIndexes('things', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['locale', 'kind', 'views', 'publishedAt'], learnIndexes });
    await store.write(DOCS.map((doc) => ({ op: 'put' as const, collection: 'things', doc })));
    return store;
  }

  it.each([
    { name: 'a live page of one locale by views, descending', read: (s: EmbeddedStore) => s.find('things', live, { sort: [['views', -1], ['id', 1]], skip: 7, limit: 10 }), columns: ['("f:locale", "f:views" DESC, id ASC, "f:publishedAt")'] },
    { name: 'a count of one kind in a range of views', read: (s: EmbeddedStore) => s.count('things', { kind: 'news', views: { $gte: 10, $lt: 60 } }), columns: ['("f:kind", "f:views" ASC, id ASC)'] },
    { name: 'a page of one kind in id order (the field\'s own index serves)', read: (s: EmbeddedStore) => s.find('things', { kind: 'guide' }, { sort: [['id', 1]], limit: 5 }), columns: [] },
    { name: 'a page sorted on two keys', read: (s: EmbeddedStore) => s.find('things', live, { sort: [['kind', 1], ['views', -1], ['id', 1]], skip: 20, limit: 5 }), columns: ['("f:locale", "f:kind" ASC, "f:views" DESC, id ASC, "f:publishedAt")'] },
    { name: 'a page sorted on two keys, ties by id descending (the mirror, read backwards)', read: (s: EmbeddedStore) => s.find('things', live, { sort: [['kind', -1], ['views', 1], ['id', -1]], skip: 20, limit: 5 }), columns: ['("f:locale", "f:kind" ASC, "f:views" DESC, id ASC, "f:publishedAt")'] },
    { name: 'a page in a range of views sorted on two keys, views one of them (no shape)', read: (s: EmbeddedStore) => s.find('things', { views: { $gte: 20 } }, { sort: [['kind', 1], ['views', -1], ['id', 1]], limit: 5 }), columns: [] },
    { name: 'a page of one locale in a range of views, by kind (the range held in the index)', read: (s: EmbeddedStore) => s.find('things', { locale: 'en', views: { $gte: 20 } }, { sort: [['kind', -1], ['id', 1]], skip: 3, limit: 5 }), columns: ['("f:locale", "f:kind" DESC, id ASC, "f:views")'] },
    { name: 'a live page in a range of views, by kind, ties by id descending (read backwards)', read: (s: EmbeddedStore) => s.find('things', { ...live, views: { $lt: 70 } }, { sort: [['kind', -1], ['id', -1]], limit: 5 }), columns: ['("f:locale", "f:kind" ASC, id ASC, "f:publishedAt", "f:views")'] },
    { name: 'a page in a range of views sorted on two keys (the range held in the index)', read: (s: EmbeddedStore) => s.find('things', { locale: 'en', views: { $gte: 20 } }, { sort: [['kind', 1], ['publishedAt', -1], ['id', 1]], limit: 5 }), columns: ['("f:locale", "f:kind" ASC, "f:publishedAt" DESC, id ASC, "f:views")'] },
    { name: 'a page of one kind in a range of views, in id order', read: (s: EmbeddedStore) => s.find('things', { kind: 'news', views: { $gt: 50 } }, { sort: [['id', 1]], limit: 5 }), columns: ['("f:kind", id ASC, "f:views")'] },
    { name: 'a page in a range of views, in id order (the table\'s order holds it)', read: (s: EmbeddedStore) => s.find('things', { views: { $gt: 50 } }, { sort: [['id', 1]], limit: 5 }), columns: [] },
    { name: 'every entry in id order (the table\'s own order)', read: (s: EmbeddedStore) => s.find('things', {}, { sort: [['id', 1]], skip: 290 }), columns: [] },
  ])('$name', async ({ read, columns }) => {
    const [learning, plain] = await Promise.all([filled(true), filled(false)]);
    const answer = await read(learning);
    expect(answer).toEqual(await read(plain));
    expect(Array.isArray(answer) ? answer.length : answer).toBeGreaterThan(0);
    expect(learnedColumns(learning)).toEqual(columns);
    expect(learnedColumns(plain)).toEqual([]);
    await Promise.all([learning.close(), plain.close()]);
  });

  it('a kind learned after one that covers a field holds it too, and serves a page ranged on that field', async () => {
    const [learning, plain] = await Promise.all([filled(true), filled(false)]);
    const reads: Array<[Filter, FindOptions]> = [
      // Covers views: a range sorted on another key.
      [{ kind: 'news', views: { $gt: 50 } }, { sort: [['id', 1]], limit: 5 }],
      // A live page of one locale by id: its index holds views too (after the null-tested field).
      [live, { sort: [['id', 1]], skip: 3, limit: 5 }],
      // A live page of one locale in a range of views, by id: the kind before serves it.
      [{ ...live, views: { $lt: 40 } }, { sort: [['id', 1]], limit: 5 }],
    ];
    for (const [filter, options] of reads) expect(await learning.find('things', filter, options)).toEqual(await plain.find('things', filter, options));
    expect(learnedColumns(learning)).toEqual(['("f:kind", id ASC, "f:views")', '("f:locale", id ASC, "f:publishedAt", "f:views")']);
    await Promise.all([learning.close(), plain.close()]);
  });

  it('counts through the learned index, not the rows', async () => {
    const store = await filled(true);
    const filter = { kind: 'news', views: { $gte: 10, $lt: 60 } };
    await store.count('things', filter);
    expect(store.countPlan('things', filter).join(' | ')).toMatch(/^SEARCH k USING COVERING INDEX r:things:[0-9a-f]{12} \(f:kind=\? AND f:views>\? AND f:views<\?\)$/);
    await store.close();
  });
});

/**
 * A collection without rank groups weighs its kinds against its writes: every WRITES_WINDOW writes,
 * a kind that served fewer than one read per WRITES_PER_USE of them is retired (its index costs
 * each write a page); one read often enough stays, and a read that wants a retired one learns it again.
 */
describe('kinds weighed against the writes', () => {
  const DOCS = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, locale: i % 3 ? 'en' : 'fr', kind: ['news', 'guide'][i % 2], views: (i * 37) % 101 }));
  const kinds = (store: EmbeddedStore) => (store.db.prepare("SELECT count(*) FROM _ranks WHERE collection = 'things'").pluck().get() as number);
  const indexes = (store: EmbeddedStore) => (store.db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'r:things:%'").pluck().get() as number);
  const page = (store: EmbeddedStore) => store.find('things', { locale: 'en', views: { $gte: 20 } }, { sort: [['kind', -1], ['id', 1]], skip: 3, limit: 5 });
  const count = (store: EmbeddedStore) => store.count('things', { kind: 'news', views: { $gte: 10, $lt: 60 } });
  const update = (store: EmbeddedStore, i: number) => store.write([{ op: 'put', collection: 'things', doc: { ...DOCS[i % 300], views: (i * 53) % 101 } }]);
  const perWindow = WRITES_WINDOW / WRITES_PER_USE;

  it.each([
    // Each window: `writes` updates, the page read `pageReads` times and the count `countReads` times, spread over it.
    { name: 'learned, not yet weighed (fewer writes than a window)', windows: [{ writes: WRITES_WINDOW - 1, pageReads: 0, countReads: 0 }], kept: 2 },
    { name: 'learned in the window that ends: weighed from the next', windows: [{ writes: WRITES_WINDOW, pageReads: 0, countReads: 0 }], kept: 2 },
    { name: 'both read often enough: kept', windows: [{ writes: WRITES_WINDOW, pageReads: 0, countReads: 0 }, { writes: WRITES_WINDOW, pageReads: perWindow, countReads: perWindow }], kept: 2 },
    { name: 'one read one time short: that one retired', windows: [{ writes: WRITES_WINDOW, pageReads: 0, countReads: 0 }, { writes: WRITES_WINDOW, pageReads: perWindow, countReads: perWindow - 1 }], kept: 1 },
    { name: 'neither read: both retired', windows: [{ writes: WRITES_WINDOW, pageReads: 0, countReads: 0 }, { writes: WRITES_WINDOW, pageReads: 0, countReads: 0 }], kept: 0 },
  ])('$name', async ({ windows, kept }) => {
    const [store, plain] = [new EmbeddedStore(), new EmbeddedStore({ rankMaxDefinitions: 0 })];
    for (const one of [store, plain]) {
      await one.ensureIndexes('things', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['locale', 'kind', 'views'] });
      await one.write(DOCS.map((doc) => ({ op: 'put' as const, collection: 'things', doc })));
      await Promise.all([page(one), count(one)]);
    }
    expect(kinds(store)).toBe(2);
    let i = 0;
    for (const { writes, pageReads, countReads } of windows) {
      for (let w = 0; w < writes; w++) {
        await Promise.all([update(store, i), update(plain, i)]);
        i += 1;
        if (w < pageReads) expect(await page(store)).toEqual(await page(plain));
        if (w < countReads) expect(await count(store)).toBe(await count(plain));
      }
    }
    expect([kinds(store), indexes(store)]).toEqual([kept, kept]);
    // Answers are the same either way, and a read wanting a retired kind learns it again.
    expect(await page(store)).toEqual(await page(plain));
    expect(await count(store)).toBe(await count(plain));
    expect(kinds(store)).toBe(2);
    await Promise.all([store.close(), plain.close()]);
  });

  it('a collection with rank groups keeps its kinds, read or not', async () => {
    const store = new EmbeddedStore({ rankMinEntries: 100 });
    await store.ensureIndexes('things', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['locale', 'kind', 'views'] });
    await store.write(DOCS.map((doc) => ({ op: 'put' as const, collection: 'things', doc })));
    await Promise.all([page(store), count(store)]);
    const learned = kinds(store);
    expect(learned).toBeGreaterThan(0);
    for (let i = 0; i < 2 * WRITES_WINDOW; i++) await update(store, i);
    expect(kinds(store)).toBe(learned);
    await store.close();
  });
});

describe('sortShape', () => {
  /** Key columns of scalars, `tags` holding arrays. */
  const columns = { column: (field: string) => (['locale', 'kind', 'views', 'title', 'tags'].includes(field) ? `k."f:${field}"` : undefined), holds: (field: string) => (field === 'tags' ? 1 : 0) } as unknown as KeyColumns;
  it.each([
    { name: 'two keys, ties by id', filter: { locale: 'en' }, sort: [['kind', 1], ['views', -1], ['id', 1]], shape: { terms: [{ field: 'locale', test: 'eq', key: 'en' }], keys: [['kind', 1], ['views', -1]] } },
    { name: 'two keys, no id', filter: {}, sort: [['kind', -1], ['title', 1]], shape: { terms: [], keys: [['kind', -1], ['title', 1]] } },
    { name: 'ties by id descending: every key flipped, the page reversed', filter: { locale: null }, sort: [['kind', 1], ['views', -1], ['id', -1]], shape: { terms: [{ field: 'locale', test: 'null' }], keys: [['kind', -1], ['views', 1]], reversed: true } },
    { name: 'one key (a rank shape\'s)', filter: {}, sort: [['views', 1], ['id', 1]], shape: undefined },
    { name: 'a range', filter: { views: { $gt: 3 } }, sort: [['kind', 1], ['title', 1]], shape: undefined },
    { name: 'an $or', filter: { $or: [{ kind: 'a' }, { kind: 'b' }] }, sort: [['kind', 1], ['title', 1]], shape: undefined },
    { name: 'a key holding arrays', filter: {}, sort: [['tags', 1], ['title', 1]], shape: undefined },
    { name: 'a field without a key column', filter: {}, sort: [['kind', 1], ['body', 1]], shape: undefined },
    { name: 'id among the first keys', filter: {}, sort: [['id', 1], ['kind', 1]], shape: undefined },
    { name: 'a key fixed by the filter', filter: { kind: 'a' }, sort: [['kind', 1], ['title', 1]], shape: undefined },
    { name: 'a key twice', filter: {}, sort: [['kind', 1], ['kind', -1]], shape: undefined },
  ] as const)('$name', ({ filter, sort, shape }) => {
    expect(sortShape(filter as never, sort as never, columns)).toEqual(shape);
  });
});

describe('walkShape', () => {
  /** Key columns of scalars, `tags` holding arrays. */
  const columns = { column: (field: string) => (['locale', 'kind', 'views', 'title', 'tags'].includes(field) ? `k."f:${field}"` : undefined), holds: (field: string) => (field === 'tags' ? 1 : 0) } as unknown as KeyColumns;
  const en = { field: 'locale', test: 'eq', key: 'en' };
  it.each([
    { name: 'a range sorted on another key', filter: { locale: 'en', views: { $gte: 3 } }, sort: [['title', -1], ['id', 1]], shape: { terms: [en], order: { field: 'title', direction: -1 }, ranged: 'views' } },
    { name: 'ties by id descending: the key\'s other direction', filter: { locale: 'en', views: { $lt: 3 } }, sort: [['title', -1], ['id', -1]], shape: { terms: [en], order: { field: 'title', direction: 1 }, ranged: 'views' } },
    { name: 'no sort: id order', filter: { kind: 'a', views: { $gt: 3, $lte: 9 } }, sort: undefined, shape: { terms: [{ field: 'kind', test: 'eq', key: 'a' }], order: { field: 'id', direction: 1 }, ranged: 'views' } },
    { name: 'the range on the order\'s key (a rank shape\'s)', filter: { views: { $gt: 3 } }, sort: [['views', 1]], shape: undefined },
    { name: 'no range', filter: { locale: 'en' }, sort: [['title', 1]], shape: undefined },
    { name: 'two ranges', filter: { views: { $gt: 3 }, title: { $lt: 'm' } }, sort: [['kind', 1]], shape: undefined },
    { name: 'a range on id', filter: { id: { $gt: 3 } }, sort: [['kind', 1]], shape: undefined },
    { name: 'a sort on several keys', filter: { locale: 'en', views: { $gt: 3 } }, sort: [['kind', 1], ['title', -1], ['id', 1]], shape: { terms: [en], order: { field: 'kind', direction: 1 }, then: [['title', -1]], ranged: 'views' } },
    { name: 'several keys, ties by id descending: every key flipped', filter: { views: { $gt: 3 } }, sort: [['kind', 1], ['title', -1], ['id', -1]], shape: { terms: [], order: { field: 'kind', direction: -1 }, then: [['title', 1]], ranged: 'views' } },
    { name: 'the range\'s field among several keys', filter: { views: { $gt: 3 } }, sort: [['kind', 1], ['views', 1]], shape: undefined },
    { name: 'a range on a key holding arrays', filter: { tags: { $gt: 3 } }, sort: [['kind', 1]], shape: undefined },
    { name: 'the order\'s key fixed by the filter', filter: { kind: 'a', views: { $gt: 3 } }, sort: [['kind', 1]], shape: undefined },
    { name: 'an $or', filter: { $or: [{ kind: 'a' }], views: { $gt: 3 } }, sort: [['title', 1]], shape: undefined },
  ] as const)('$name', ({ filter, sort, shape }) => {
    expect(walkShape(filter as never, sort as never, columns)).toEqual(shape);
  });
});

/**
 * With the index of a range sorted on another key, the store walks the page's order when the
 * range holds most entries (a page of 10 reads about 10 / share entries): it names the walk's index
 * (INDEXED BY), from the filter's count (embedded-store.ts `walkedThrough`). A narrow range it leaves
 * to SQLite, which reads the range and sorts it. SQLite chose so itself from its samples of values
 * (STAT4) until they were dropped (database.ts `dropSamples`): with them, each run re-planned the
 * statement. Either way the answer is plain SQL's.
 */
describe('a range sorted on another key, at 20,000 entries', () => {
  const DOCS = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, kind: ['news', 'guide', 'opinion'][i % 3], views: (i * 7919) % 100_000, publishDate: new Date(Date.UTC(2020, 0, 1) + ((i * 104_729) % 5_000) * 86_400_000) }));
  const page = (views: number) => ({ filter: { kind: 'guide', views: { $gte: views } }, options: { sort: [['publishDate', -1], ['id', 1]] as [string, 1 | -1][], skip: 20, limit: 10 } });

  it.each([
    // The walk's index: the equality, the sort's keys and id, then the range's field, tested in it.
    { name: 'most entries in the range: the order walked', views: 10_000, through: '("f:kind", "f:publishDate" DESC, id ASC, "f:views")' },
    { name: 'a narrow range: read by its views, then sorted', views: 99_500, plan: /^SEARCH k USING INDEX k:things:views \(f:views>\? AND f:views<\?\) \| USE TEMP B-TREE FOR ORDER BY$/ },
  ])('$name', async ({ views, through, plan }) => {
    const [learning, plain] = [new EmbeddedStore({ rankMinEntries: Number.POSITIVE_INFINITY }), new EmbeddedStore()];
    for (const [store, learnIndexes] of [[learning, true], [plain, false]] as const) {
      await store.ensureIndexes('things', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['kind', 'views', 'publishDate'], learnIndexes });
      await store.write(DOCS.map((doc) => ({ op: 'put' as const, collection: 'things', doc })));
    }
    const prepared: string[] = [];
    const prepare = learning.db.prepare.bind(learning.db);
    learning.db.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof learning.db.prepare;
    const { filter, options } = page(views);
    const answer = await learning.find('things', filter, options);
    expect(answer.length).toBe(10);
    expect(answer).toEqual(await plain.find('things', filter, options));
    const [pageSql, ...more] = prepared.filter((sql) => sql.startsWith('SELECT k.id FROM "k:things"') && sql.includes('ORDER BY'));
    expect(more).toEqual([]);
    const named = pageSql.match(/INDEXED BY "([^"]+)"/)?.[1];
    if (through) {
      expect((learning.db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(named) as string).replace(/^.* ON "k:things" /, '')).toBe(through);
    } else {
      expect(named).toBeUndefined();
      await new Promise((resolve) => setImmediate(resolve));
      expect(learning.pagePlan('things', filter, options).join(' | ')).toMatch(plan!);
    }
    await Promise.all([learning.close(), plain.close()]);
  });
});

/**
 * A collection that learned all the kinds it may retires the least used one for a kind wanted
 * RETIRE_AFTER (256) times and more than twice as often: its index is dropped, and answers stay
 * plain SQL's throughout.
 */
describe('learned kinds follow the traffic', () => {
  const DOCS = Array.from({ length: 400 }, (_, i) => ({ id: i + 1, locale: i % 3 ? 'en' : 'fr', kind: ['news', 'guide'][i % 2], views: (i * 37) % 101, rating: (i * 13) % 7 }));
  const byViews = { filter: { locale: 'en' }, options: { sort: [['views', -1]] as [string, 1 | -1][], limit: 5 } };
  const byRating = { filter: { locale: 'fr' }, options: { sort: [['rating', 1]] as [string, 1 | -1][], limit: 5 } };
  const byKindViews = { filter: { kind: 'news' }, options: { sort: [['views', 1]] as [string, 1 | -1][], limit: 5 } };
  const VIEWS = '("f:locale", "f:views" DESC, id ASC)';
  const RATING = '("f:locale", "f:rating" ASC, id ASC)';
  const KIND_VIEWS = '("f:kind", "f:views" ASC, id ASC)';
  const learnedColumns = (store: EmbeddedStore) =>
    (store.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'r:things:%'").pluck().all() as string[]).map((sql) => sql.replace(/^.* ON "k:things" /, '')).sort();
  const noted = (store: EmbeddedStore) => store.db.prepare("SELECT count(*) FROM _ranks WHERE collection = 'things'").pluck().get();

  it.each([
    { name: 'a kind wanted 255 times waits', reads: [[byViews, 3], [byRating, 1], [byKindViews, 255]] as const, learned: [RATING, VIEWS] },
    { name: 'wanted 256 times, it replaces the least used', reads: [[byViews, 3], [byRating, 1], [byKindViews, 256]] as const, learned: [KIND_VIEWS, VIEWS] },
    { name: 'not while the least used was used half as often', reads: [[byViews, 128], [byRating, 128], [byKindViews, 256]] as const, learned: [RATING, VIEWS] },
    { name: 'a kind just learned is not the coldest at once', reads: [[byViews, 300], [byRating, 1], [byKindViews, 256], [byRating, 257]] as const, learned: [KIND_VIEWS, VIEWS] },
  ])('$name', async ({ reads, learned }) => {
    // Rank groups kept at any size, so a retired kind's groups are in use when it goes.
    const [learning, plain] = [new EmbeddedStore({ rankMaxDefinitions: 2, rankMinEntries: 0, rankSpacing: 3, rankSmallEntries: 0 }), new EmbeddedStore({ rankMinEntries: Number.POSITIVE_INFINITY })];
    for (const [store, learnIndexes] of [[learning, true], [plain, false]] as const) {
      await store.ensureIndexes('things', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['locale', 'kind', 'views', 'rating'], learnIndexes });
      await store.write(DOCS.map((doc) => ({ op: 'put' as const, collection: 'things', doc })));
    }
    for (const [{ filter, options }, times] of reads) {
      for (let i = 0; i < times; i++) {
        // A new skip each time: the store remembers a page until the next write.
        const page = { ...options, skip: i };
        expect(await learning.find('things', filter, page)).toEqual(await plain.find('things', filter, page));
      }
    }
    expect(learnedColumns(learning)).toEqual(learned);
    expect(noted(learning)).toBe(2);
    for (const { filter, options } of [byViews, byRating, byKindViews]) expect(await learning.find('things', filter, options)).toEqual(await plain.find('things', filter, options));
    await Promise.all([learning.close(), plain.close()]);
  });
});
