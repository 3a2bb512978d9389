// The embedded store's native pipeline stages answer as mingo does: random documents and random
// pipelines of the stage forms the gateway sends, compared with mingo's own aggregate.
import fc from 'fast-check';
import { aggregate as mingoAggregate } from 'mingo';
import { describe, expect, it } from 'vitest';
import { firstPerParent, runPipeline, sortRows } from '../../src/store/embedded/pipeline.ts';
import type { Filter } from '../../src/store/store.ts';

const scalar = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom('a', 'b', 'B', null), fc.constant(undefined));
const row = (id: number) => fc.record({
  title: scalar,
  rank: fc.integer({ min: 0, max: 3 }),
  author: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constant(null)),
  tags: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
}).map((fields) => {
  const out: Record<string, unknown> = { id, ...fields };
  if (out.title === undefined) delete out.title;
  return out;
});
const rows = fc.integer({ min: 0, max: 25 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => row(i + 1))));
const authors = [1, 2, 3, 5].map((id) => ({ id, name: ['x', 'y', null, 'w'][id % 4] }));

const stage = fc.oneof(
  fc.constantFrom<Filter>({ $match: { rank: { $gte: 1 } } }, { $match: { title: { $in: ['a', null] } } }),
  fc.array(fc.tuple(fc.constantFrom('title', 'rank', 'author', 'id'), fc.constantFrom(1 as const, -1 as const)), { minLength: 1, maxLength: 3 })
    .map((keys) => ({ $sort: Object.fromEntries(keys) })),
  fc.integer({ min: 0, max: 5 }).map((n) => ({ $skip: n })),
  fc.integer({ min: 1, max: 5 }).map((n) => ({ $limit: n })),
  fc.constantFrom<Filter>(
    { $addFields: { p: '$tags' } }, { $addFields: { first: { $arrayElemAt: ['$tags', 0] } } }, { $addFields: { t: '$title' } },
    { $addFields: { at: { $arrayElemAt: ['$tags', '$rank'] } } }, { $addFields: { at: { $arrayElemAt: ['$tags', '$i'] } } },
  ),
  fc.constantFrom<Filter>({ $unwind: '$tags' }, { $unwind: { path: '$tags', includeArrayIndex: 'i' } }, { $unwind: { path: '$author', includeArrayIndex: 'i' } }),
  fc.constantFrom<Filter>({ $lookup: { from: 'authors', localField: 'author', foreignField: 'id', as: 'joined' } }),
  fc.constantFrom<Filter>({ $project: { joined: 0 } }, { $project: { _id: 0, id: 1, title: 1 } }, { $project: { id: 1, who: '$author' } }),
);
const grouping = fc.constantFrom<Filter[]>(
  [],
  [{ $unwind: '$tags' }, { $group: { _id: '$tags', docs: { $firstN: { input: '$$ROOT', n: 2 } } } }, { $project: { _id: 0, parent: '$_id', docs: 1 } }],
  [{ $group: { _id: '$author', all: { $push: '$$ROOT' } } }],
  // The first rows per parent as src/query/read.ts asks them (one fused stage, firstPerParent).
  [{ $addFields: { p: '$tags' } }, { $unwind: '$p' }, { $match: { p: { $in: [1, 3] } } }, { $group: { _id: '$p', docs: { $firstN: { input: '$$ROOT', n: 2 } } } }, { $project: { _id: 0, parent: '$_id', docs: 1 } }],
  [{ $addFields: { p: '$author' } }, { $unwind: '$p' }, { $match: { p: { $in: [1, 2, 5] } } }, { $group: { _id: '$p', docs: { $firstN: { input: '$$ROOT', n: 1 } } } }],
  [{ $addFields: { p: '$title' } }, { $unwind: '$p' }, { $match: { p: { $in: ['a', 0, null] } } }, { $group: { _id: '$p', kept: { $firstN: { input: '$$ROOT', n: 3 } } } }],
);

/** Groups come out in no set order (as in MongoDB), nor do a document's keys; rows otherwise in order. */
function canonical(answer: unknown[], grouped: boolean): unknown {
  const sortKeys = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(sortKeys)
      : value && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]))
        : value;
  const plain = sortKeys(JSON.parse(JSON.stringify(answer))) as unknown[];
  return grouped ? plain.map((r) => JSON.stringify(r)).sort() : plain;
}

describe('native pipeline stages', () => {
  it.each([
    ['the per-parent read of src/query/read.ts', [{ $addFields: { p: '$tags' } }, { $unwind: '$p' }, { $match: { p: { $in: [1] } } }, { $group: { _id: '$p', docs: { $firstN: { input: '$$ROOT', n: 2 } } } }], true],
    ['another list than the one added', [{ $addFields: { p: '$tags' } }, { $unwind: '$tags' }, { $match: { p: { $in: [1] } } }, { $group: { _id: '$p', docs: { $firstN: { input: '$$ROOT', n: 2 } } } }], false],
    ['a match on another field', [{ $addFields: { p: '$tags' } }, { $unwind: '$p' }, { $match: { rank: { $in: [1] } } }, { $group: { _id: '$p', docs: { $firstN: { input: '$$ROOT', n: 2 } } } }], false],
    ['a push instead of the first n', [{ $addFields: { p: '$tags' } }, { $unwind: '$p' }, { $match: { p: { $in: [1] } } }, { $group: { _id: '$p', docs: { $push: '$$ROOT' } } }], false],
  ] as const)('fuses %s into one stage: %s', (_name, stages, fused) => {
    expect(firstPerParent(stages as unknown as Filter[]) !== undefined).toBe(fused);
  });

  it('answer as mingo does', () => {
    fc.assert(
      fc.property(rows, fc.array(stage, { maxLength: 4 }), grouping, (docs, stages, tail) => {
        const pipeline = [...stages, ...tail];
        const sources = { collection: (name: string) => (name === 'authors' ? authors : []), lookup: (name: string) => (name === 'authors' ? authors : []) };
        const outcome = (run: () => unknown[]) => {
          try {
            return { answer: canonical(run(), tail.length > 0) };
          } catch (error) {
            return { refused: (error as Error).message };
          }
        };
        expect(outcome(() => runPipeline(docs, pipeline, sources)))
          .toEqual(outcome(() => mingoAggregate(docs, pipeline, { collectionResolver: sources.collection }) as unknown[]));
      }),
      { numRuns: 1000 },
    );
  });

  it('selects the first rows of a sort as sorting them all would (top-k), ties in their order', () => {
    // Each path once, as the store's callers give sort keys.
    const keys = fc.uniqueArray(fc.tuple(fc.constantFrom('title', 'rank', 'author', 'id'), fc.constantFrom(1, -1)), { minLength: 1, maxLength: 3, selector: ([path]) => path });
    const many = fc.integer({ min: 0, max: 120 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => row(i + 1))));
    fc.assert(
      fc.property(many, keys, fc.integer({ min: 0, max: 40 }), (docs, sort, first) => {
        expect(sortRows(docs, sort, first)).toEqual(sortRows(docs, sort).slice(0, first));
        expect(sortRows(docs, sort)).toEqual(mingoAggregate(docs, [{ $sort: Object.fromEntries(sort) }]));
      }),
      { numRuns: 500 },
    );
  });

  it('joins a list of local values as MongoDB does, matching any of them (mingo adds a null per missing one)', () => {
    const authors = [{ id: 1 }, { id: 2 }];
    const pipeline = [{ $lookup: { from: 'authors', localField: 'tags', foreignField: 'id', as: 'joined' } }];
    expect(runPipeline([{ id: 9, tags: [2, 4] }], pipeline, { collection: () => authors, lookup: () => authors })).toEqual([{ id: 9, tags: [2, 4], joined: [{ id: 2 }] }]);
  });

  it('hands a stage of another form to mingo, with the rows so far', () => {
    const docs = [{ id: 1, n: 2 }, { id: 2, n: 5 }];
    expect(runPipeline(docs, [{ $sort: { id: -1 } }, { $addFields: { twice: { $multiply: ['$n', 2] } } }], { collection: () => [], lookup: () => [] }))
      .toEqual([{ id: 2, n: 5, twice: 10 }, { id: 1, n: 2, twice: 4 }]);
  });
});
