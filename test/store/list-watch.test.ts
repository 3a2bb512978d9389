// A watched list read against an update of one entry: `matches` agrees with MongoDB's language
// (mingo) whenever it is sure, and `moveChanges` says "changed" whenever the page or count read
// again would differ (a property test reading the store before and after random updates).
import fc from 'fast-check';
import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import { matches, moveChanges, pageWatch, watchable, type ListWatch } from '../../src/store/list-watch.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Doc, Filter, FindOptions } from '../../src/store/store.ts';
import { listFields } from '../../src/store/collection-reads.ts';

const doc = { id: 4, title: 'b', views: 10, at: new Date(5), on: true, none: null, tags: [1, 2], seo: { t: 'x' } };

describe('matches', () => {
  it.each<[string, Filter, boolean | undefined]>([
    ['an equal value', { title: 'b' }, true],
    ['another value', { title: 'c' }, false],
    ['null against a missing field', { missing: null }, true],
    ['null against null', { none: { $eq: null } }, true],
    ['$ne null against a value', { views: { $ne: null } }, true],
    ['a range', { views: { $gte: 10, $lt: 11 } }, true],
    ['a range it leaves', { views: { $gt: 10 } }, false],
    ['a missing field in a range', { missing: { $gt: 1 } }, false],
    ['a date range', { at: { $lte: new Date(5) } }, true],
    ['$in', { title: { $in: ['a', 'b'] } }, true],
    ['$nin', { title: { $nin: ['a', 'b'] } }, false],
    ['a boolean', { on: false }, false],
    ['$exists', { missing: { $exists: false }, views: { $exists: true } }, true],
    ['$and with one false', { $and: [{ title: 'b' }, { views: 3 }] }, false],
    ['$or with one true', { $or: [{ title: 'z' }, { views: 10 }] }, true],
    ['$nor', { $nor: [{ title: 'z' }, { views: 10 }] }, false],
    ['false beside unsure', { $and: [{ tags: 1 }, { title: 'z' }] }, false],
    ['true beside unsure in $or', { $or: [{ tags: 1 }, { title: 'b' }] }, true],
    ['an array field: unsure', { tags: 1 }, undefined],
    ['a dotted path: unsure', { 'seo.t': 'x' }, undefined],
    ['a regular expression: unsure', { title: { $regex: 'b', $options: 'i' } }, undefined],
    ['values of two kinds: unsure', { views: '10' }, undefined],
    ['a range with null: unsure', { views: { $gte: null } }, undefined],
    ['another operator: unsure', { $expr: { $eq: ['$views', 10] } }, undefined],
    ['an empty object: unsure', { title: {} }, undefined],
    ['a regular expression value: unsure', { title: /b/ }, undefined],
  ])('%s', (_name, filter, expected) => {
    expect(matches(filter, doc)).toBe(expected);
  });

  const value = fc.oneof(fc.constantFrom(null, 'a', 'b', 'B', '', true, false), fc.integer({ min: -2, max: 3 }), fc.constantFrom(1.5, new Date(1), new Date(2)));
  const field = fc.constantFrom('a', 'b', 'c');
  const condition = fc.oneof(
    value,
    fc.record({ op: fc.constantFrom('$eq', '$ne', '$gt', '$gte', '$lt', '$lte'), operand: value }).map(({ op, operand }) => ({ [op]: operand })),
    fc.record({ op: fc.constantFrom('$in', '$nin'), operand: fc.array(value, { maxLength: 3 }) }).map(({ op, operand }) => ({ [op]: operand })),
    fc.boolean().map((exists) => ({ $exists: exists })),
  );
  const leaf = fc.dictionary(field, condition, { minKeys: 1, maxKeys: 2 });
  const filter: fc.Arbitrary<Filter> = fc.oneof(leaf, fc.record({ op: fc.constantFrom('$and', '$or', '$nor'), parts: fc.array(leaf, { minLength: 1, maxLength: 3 }) }).map(({ op, parts }) => ({ [op]: parts })));
  const documents = fc.record({ a: value, b: value, c: fc.oneof(value, fc.constant([1, 2])) }, { requiredKeys: [] });

  it('answers as mingo whenever it is sure, on random filters and documents', () => {
    let sure = 0;
    fc.assert(
      fc.property(filter, documents, (f, d) => {
        const answer = matches(f, { id: 1, ...d });
        if (answer === undefined) return;
        sure += 1;
        expect(answer, JSON.stringify({ f, d })).toBe(new Query(f).test({ id: 1, ...d }));
      }),
      { numRuns: 3000, seed: 20261129 },
    );
    expect(sure).toBeGreaterThan(1500);
  });
});

describe('moveChanges', () => {
  const sorted: FindOptions = { sort: [['views', 1], ['id', 1]], skip: 2, limit: 2 };
  // Views 0, 10, 20, ... 90 for ids 1-10: the page at skip 2 holds ids 3 and 4 (20, 30).
  const page = [{ id: 3, views: 20 }, { id: 4, views: 30 }];
  const watch = pageWatch('articles', { views: { $gte: 0 } }, new Set(['views', 'id']), sorted, page);
  const move = (before: number | null, after: number | null, id = 8) => ({ collection: 'articles', before: { id, views: before }, after: { id, views: after }, fields: ['views'] });

  it.each<[string, ListWatch, ReturnType<typeof move>, boolean]>([
    ['after the page, before and after', watch, move(70, 95), false],
    ['before the page, before and after', watch, move(0, 5, 1), false],
    ['into the page', watch, move(70, 25), true],
    ['across the page', watch, move(70, 5), true],
    ['leaving the filter', watch, move(70, -1), true],
    ['outside the filter both times', watch, move(-5, -1), false],
    ['a tie with the last entry, decided by id', watch, move(70, 30, 8), false],
    ['a tie with the last entry, a lower id', watch, move(70, 30, 2), true],
    ['to null: unsure', watch, move(70, null), true],
    ['a count, matching both times', { collection: 'articles', filter: { views: { $gte: 0 } }, fields: new Set(['views']) }, move(70, 5), false],
    ['a count, starting to match', { collection: 'articles', filter: { views: { $gte: 0 } }, fields: new Set(['views']) }, move(-5, 5), true],
    ['an empty page past the last match', pageWatch('articles', {}, new Set(['views', 'id']), { ...sorted, skip: 40 }, []), move(70, 5), false],
    // Never met by a kept answer (its entry's own tag drops it), but never said unchanged either.
    ['in the page before and after', watch, move(25, 26), true],
    ['an empty first page, the entry matching', pageWatch('articles', {}, new Set(['views', 'id']), { ...sorted, skip: 0 }, []), move(70, 5), true],
    ['the last page, not full: after it is in it', pageWatch('articles', {}, new Set(['views', 'id']), { ...sorted, skip: 8 }, [{ id: 9, views: 80 }]), move(0, 95, 1), true],
  ])('%s', (_name, watched, moved, changed) => {
    expect(moveChanges(watched, moved)).toBe(changed);
  });

  it.each<[string, FindOptions | undefined, boolean]>([
    ['a sort ending in id', { sort: [['views', -1], ['id', 1]] }, true],
    ['no sort', undefined, false],
    ['a dotted sort', { sort: [['seo.t', 1], ['id', 1]] }, false],
    ['a sort without id last', { sort: [['views', 1]] }, false],
  ])('watches %s: %s', (_name, options, expected) => {
    expect(watchable(options)).toBe(expected);
  });

  const views = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(null), fc.constantFrom('x', 'y'));
  const kind = fc.constantFrom('a', 'b');
  const readShape = fc.record({
    filter: fc.constantFrom<Filter>({}, { kind: 'a' }, { views: { $gte: 4 } }, { $or: [{ kind: 'b' }, { views: { $lt: 3 } }] }, { views: { $in: [1, 2, 8, null] } }),
    sort: fc.constantFrom<FindOptions['sort']>([['views', 1], ['id', 1]], [['views', -1], ['id', -1]], [['kind', 1], ['views', -1], ['id', 1]]),
    skip: fc.integer({ min: 0, max: 14 }),
    limit: fc.integer({ min: 1, max: 5 }),
  });

  it('says changed whenever the read again answers otherwise, over random updates of a store', async () => {
    let kept = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ views, kind }), { minLength: 4, maxLength: 14 }), readShape, fc.integer({ min: 0, max: 13 }), fc.record({ views, kind }), async (rows, read, which, update) => {
        const store = new EmbeddedStore();
        const docs: Doc[] = rows.map((row, i) => ({ id: i + 1, ...row }));
        await store.write(docs.map((d) => ({ op: 'put' as const, collection: 'articles', doc: d })));
        const options: FindOptions = { sort: read.sort, skip: read.skip, limit: read.limit };
        const page = await store.find('articles', read.filter, options);
        const total = await store.count('articles', read.filter);
        const before = docs[which % docs.length];
        if (page.some((entry) => entry.id === before.id)) return;
        const after = { ...before, ...update };
        await store.write([{ op: 'put', collection: 'articles', doc: after }]);
        const fields = [...listFields(read.filter, read.sort)!];
        const moved = { collection: 'articles', before, after, fields: (['views', 'kind'] as const).filter((field) => before[field] !== after[field]) };
        const pageAgain = await store.find('articles', read.filter, options);
        const totalAgain = await store.count('articles', read.filter);
        const watched = pageWatch('articles', read.filter, new Set(fields), options, page);
        if (!moveChanges(watched, moved)) {
          kept += 1;
          expect(pageAgain).toEqual(page);
        }
        if (!moveChanges({ collection: 'articles', filter: read.filter, fields: new Set(fields) }, moved)) expect(totalAgain).toBe(total);
      }),
      { numRuns: 600, seed: 20261129 },
    );
    expect(kept).toBeGreaterThan(100);
  });
});
