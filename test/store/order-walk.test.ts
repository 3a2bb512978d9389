// A page whose plain plan sorts every match, read by walking its order (src/store/sqlite/order-walk.ts):
// the same ids as plain SQL for filters through arrays, `$or` and ranges on other fields, sorted
// either way with ties, NULLs and mixed types, between random writes; its plan keeps the walk's
// order; a bound reached (matches late in the order) falls back to SQL's sort.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { walkBudget, walkOrder } from '../../src/store/sqlite/order-walk.ts';
import { countingStatements } from './support/counting-statements.ts';
import type { Doc, Filter, SortDirection } from '../../src/store/store.ts';

const KINDS = ['news', 'guide', 'opinion'];
const FIELDS = ['kind', 'locale', 'views', 'tags', 'score'];
const isWalk = (source: string) => source.startsWith('SELECT') && source.includes('CROSS JOIN');

let counting: ReturnType<typeof countingStatements> | undefined;
afterEach(() => counting?.restore());

/** Two stores of `docs`: one that walks (rank groups from 0 entries), one that never does. */
async function twoStores(docs: Doc[]): Promise<[EmbeddedStore, EmbeddedStore]> {
  const walking = new EmbeddedStore({ rankMinEntries: 0, rankSpacing: 3, rankSmallEntries: 0 });
  const plain = new EmbeddedStore({ rankMinEntries: Number.POSITIVE_INFINITY });
  for (const store of [walking, plain]) {
    await store.ensureIndexes('things', FIELDS.map((field) => ({ keys: { [field]: 1 as const }, name: `${field}_1` })));
    await store.upsertMany('things', docs);
  }
  return [walking, plain];
}

describe('walkOrder', () => {
  it.each<[string, Array<[string, SortDirection]> | undefined, ReturnType<typeof walkOrder>]>([
    ['no sort: id ascending', undefined, { direction: 1, ties: 1 }],
    ['id descending', [['id', -1]], { direction: -1, ties: -1 }],
    ['a field, ties by id ascending unsaid', [['views', -1]], { field: 'views', direction: -1, ties: 1 }],
    ['a field, ties by id descending', [['views', 1], ['id', -1]], { field: 'views', direction: 1, ties: -1 }],
    ['two fields', [['kind', 1], ['views', -1]], undefined],
    ['two fields then id', [['kind', 1], ['views', -1], ['id', 1]], undefined],
    ['id then a field', [['id', 1], ['views', 1]], undefined],
  ])('%s', (_name, sort, want) => {
    expect(walkOrder(sort)).toEqual(want);
  });
});

describe('walkBudget', () => {
  it.each<[string, number, number, number, number | undefined]>([
    // 3 × 25 × 200,000 / 12,000 = 1,250 entries, against 12,000 matches to sort.
    ['a tag of 12,000 articles in 200,000, a page of 25', 12_000, 200_000, 25, 1250],
    // 3 × 25 × 200,000 / 3,000 = 5,000 entries walked cost less than 3,000 matches sorted.
    ['a tag in one locale, published: 3,000 of 200,000', 3_000, 200_000, 25, 5000],
    ['an author of 800 articles: sorting them costs less', 800, 200_000, 25, undefined],
    ['a deep page: the walk would read more than the matches', 12_000, 200_000, 2_000, undefined],
    ['no more matches than the page', 25, 200_000, 25, undefined],
    ['no page (a limit of 0)', 12_000, 200_000, 0, undefined],
  ])('%s', (_name, matches, entries, wanted, want) => {
    expect(walkBudget(matches, entries, wanted)).toBe(want);
  });
});

const docArbitrary = (id: number) =>
  fc.record({
    kind: fc.option(fc.constantFrom(...KINDS), { nil: null }),
    locale: fc.constantFrom('en', 'fr'),
    views: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(null), fc.constant(undefined), fc.constantFrom('a', 'b')),
    // Arrays (their items in the side table), a scalar, or none.
    tags: fc.oneof(fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }), fc.integer({ min: 1, max: 3 }), fc.constant(undefined)),
    score: fc.integer({ min: 0, max: 20 }),
  }).map((fields) => {
    const doc: Doc = { id, ...fields };
    for (const key of ['views', 'tags'] as const) if (doc[key] === undefined) delete doc[key];
    return doc;
  });

const filterArbitrary: fc.Arbitrary<Filter> = fc.oneof(
  fc.integer({ min: 1, max: 3 }).map((tag) => ({ tags: tag })),
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })).map(([a, b]) => ({ tags: { $in: [a, b] } })),
  fc.tuple(fc.constantFrom(...KINDS), fc.integer({ min: 1, max: 3 })).map(([kind, tag]) => ({ $or: [{ kind }, { tags: tag }] })),
  fc.tuple(fc.constantFrom('en', 'fr'), fc.constantFrom(...KINDS), fc.integer({ min: 1, max: 3 })).map(([locale, kind, tag]) => ({ $and: [{ locale }, { $or: [{ kind: { $in: [kind] } }, { tags: { $in: [tag, 3] } }] }] })),
  fc.tuple(fc.constantFrom('en', 'fr'), fc.integer({ min: 1, max: 3 })).map(([locale, tag]) => ({ $and: [{ locale }, { tags: tag }] })),
  fc.tuple(fc.constantFrom('en', 'fr'), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })).map(([locale, a, b]) => ({ $and: [{ locale }, { kind: { $ne: null } }, { tags: { $in: [a, b] } }] })),
  // A group of its own (a rank shape), whose kind the counts above then read through.
  fc.constantFrom('en', 'fr').map((locale) => ({ locale })),
  fc.constantFrom('en', 'fr').map((locale) => ({ $and: [{ locale }, { kind: { $ne: null } }] })),
  fc.integer({ min: 0, max: 20 }).map((score) => ({ score: { $gte: score } })),
  fc.integer({ min: 1, max: 3 }).map((tag) => ({ tags: { $gte: tag } })),
  fc.tuple(fc.constantFrom(...KINDS), fc.integer({ min: 0, max: 12 })).map(([kind, views]) => ({ $or: [{ kind: { $ne: kind } }, { views: { $lt: views } }] })),
);

const sortArbitrary: fc.Arbitrary<Array<[string, SortDirection]>> = fc
  .tuple(fc.constantFrom('views', 'kind', 'score', 'id', 'none'), fc.constantFrom(1 as const, -1 as const), fc.constantFrom(undefined, 1 as const, -1 as const))
  .map(([field, direction, ties]) => {
    if (field === 'none') return [];
    const sort: Array<[string, SortDirection]> = [[field, direction]];
    if (field !== 'id' && ties) sort.push(['id', ties]);
    return sort;
  });

type Step = { op: 'read'; filter: Filter; sort: Array<[string, SortDirection]>; skip: number; limit: number } | { op: 'put'; doc: Doc } | { op: 'delete'; id: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ filter: filterArbitrary, sort: sortArbitrary, skip: fc.integer({ min: 0, max: 20 }), limit: fc.integer({ min: 1, max: 8 }) }).map((read) => ({ op: 'read' as const, ...read })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 160 }).chain(docArbitrary).map((doc) => ({ op: 'put' as const, doc })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 160 }).map((id) => ({ op: 'delete' as const, id })) },
);

describe('pages read by walking their order', () => {
  it('are the pages plain SQL reads, through random writes', async () => {
    const docs = fc.sample(fc.tuple(...Array.from({ length: 150 }, (_, i) => docArbitrary(i + 1))), { numRuns: 1, seed: 11 })[0];
    counting = countingStatements(isWalk);
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 5, maxLength: 30 }), async (steps) => {
        const [walking, plain] = await twoStores(docs);
        for (const step of steps) {
          if (step.op === 'read') {
            const { filter, sort, skip, limit } = step;
            const want = (await plain.find('things', filter, { sort, skip, limit })).map((doc) => doc.id);
            expect((await walking.find('things', filter, { sort, skip, limit })).map((doc) => doc.id), JSON.stringify(step)).toEqual(want);
            // Counts through the items too (items-count.ts), once a kind of the other conditions is learned.
            expect(await walking.count('things', filter), JSON.stringify(step)).toBe(await plain.count('things', filter));
          } else {
            const change = step.op === 'put' ? { op: 'put' as const, collection: 'things', doc: step.doc } : { op: 'delete' as const, collection: 'things', id: step.id };
            await Promise.all([walking.write([change]), plain.write([change])]);
          }
        }
        await Promise.all([walking.close(), plain.close()]);
      }),
      { numRuns: 120 },
    );
    // The property held where walks were read (about 30 in a run), not only where SQL sorted.
    expect(counting.count()).toBeGreaterThan(0);
  });

  // 4,000 entries: tag 2 on a quarter of them, tag 21 on those of 500 views or more (so its
  // matches lie at the end of the views order).
  const docs: Doc[] = Array.from({ length: 4000 }, (_, i) => {
    const views = (i * 7919) % 1000;
    return { id: i + 1, locale: i % 5 === 0 ? 'fr' : 'en', tags: [i % 4, 10 + (i % 3), views < 500 ? 20 : 21], views, score: (i * 13) % 1000 };
  });

  it('walks the order of a broad page through its index, testing each entry\'s items by a seek, and sorts nothing', async () => {
    const [walking, plain] = await twoStores(docs);
    const filter = { $and: [{ locale: 'en' }, { tags: 2 }] };
    counting = countingStatements(isWalk);
    for (const sort of [[['views', -1]], [['views', 1], ['id', -1]], [['score', -1], ['id', -1]]] as Array<Array<[string, SortDirection]>>) {
      const want = (await plain.find('things', filter, { sort, skip: 10, limit: 25 })).map((doc) => doc.id);
      expect((await walking.find('things', filter, { sort, skip: 10, limit: 25 })).map((doc) => doc.id)).toEqual(want);
      const plan = walking.walkPlan('things', filter, { sort, skip: 10, limit: 25 }).join(' | ');
      expect(plan).toMatch(/^CO-ROUTINE w \| SCAN k:things USING COVERING INDEX k:things:(views|score)(:desc)? \| SCAN w \| SEARCH k USING INTEGER PRIMARY KEY/);
      expect(plan).toContain('SEARCH i:things USING PRIMARY KEY (field=? AND key=? AND id=?)');
      expect(plan).not.toContain('TEMP B-TREE');
      expect(plain.pagePlan('things', filter, { sort, skip: 10, limit: 25 }).join(' | ')).toContain('TEMP B-TREE FOR ORDER BY');
    }
    expect(counting.count()).toBe(3);
    await Promise.all([walking.close(), plain.close()]);
  });

  it('sorts the matches when they are few, and falls back to sorting when its bound comes first', async () => {
    const [walking, plain] = await twoStores(docs);
    counting = countingStatements(isWalk);
    // Tag 11 and a score of 990 or more: about 13 matches, sorted.
    const few = { $and: [{ tags: 11 }, { score: { $gte: 990 } }] };
    expect((await walking.find('things', few, { sort: [['views', 1]], limit: 5 })).map((doc) => doc.id)).toEqual((await plain.find('things', few, { sort: [['views', 1]], limit: 5 })).map((doc) => doc.id));
    expect(counting.count()).toBe(0);
    // Tag 21: half the entries, all in the second half of the views order. The walk expects its
    // page within 25 × 4,000 / 2,000 = 50 entries, may read 150, finds none in them, and SQL
    // sorts the matches.
    const late = { tags: 21 };
    const want = (await plain.find('things', late, { sort: [['views', 1]], limit: 25 })).map((doc) => doc.id);
    expect((await walking.find('things', late, { sort: [['views', 1]], limit: 25 })).map((doc) => doc.id)).toEqual(want);
    expect(counting.count()).toBe(1);
    await Promise.all([walking.close(), plain.close()]);
  });
});
