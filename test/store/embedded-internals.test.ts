// The embedded store's parts: bitmaps of slots, the planner that splits a filter into what an
// index answers and what mingo tests, and documents handed out frozen, never copied.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Bitmap } from '../../src/store/embedded/bitmap.ts';
import { planFilter } from '../../src/store/embedded/plan.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

describe('bitmaps', () => {
  it('add, delete, test and count slots across words', () => {
    const bitmap = Bitmap.of([0, 31, 32, 1000]);
    bitmap.delete(31);
    expect([...bitmap]).toEqual([0, 32, 1000]);
    expect(bitmap.count()).toBe(3);
    expect(bitmap.has(1000) && !bitmap.has(999)).toBe(true);
  });

  it.each([
    ['and', (a: Bitmap, b: Bitmap) => a.and(b), [2, 64]],
    ['or', (a: Bitmap, b: Bitmap) => a.or(b), [1, 2, 3, 64, 70]],
    ['andNot', (a: Bitmap, b: Bitmap) => a.andNot(b), [1, 70]],
  ])('%s', (_name, operation, expected) => {
    expect([...operation(Bitmap.of([1, 2, 64, 70]), Bitmap.of([2, 3, 64]))]).toEqual(expected);
  });

  it('holds every slot below a size when full', () => {
    expect(Bitmap.full(40).count()).toBe(40);
    expect([...Bitmap.full(3)]).toEqual([0, 1, 2]);
  });
});

describe('planning a filter', () => {
  const indexed = (field: string) => ['id', 'locale', 'author', 'publishedAt'].includes(field);
  it.each([
    ['an equality on an indexed field', { locale: 'en' }, [{ kind: 'in', field: 'locale', values: ['en'] }], []],
    ['$in and $eq', { id: { $in: [1, 2] }, author: { $eq: 3 } }, [{ kind: 'in', field: 'id', values: [1, 2] }, { kind: 'in', field: 'author', values: [3] }], []],
    ['null and not null', { publishedAt: { $ne: null }, author: null }, [{ kind: 'null', field: 'publishedAt', isNull: false }, { kind: 'null', field: 'author', isNull: true }], []],
    ['conjunctions flattened', { $and: [{ locale: 'en' }, { $and: [{ views: { $gt: 1 } }] }] }, [{ kind: 'in', field: 'locale', values: ['en'] }], [{ views: { $gt: 1 } }]],
    ['an unindexed field, a range and an $or left to the engine', { title: 'x', author: { $gt: 1 }, $or: [{ locale: 'en' }] }, [], [{ title: 'x' }, { author: { $gt: 1 } }, { $or: [{ locale: 'en' }] }]],
    ['$in holding null left to the engine', { author: { $in: [1, null] } }, [], [{ author: { $in: [1, null] } }]],
    ['a pattern and its options kept together', { locale: { $regex: 'E', $options: 'i', $ne: null } }, [{ kind: 'null', field: 'locale', isNull: false }], [{ locale: { $regex: 'E', $options: 'i' } }]],
  ])('splits %s', (_name, filter, terms, residual) => {
    expect(planFilter(filter, indexed)).toEqual({ terms, residual });
  });
});

describe('documents handed out', () => {
  it("are the store's own frozen copies: the caller's object stays its own, and reads do not copy", async () => {
    const store = new EmbeddedStore();
    const given = { id: 1, title: 'a', seo: { metaTitle: 'm' }, tags: [1, 2] };
    await store.upsertMany('things', [given]);
    given.seo.metaTitle = 'changed';
    const [first] = await store.find('things', { id: 1 });
    const [second] = await store.find('things', {});
    expect(first).toBe(second);
    expect(Object.isFrozen(first) && Object.isFrozen(first.seo) && Object.isFrozen(first.tags)).toBe(true);
    expect(first.seo).toEqual({ metaTitle: 'm' });
  });

  it('answer indexed and unindexed conditions alike, before and after an index exists', async () => {
    const store = new EmbeddedStore();
    const docs = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, locale: i % 3 === 0 ? 'fr' : 'en', author: i % 7, publishedAt: i % 5 === 0 ? null : new Date(i) }));
    await store.upsertMany('things', docs);
    const filter = { $and: [{ locale: 'en' }, { publishedAt: { $ne: null } }, { author: { $in: [1, 2] } }] };
    const before = { count: await store.count('things', filter), page: await store.find('things', filter, { sort: [['id', -1]], skip: 3, limit: 5 }) };
    await store.ensureIndexes('things', ['locale', 'publishedAt', 'author'].map((field) => ({ keys: { [field]: 1 as const }, name: `${field}_1` })));
    const after = { count: await store.count('things', filter), page: await store.find('things', filter, { sort: [['id', -1]], skip: 3, limit: 5 }) };
    const expected = docs.filter((d) => d.locale === 'en' && d.publishedAt !== null && [1, 2].includes(d.author));
    expect(after).toEqual(before);
    expect(after.count).toBe(expected.length);
    expect(after.page.map((d) => d.id)).toEqual(expected.map((d) => d.id).reverse().slice(3, 8));
  });
});

describe('indexes never change an answer', () => {
  // Random filters of the shapes the compiler emits, over indexed and unindexed fields: the
  // indexed store must answer exactly what one without indexes answers.
  const value = fc.oneof(fc.constantFrom('en', 'fr', 'En', null), fc.integer({ min: 0, max: 6 }));
  const field = fc.constantFrom('locale', 'author', 'title');
  const condition = fc.oneof(
    value,
    value.map(($eq) => ({ $eq })),
    value.map(($ne) => ({ $ne })),
    fc.array(value, { maxLength: 3 }).map(($in) => ({ $in })),
    fc.array(value, { maxLength: 3 }).map(($nin) => ({ $nin })),
    fc.integer({ min: 0, max: 6 }).map(($gt) => ({ $gt })),
    fc.constantFrom('e', 'N', '^f').map(($regex) => ({ $regex, $options: 'i' })),
    fc.constantFrom('e', 'N').map(($regex) => ({ $regex, $options: 'i', $ne: null })),
  );
  const leaf = fc.tuple(field, condition).map(([f, c]) => ({ [f]: c }) as Record<string, unknown>);
  const filter = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map(($and) => ({ $and })),
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map(($or) => ({ $or })),
      tie('node').map(($nor) => ({ $nor: [$nor] })),
    ),
  })).node;

  it('for random filters, counts and pages', async () => {
    const docs = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, locale: ['en', 'fr', 'En', null][i % 4], author: i % 7 === 6 ? null : i % 7, title: `t${i % 11}` }));
    const plain = new EmbeddedStore();
    const indexed = new EmbeddedStore();
    await plain.upsertMany('things', docs);
    await indexed.upsertMany('things', docs);
    await indexed.ensureIndexes('things', ['locale', 'author'].map((f) => ({ keys: { [f]: 1 as const }, name: `${f}_1` })));
    await fc.assert(fc.asyncProperty(filter, async (f) => {
      const page = { sort: [['id', -1]] as Array<[string, 1 | -1]>, skip: 2, limit: 7 };
      expect(await indexed.count('things', f)).toBe(await plain.count('things', f));
      expect((await indexed.find('things', f, page)).map((d) => d.id)).toEqual((await plain.find('things', f, page)).map((d) => d.id));
    }), { numRuns: 300 });
  });
});

describe('a count after a sorted read of the same filter', () => {
  it('is the number the read matched, until the next write', async () => {
    const store = new EmbeddedStore();
    await store.upsertMany('a', Array.from({ length: 50 }, (_, i) => ({ id: i + 1, v: i % 7, k: i % 3 ? 'x' : 'y' })));
    const filter = { $and: [{ k: 'y' }, { v: { $gte: 2 } }] };
    await store.find('a', filter, { sort: [['v', -1]], limit: 3 });
    expect(await store.count('a', filter)).toBe(await store.count('a', { $and: [{ k: 'y' }, { v: { $gte: 2 } }] }));
    await store.upsertMany('a', [{ id: 51, v: 6, k: 'y' }]);
    expect(await store.count('a', filter)).toBe(await store.count('a', { $and: [{ k: 'y' }, { v: { $gte: 2 } }] }));
    await store.deleteByIds('a', [51, 3]);
    expect(await store.count('a', filter)).toBe(await store.count('a', { $and: [{ k: 'y' }, { v: { $gte: 2 } }] }));
    expect(await store.count('b', filter)).toBe(0);
  });
});

describe('columns a scan reads', () => {
  // A collection keeps a column of each field a filter or a sort has read, and every write must
  // keep it right: after random writes between reads, the answers are those of a store written
  // once with the final documents (whose columns are made from them).
  const write = fc.oneof(
    fc.record({ kind: fc.constant('upsert' as const), id: fc.integer({ min: 1, max: 40 }), v: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant(null)), k: fc.constantFrom('x', 'y', 'a-longer-string'.repeat(5)) }),
    fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 1, max: 40 }) }),
  );
  const read = fc.record({ k: fc.constantFrom('x', 'y'), atLeast: fc.integer({ min: 0, max: 9 }), direction: fc.constantFrom(1 as const, -1 as const) });

  it('follow every write', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(write, read), { minLength: 1, maxLength: 30 }), async (steps) => {
      const store = new EmbeddedStore();
      const docs = new Map<number, { id: number } & Record<string, unknown>>();
      const initial = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, v: i % 10, k: i % 3 ? 'x' : 'y' }));
      await store.upsertMany('a', initial);
      for (const doc of initial) docs.set(doc.id, doc);
      for (const [change, { k, atLeast, direction }] of steps) {
        if (change.kind === 'upsert') {
          const doc = { id: change.id, v: change.v, k: change.k };
          await store.upsertMany('a', [doc]);
          docs.set(doc.id, doc);
        } else {
          await store.deleteByIds('a', [change.id]);
          docs.delete(change.id);
        }
        const fresh = new EmbeddedStore();
        await fresh.upsertMany('a', [...docs.values()].sort((a, b) => a.id - b.id));
        const filter = () => ({ $and: [{ k }, { v: { $gte: atLeast } }] });
        const options = { sort: [['v', direction], ['id', 1]] as Array<[string, 1 | -1]>, limit: 5 };
        expect((await store.find('a', filter(), options)).map((d) => d.id)).toEqual((await fresh.find('a', filter(), options)).map((d) => d.id));
        expect(await store.count('a', filter())).toBe(await fresh.count('a', filter()));
        expect((await store.find('a', { k }, { limit: 3 })).map((d) => d.id)).toEqual((await fresh.find('a', { k }, { limit: 3 })).map((d) => d.id));
      }
    }), { numRuns: 150 });
  });
});
