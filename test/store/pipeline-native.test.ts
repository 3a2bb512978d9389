// The pipelines the gateway's relation reads send run on the embedded store's native stages, never
// handed to mingo (which pipeline.test.ts checks they answer like): counted on mingo itself.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contentType } from '../../src/model/types.ts';
import { linkOrderStages } from '../../src/query/link-order.ts';
import { runPipeline } from '../../src/store/embedded/pipeline.ts';
import type { Filter } from '../../src/store/store.ts';
import { fixtureModel } from '../rest/support/fixture.ts';

const mingo = vi.hoisted(() => ({ calls: 0 }));
vi.mock('mingo', async (original) => {
  const actual = await original<typeof import('mingo')>();
  return { ...actual, aggregate: (...args: Parameters<typeof actual.aggregate>) => { mingo.calls += 1; return actual.aggregate(...args); } };
});

const sources = { collection: () => [], lookup: () => [] };
const group: Filter[] = [{ $group: { _id: '$__parent', docs: { $firstN: { input: '$$ROOT', n: 10 } } } }, { $project: { _id: 0, parent: '$_id', docs: 1 } }];
const ids = (answer: unknown[]) => Object.fromEntries((answer as Array<{ parent: number; docs: Array<{ id: number }> }>).map((row) => [row.parent, row.docs.map((doc) => doc.id)]));

beforeEach(() => {
  mingo.calls = 0;
});

describe('a mappedBy list read in link order', () => {
  it.each<[string, string, Record<string, unknown>[], Record<number, number[]>]>([
    [
      'of a many-to-one: unplaced links first (by id), then by place',
      'category',
      [{ id: 1, category: 7, _linkOrder: { category: 2 } }, { id: 2, category: 7 }, { id: 3, category: 7, _linkOrder: { category: 1 } }, { id: 4, category: 8 }],
      { 7: [2, 3, 1], 8: [4] },
    ],
    [
      'of a many-to-many: each link\'s own place in its tag\'s list',
      'tags',
      [{ id: 1, tags: [7, 8], _linkOrder: { tags: [3, 1] } }, { id: 2, tags: [8, 7], _linkOrder: { tags: [2, 1] } }, { id: 3, tags: [7] }],
      { 7: [3, 2, 1], 8: [1, 2] },
    ],
  ])('%s, natively', async (_name, field, docs, expected) => {
    const attribute = contentType(await fixtureModel(), 'api::article.article').attributes.get(field)!;
    const stages = linkOrderStages(attribute as never, '__parent', [7, 8], [['id', 1]]);
    expect(ids(runPipeline(docs, [...stages, ...group], sources))).toEqual(expected);
    expect(mingo.calls).toBe(0);
  });
});
