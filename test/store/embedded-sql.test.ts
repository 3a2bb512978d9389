// The embedded store's SQL: random filters and sorts of the shapes the query compiler emits
// answer exactly what MongoDB's language (mingo) answers over the same documents, whatever of them
// SQL translates; counts of indexed conditions are answered from an index; pages of one shape
// share a statement, and a page read again is remembered until the next write.
import fc from 'fast-check';
import { find as mingoFind } from 'mingo';
import { describe, expect, it } from 'vitest';
import { encode, queryView } from '../../src/store/embedded/values.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { sqlLimit } from '../../src/store/sqlite/database.ts';
import type { Doc, Filter } from '../../src/store/store.ts';

const DOCS: Doc[] = Array.from({ length: 240 }, (_, i) => {
  const doc: Doc = {
    id: i + 1,
    locale: ['en', 'fr', 'En', null][i % 4],
    views: i % 9 === 8 ? null : (i * 37) % 50,
    big: BigInt(i % 6) * 2n ** 53n + BigInt(i % 5),
    featured: i % 3 === 0,
    publishedAt: i % 5 === 0 ? null : new Date(Date.UTC(2024, 0, 1 + (i % 40))),
    tags: i % 7 === 0 ? [] : [i % 4, (i % 6) + 2],
    seo: { metaTitle: `m${i % 3}` },
  };
  if (i % 11 === 0) delete doc.views;
  return doc;
});

// mingo compares an int64 only with int64s (MongoDB also with numbers): int64s meet int64s here.
const bigint = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 5 }).map((n) => BigInt(n) * 2n ** 53n + BigInt(n % 3)));
const value = fc.oneof(
  fc.constantFrom('en', 'fr', 'En', null, true, false),
  fc.integer({ min: 0, max: 50 }),
  fc.integer({ min: 0, max: 40 }).map((day) => new Date(Date.UTC(2024, 0, day))),
);
const field = fc.constantFrom('locale', 'views', 'big', 'featured', 'publishedAt', 'tags', 'id', 'seo.metaTitle');
const condition = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    value,
    value.map(($eq) => ({ $eq })),
    value.map(($ne) => ({ $ne })),
    fc.array(value, { maxLength: 3 }).map(($in) => ({ $in })),
    fc.array(value, { maxLength: 3 }).map(($nin) => ({ $nin })),
    fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), value).map(([op, v]) => ({ [op]: v })),
    fc.tuple(value, value).map(([$gte, $lt]) => ({ $gte, $lt })),
    fc.tuple(fc.constantFrom('$gt', '$lte'), value).map(([op, v]) => ({ $not: { [op]: v } })),
    fc.boolean().map(($exists) => ({ $exists })),
    fc.constantFrom('e', 'N', '^f').map(($regex) => ({ $regex, $options: 'i' })),
  );
const leaf = field.chain((f) => condition(f === 'big' ? bigint : value).map((c) => ({ [f]: c }) as Filter));
const filter = fc.letrec<{ node: Filter }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map(($and) => ({ $and })),
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map(($or) => ({ $or })),
    tie('node').map(($nor) => ({ $nor: [$nor] })),
  ),
})).node;
const sort = fc.uniqueArray(fc.tuple(fc.constantFrom('views', 'locale', 'publishedAt', 'big', 'featured', 'id', 'seo.metaTitle'), fc.constantFrom(1 as const, -1 as const)), {
  maxLength: 2,
  selector: ([path]) => path,
});

/** What MongoDB's language answers: mingo over the documents, ties in id order. */
function reference(filter: Filter, keys: Array<[string, 1 | -1]>, skip: number, limit: number): number[] {
  const sorted = keys.some(([path]) => path === 'id') ? keys : [...keys, ['id', 1] as [string, 1]];
  const cursor = mingoFind(DOCS.map(queryView), encode(filter) as Filter).sort(Object.fromEntries(sorted));
  return (cursor.all() as Doc[]).slice(skip, skip + limit).map((doc) => doc.id);
}

describe('the embedded store\'s SQL', () => {
  it('answers random filters, sorts and pages as MongoDB\'s language does, indexed or not', async () => {
    const indexed = new EmbeddedStore();
    await indexed.upsertMany('things', DOCS);
    await indexed.ensureIndexes('things', ['locale', 'tags', 'publishedAt'].map((f) => ({ keys: { [f]: 1 as const }, name: `${f}_1` })));
    await fc.assert(
      fc.asyncProperty(filter, sort, fc.integer({ min: 0, max: 5 }), async (f, keys, skip) => {
        const expected = reference(f, keys, skip, 7);
        expect((await indexed.find('things', f, { sort: keys, skip, limit: 7 })).map((d) => d.id)).toEqual(expected);
        expect(await indexed.count('things', f)).toBe(reference(f, [], 0, DOCS.length).length);
      }),
      { numRuns: 400 },
    );
    await indexed.close();
  });

  it.each([
    ['an equality on an indexed field', { locale: 'en' }],
    ['a range on a learned field', { views: { $gte: 20 } }],
    ['not null on a date', { publishedAt: { $ne: null } }],
    ['an id array holding one of several ids', { tags: { $in: [2, 3] } }],
  ])('counts %s from an index, reading no document', async (_name, condition) => {
    const store = new EmbeddedStore();
    await store.upsertMany('things', DOCS);
    await store.ensureIndexes('things', ['locale', 'tags', 'publishedAt'].map((f) => ({ keys: { [f]: 1 as const }, name: `${f}_1` })));
    await store.count('things', condition);
    const plan = store.countPlan('things', condition).join('\n');
    expect(plan).not.toMatch(/d:things/);
    expect(plan).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
    await store.close();
  });
});

describe('long $in lists', () => {
  it.each([10, 1500, 9000])('finds and counts by %i ids, as a loader asks for a large page\'s relations', async (n) => {
    const store = new EmbeddedStore();
    await store.upsertMany('things', Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, tag: i % 7 })));
    await store.ensureIndexes('things', [{ keys: { tag: 1 }, name: 'tag_1' }]);
    const ids = Array.from({ length: n }, (_, i) => i + 1);
    expect(await store.count('things', { id: { $in: ids } })).toBe(n);
    expect(await store.count('things', { tag: { $in: ids.map((id) => id % 7) } })).toBe(10_000);
    expect((await store.find('things', { id: { $nin: ids } }, { limit: 3 })).map((doc) => doc.id)).toEqual([n + 1, n + 2, n + 3]);
  });
});

describe('pages of one read shape', () => {
  // SQLite plans with a LIMIT's value, so a LIMIT given as a parameter re-planned the statement
  // each time it ran (database.ts `sqlLimit`): the page's size is written into its statement.
  it('share one prepared statement for their ids per page size, whatever their offset', async () => {
    const store = new EmbeddedStore();
    await store.upsertMany('pages', DOCS);
    const page = (skip: number, limit: number) => store.find('pages', { views: { $gte: 10 } }, { sort: [['views', -1]], skip, limit });
    await page(0, 5);
    const db = (store as unknown as { db: { prepare: (sql: string) => unknown } }).db;
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = (sql: string) => (prepared.push(sql), prepare(sql));
    const pagesOfFive = [await page(5, 5), await page(17, 5), await page(40, 5)];
    // Documents are read by their ids with a statement per list length; the page itself is one statement.
    expect(prepared.filter((sql) => sql.includes('"k:pages"'))).toEqual([]);
    const others = [await page(17, 3), await page(40, 10), await page(0, 0)];
    expect(prepared.filter((sql) => sql.includes('"k:pages"')).map((sql) => sql.match(/LIMIT -?\d+/)?.[0])).toEqual(['LIMIT 3', 'LIMIT 10', 'LIMIT -1']);
    const all = (await page(0, 0)).map((doc) => doc.id);
    expect([...pagesOfFive, ...others].map((docs) => docs.map((doc) => doc.id))).toEqual([all.slice(5, 10), all.slice(17, 22), all.slice(40, 45), all.slice(17, 20), all.slice(40, 50), all]);
  });

  it.each([1.5, -2, Number.NaN, Number.POSITIVE_INFINITY])('refuse a limit of %s, which would be written into SQL', (limit) => {
    expect(() => sqlLimit(limit)).toThrow(/must be an integer of -1 or more/);
  });
});

describe('a page read again', () => {
  // A key row removed behind the store's back shows whether a page's ids were read again.
  it.each([
    ['a put', { op: 'put', collection: 'pages', doc: { id: 999, views: 1 } }],
    ['a delete', { op: 'delete', collection: 'pages', id: 2 }],
  ] as const)('is answered from memory until a write (%s) changes the store', async (_name, change) => {
    const store = new EmbeddedStore();
    await store.upsertMany('pages', DOCS);
    const page = async () => (await store.find('pages', { views: { $gte: 10 } }, { sort: [['views', -1]], limit: 5 })).map((doc) => doc.id);
    const first = await page();
    (store as unknown as { db: { prepare: (sql: string) => { run: (id: number) => void } } }).db.prepare('DELETE FROM "k:pages" WHERE id = ?').run(first[0]);
    const again = await page();
    await store.write([change]);
    const written = await page();
    expect([again, written.includes(first[0])]).toEqual([first, false]);
  });
});
