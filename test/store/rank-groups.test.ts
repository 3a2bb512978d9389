// Rank groups (src/store/sqlite/rank-index.ts) answer counts and pages exactly as plain SQL does:
// random group shapes, ranges, orders and offsets over documents with ties, NULL and missing
// keys, mixed types and int64s, between random writes that move entries in and out of groups.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { countingStatements } from './support/counting-statements.ts';
import type { Doc, Filter, SortDirection } from '../../src/store/store.ts';

const KINDS = ['news', 'guide', 'opinion'];

/** A document whose keys collide often: few views values, some NULL, missing, text or int64. */
const docArbitrary = (id: number) =>
  fc.record({
    kind: fc.option(fc.constantFrom(...KINDS), { nil: null }),
    locale: fc.constantFrom('en', 'fr'),
    views: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(null), fc.constant(undefined), fc.constantFrom('a', 'b'), fc.constant(2n ** 60n)),
    publishedAt: fc.option(fc.integer({ min: 0, max: 5 }).map((day) => new Date(Date.UTC(2024, 0, 1 + day))), { nil: null }),
  }).map((fields) => {
    const doc: Doc = { id, ...fields };
    if (doc.views === undefined) delete doc.views;
    return doc;
  });

const termArbitrary = fc.oneof(
  fc.constantFrom(...KINDS, null).map((kind) => ({ kind })),
  // A list of one value (a filter through a relation) is an equality.
  fc.constantFrom(...KINDS, null).map((kind) => ({ kind: { $in: [kind] } })),
  fc.constantFrom('en', 'fr').map((locale) => ({ locale: { $eq: locale } })),
  fc.constant({ publishedAt: { $ne: null } }),
  fc.constant({ publishedAt: null }),
);
const rangeArbitrary = fc.oneof(
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), fc.integer({ min: -1, max: 13 })).map(([op, value]) => ({ [op]: value })),
  fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 })).map(([$gte, $lte]) => ({ $gte, $lte })),
  fc.constantFrom({ $gte: 'a' }, { $lt: 'b' }, { $gt: 2n ** 59n }),
);

interface Read {
  filter: Filter;
  sort: Array<[string, SortDirection]>;
  skip: number;
  limit: number;
}

const readArbitrary: fc.Arbitrary<Read> = fc
  .record({
    terms: fc.uniqueArray(termArbitrary, { maxLength: 3, selector: (term) => Object.keys(term)[0] }),
    // kind, or kind then publishedAt: a range of views sorted on other keys (shape.ts walkShape),
    // walked or read and sorted.
    order: fc.constantFrom('views', 'id', 'kind', 'kind,publishedAt'),
    direction: fc.constantFrom(1 as const, -1 as const),
    range: fc.option(rangeArbitrary, { nil: undefined }),
    sorted: fc.boolean(),
    // Ties broken by id, said or not, either way (descending: the group's order reversed).
    ties: fc.constantFrom(undefined, 1 as const, -1 as const),
    skip: fc.integer({ min: 0, max: 40 }),
    limit: fc.integer({ min: 0, max: 9 }),
  })
  .map(({ terms, order, direction, range, sorted, ties, skip, limit }) => {
    const parts: Filter[] = [...terms];
    if (range) parts.push({ [order === 'id' ? 'id' : 'views']: order === 'id' ? { $gte: 5 } : range });
    const keys = order.split(',').map((field, i): [string, SortDirection] => [field, i % 2 ? (direction === 1 ? -1 : 1) : direction]);
    const sort: Array<[string, SortDirection]> = sorted || order !== 'views' ? keys : [];
    if (order !== 'id' && sort.length > 0 && ties) sort.push(['id', ties]);
    return { filter: parts.length ? { $and: parts } : {}, sort, skip, limit };
  });

type Step = { op: 'read'; read: Read } | { op: 'put'; doc: Doc } | { op: 'delete'; id: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: readArbitrary.map((read) => ({ op: 'read' as const, read })) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 90 }).chain(docArbitrary).map((doc) => ({ op: 'put' as const, doc })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 90 }).map((id) => ({ op: 'delete' as const, id })) },
);

async function twoStores(docs: Doc[]): Promise<[EmbeddedStore, EmbeddedStore]> {
  const ranked = new EmbeddedStore({ rankMinEntries: 0, rankSpacing: 3, rankSmallEntries: 0 });
  const plain = new EmbeddedStore({ rankMinEntries: Number.POSITIVE_INFINITY });
  for (const store of [ranked, plain]) {
    await store.ensureIndexes('things', ['kind', 'locale', 'views', 'publishedAt'].map((field) => ({ keys: { [field]: 1 as const }, name: `${field}_1` })));
    await store.upsertMany('things', docs);
  }
  return [ranked, plain];
}

describe('rank groups', () => {
  it('count and page as plain SQL does, through random writes', async () => {
    const docs = fc.sample(fc.tuple(...Array.from({ length: 60 }, (_, i) => docArbitrary(i + 1))), { numRuns: 1, seed: 7 })[0];
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 5, maxLength: 40 }), async (steps) => {
        const [ranked, plain] = await twoStores(docs);
        for (const step of steps) {
          if (step.op === 'read') {
            const { filter, sort, skip, limit } = step.read;
            const want = (await plain.find('things', filter, { sort, skip, limit })).map((doc) => doc.id);
            expect((await ranked.find('things', filter, { sort, skip, limit })).map((doc) => doc.id), JSON.stringify(step.read, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))).toEqual(want);
            expect(await ranked.count('things', filter)).toBe(await plain.count('things', filter));
          } else {
            const change = step.op === 'put' ? { op: 'put' as const, collection: 'things', doc: step.doc } : { op: 'delete' as const, collection: 'things', id: step.id };
            await Promise.all([ranked.write([change]), plain.write([change])]);
          }
        }
        await Promise.all([ranked.close(), plain.close()]);
      }),
      { numRuns: 150 },
    );
  });

  it('reads pages from remembered buckets with no SQL, and a write into a bucket is seen by the next read', async () => {
    const store = new EmbeddedStore({ rankMinEntries: 0, rankSpacing: 4, rankSmallEntries: 0 });
    await store.ensureIndexes('things', [{ keys: { kind: 1 }, name: 'kind_1' }]);
    await store.upsertMany('things', Array.from({ length: 40 }, (_, i) => ({ id: i + 1, kind: i % 2 === 1 ? 'a' : 'b' })));
    const page = async (skip: number, limit = 5) => (await store.find('things', { kind: 'a' }, { sort: [['id', 1]], skip, limit })).map((doc) => doc.id);
    const bucketReads = countingStatements((source) => source.includes('INDEXED BY'));
    expect(await page(2)).toEqual([6, 8, 10, 12, 14]);
    const first = bucketReads.count();
    expect(first).toBeGreaterThan(0);
    // Buckets of 4 entries: these pages lie in the two buckets the first read (entries 2 to 6) read.
    expect(await page(3)).toEqual([8, 10, 12, 14, 16]);
    expect(await page(4, 4)).toEqual([10, 12, 14, 16]);
    expect(bucketReads.count()).toBe(first);
    await store.write([{ op: 'delete', collection: 'things', id: 10 }]);
    expect(await page(3)).toEqual([8, 12, 14, 16, 18]);
    await store.write([{ op: 'put', collection: 'things', doc: { id: 13, kind: 'a' } }]);
    expect(await page(3)).toEqual([8, 12, 13, 14, 16]);
    await store.write([{ op: 'put', collection: 'things', doc: { id: 14, kind: 'b' } }]);
    expect(await page(3)).toEqual([8, 12, 13, 16, 18]);
    bucketReads.restore();
    await store.close();
  });

  const published = { publishedAt: { $ne: null } };
  it.each<[string, number, Array<Omit<Read, 'skip' | 'limit'>>]>([
    ['id order ascending, then descending', 1, [{ filter: { locale: 'en' }, sort: [['id', 1]] }, { filter: { locale: 'en' }, sort: [['id', -1]] }]],
    ['a group testing publishedAt, then one that does not', 1, [{ filter: { $and: [{ locale: 'en' }, published] }, sort: [] }, { filter: { locale: 'fr' }, sort: [['id', -1]] }]],
    ['a group not testing publishedAt, then one that does', 2, [{ filter: { locale: 'en' }, sort: [] }, { filter: { $and: [{ locale: 'fr' }, published] }, sort: [] }]],
    // The count of a group without a range is kept in id order: a third kind.
    ['views ascending, then descending (ties by id ascending both ways)', 3, [{ filter: { locale: 'en' }, sort: [['views', 1]] }, { filter: { locale: 'en' }, sort: [['views', -1]] }]],
    ['views descending with ties by id descending: the ascending group reversed', 2, [{ filter: { locale: 'en' }, sort: [['views', 1]] }, { filter: { locale: 'en' }, sort: [['views', -1], ['id', -1]] }]],
    ['publishedAt tested once: later kinds hold it for groups that test it', 2, [{ filter: { $and: [{ locale: 'en' }, published] }, sort: [] }, { filter: { locale: 'en' }, sort: [['views', 1]] }, { filter: { $and: [{ locale: 'fr' }, published] }, sort: [['views', 1]] }]],
    ['other fields fixed by value', 2, [{ filter: { locale: 'en' }, sort: [] }, { filter: { kind: 'news' }, sort: [] }]],
  ])('%s: reads through %i learned index(es), each read a covering seek', async (_name, learned, reads) => {
    const docs = fc.sample(fc.tuple(...Array.from({ length: 60 }, (_, i) => docArbitrary(i + 1))), { numRuns: 1, seed: 11 })[0];
    const [ranked, plain] = await twoStores(docs);
    for (const { filter, sort } of reads) {
      for (const [skip, limit] of [[0, 5], [7, 9], [30, 0]]) {
        const want = (await plain.find('things', filter, { sort, skip, limit })).map((doc) => doc.id);
        expect((await ranked.find('things', filter, { sort, skip, limit })).map((doc) => doc.id)).toEqual(want);
      }
      expect(await ranked.count('things', filter)).toBe(await plain.count('things', filter));
    }
    expect(ranked.db.prepare('SELECT count(*) FROM _ranks').pluck().get()).toBe(learned);
    for (const plan of ranked.rankPlans('things')) expect(plan).toMatch(/^SEARCH k USING COVERING INDEX r:things:\w+/);
    await Promise.all([ranked.close(), plain.close()]);
  });

  it('keeps no group of a few entries (a lookup by a unique value), and its writes then test none', async () => {
    const store = new EmbeddedStore({ rankMinEntries: 1000, rankSpacing: 64 });
    await store.ensureIndexes('things', [{ keys: { slug: 1 }, name: 'slug_1', unique: true }, { keys: { locale: 1 }, name: 'locale_1' }]);
    const docs = Array.from({ length: 3000 }, (_, i) => ({ id: i + 1, slug: `s${i + 1}`, locale: i % 5 === 0 ? 'fr' : 'en' }));
    await store.upsertMany('things', docs);
    // 600 French entries: above four spacings (256), a group kept; one slug: a group of one, not kept.
    for (const slug of ['s7', 's8', 's9']) expect(await store.count('things', { slug })).toBe(1);
    expect((await store.find('things', { slug: 's8' }, { sort: [['id', 1]], limit: 1 })).map((doc) => doc.id)).toEqual([8]);
    expect(store.rankGroups('things')).toBe(0);
    const keyRows = countingStatements((source) => /^SELECT \* FROM "k:things" WHERE id = \?/.test(source), 'get');
    await store.write([{ op: 'put', collection: 'things', doc: { id: 9, slug: 's9b', locale: 'en' } }]);
    expect(keyRows.count()).toBe(0);
    expect(await store.count('things', { locale: 'fr' })).toBe(600);
    expect(store.rankGroups('things')).toBe(1);
    expect(await store.count('things', { slug: 's9b' })).toBe(1);
    expect(store.rankGroups('things')).toBe(1);
    // A group kept: a write reads the entry's keys before and after, to move its checkpoints.
    await store.write([{ op: 'put', collection: 'things', doc: { id: 10, slug: 's10b', locale: 'en' } }]);
    expect(keyRows.count()).toBe(2);
    keyRows.restore();
    await store.close();
  });

  it.each<[string, Array<[string, SortDirection]>]>([
    ['kind ascending, views descending', [['kind', 1], ['views', -1]]],
    ['kind descending, views ascending, ties by id descending', [['kind', -1], ['views', 1], ['id', -1]]],
  ])('pages sorted on two keys (%s) as the groups of the first key\'s values, NULLs included', async (_name, sort) => {
    const store = new EmbeddedStore({ rankMinEntries: 1000, rankSpacing: 64 });
    const plain = new EmbeddedStore({ rankMinEntries: Number.POSITIVE_INFINITY });
    // Four values of kind (one NULL), views with ties and some NULL.
    const docs = Array.from({ length: 4000 }, (_, i) => ({ id: i + 1, locale: i % 5 === 0 ? 'fr' : 'en', kind: i % 7 === 0 ? null : KINDS[i % 3], views: i % 11 === 0 ? null : (i * 7919) % 40 }));
    for (const one of [store, plain]) {
      await one.ensureIndexes('things', ['kind', 'locale', 'views'].map((field) => ({ keys: { [field]: 1 as const }, name: `${field}_1` })));
      await one.upsertMany('things', docs);
    }
    for (const [skip, limit] of [[0, 25], [700, 25], [1180, 50], [3150, 40], [3190, 25], [4000, 10], [0, 0]]) {
      const want = (await plain.find('things', { locale: 'en' }, { sort, skip, limit })).map((doc) => doc.id);
      expect((await store.find('things', { locale: 'en' }, { sort, skip, limit })).map((doc) => doc.id), `${skip}, ${limit}`).toEqual(want);
    }
    expect(store.rankGroups('things')).toBe(4);
    for (const plan of store.rankPlans('things')) expect(plan).toMatch(/^SEARCH k USING COVERING INDEX r:things:\w+ \(/);
    await Promise.all([store.close(), plain.close()]);
  });

  it('reads a deep page and a range count of a large collection by seeks on its rank index, never a scan', async () => {
    const store = new EmbeddedStore({ rankMinEntries: 1000, rankSpacing: 64 });
    await store.ensureIndexes('things', [{ keys: { views: 1 }, name: 'views_1' }, { keys: { locale: 1 }, name: 'locale_1' }]);
    const docs = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, views: (i * 7919) % 1000, locale: i % 5 === 0 ? 'fr' : 'en' }));
    await store.upsertMany('things', docs);
    const english = docs.filter((doc) => doc.locale === 'en');
    expect(await store.count('things', { $and: [{ locale: 'en' }, { views: { $gte: 100 } }] })).toBe(english.filter((doc) => doc.views >= 100).length);
    const page = await store.find('things', { locale: 'en' }, { sort: [['id', 1]], skip: 3500, limit: 25 });
    expect(page.map((doc) => doc.id)).toEqual(english.slice(3500, 3525).map((doc) => doc.id));
    const plans = store.rankPlans('things');
    expect(plans.length).toBeGreaterThan(2);
    for (const plan of plans) expect(plan).toMatch(/^SEARCH k USING COVERING INDEX r:things:\w+ \(f:locale=\?/);
    await store.close();
  });
});
