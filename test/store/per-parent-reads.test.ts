// The embedded store's per-parent reads (src/query/read.ts's `readPerParent` pipeline): each
// parent's first n documents read as a page of their own, so a read touches at most parents × n
// documents however many each parent holds, and answers as the pipeline run over every document.
import { aggregate as mingoAggregate } from 'mingo';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { DocumentCache } from '../../src/store/sqlite/document-cache.ts';
import type { Doc, Filter } from '../../src/store/store.ts';

/** 600 articles, each with two or three of 10 tags, one of 6 authors, a rank with ties, some drafts. */
const ARTICLES: Doc[] = Array.from({ length: 600 }, (_, i) => ({
  id: i + 1,
  title: `article ${i + 1}`,
  tags: [1 + (i % 10), 1 + ((i * 7 + 3) % 10), ...(i % 3 === 0 ? [1 + ((i * 3 + 5) % 10)] : [])].filter((tag, at, all) => all.indexOf(tag) === at),
  author: 1 + (i % 6),
  rank: (i * 37) % 50,
  publishedAt: i % 4 === 0 ? null : new Date(Date.UTC(2024, 0, 1 + (i % 30))),
}));

/** The pipeline src/query/read.ts sends for the first `n` entries per parent of `field`. */
function perParent(match: Filter, sort: Record<string, 1 | -1>, field: string, parents: unknown[], n: number): Filter[] {
  return [
    { $match: match },
    { $sort: sort },
    { $addFields: { __parent: `$${field}` } },
    { $unwind: '$__parent' },
    { $match: { __parent: { $in: parents } } },
    { $group: { _id: '$__parent', docs: { $firstN: { input: '$$ROOT', n } } } },
    { $project: { _id: 0, parent: '$_id', docs: 1 } },
  ];
}

/** Groups come in no set order, as in MongoDB, nor do a document's keys; rows otherwise in order. */
function canonical(groups: unknown[]): string[] {
  const sortKeys = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(sortKeys)
      : value && typeof value === 'object' ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]))
        : value;
  return groups.map((group) => JSON.stringify(sortKeys(JSON.parse(JSON.stringify(group))))).sort();
}

afterEach(() => vi.restoreAllMocks());

describe('a per-parent read on the embedded store', () => {
  it.each([
    ['a list field (tags), three parents, drafts hidden', perParent({ $and: [{ tags: { $in: [1, 2, 3] } }, { publishedAt: { $ne: null } }] }, { rank: -1, id: -1 }, 'tags', [1, 2, 3], 3), 10_000, 9],
    ['a single field (author), two parents, a range on the sort key', perParent({ $and: [{ author: { $in: [2, 5] } }, { rank: { $gte: 20 } }] }, { rank: 1, id: 1 }, 'author', [2, 5], 4), 10_000, 8],
    ['the same through rank groups', perParent({ $and: [{ author: { $in: [2, 5] } }, { rank: { $gte: 20 } }] }, { rank: 1, id: 1 }, 'author', [2, 5], 4), 1, 8],
    ['a parent named twice, one holding nothing', perParent({ tags: { $in: [4, 4, 99] } }, { title: 1 }, 'tags', [4, 4, 99], 2), 10_000, 2],
  ])('%s: reads at most parents × n documents, and answers as over every document', async (_name, pipeline, rankMinEntries, most) => {
    const store = new EmbeddedStore({ rankMinEntries });
    await store.upsertMany('articles', ARTICLES);
    const decoded = vi.spyOn(DocumentCache.prototype, 'decoded');
    const answer = await store.aggregate('articles', pipeline);
    expect(decoded.mock.calls.length).toBeLessThanOrEqual(most);
    expect(canonical(answer)).toEqual(canonical(mingoAggregate(ARTICLES, pipeline) as unknown[]));
    await store.close();
  });

  it.each([
    ['a filter SQL cannot decide ($regex): every document of the parents is read', perParent({ $and: [{ tags: { $in: [1, 2] } }, { title: { $regex: '7' } }] }, { rank: -1 }, 'tags', [1, 2], 2), { tags: { $in: [1, 2] } }],
    ['a sort through a relation first (not one collection\'s per-parent read): every document is read', [{ $lookup: { from: 'authors', localField: 'author', foreignField: 'id', as: 'a' } }, ...perParent({ tags: { $in: [1] } }, { rank: 1 }, 'tags', [1], 2).slice(1)], {}],
  ])('%s, and answers the same', async (_name, pipeline, read: Filter) => {
    const store = new EmbeddedStore();
    await store.upsertMany('articles', ARTICLES);
    const decoded = vi.spyOn(DocumentCache.prototype, 'decoded');
    const answer = await store.aggregate('articles', pipeline);
    expect(decoded.mock.calls.length).toBe((mingoAggregate(ARTICLES, [{ $match: read }]) as unknown[]).length);
    expect(canonical(answer)).toEqual(canonical(mingoAggregate(ARTICLES, pipeline, { collectionResolver: () => [] }) as unknown[]));
    await store.close();
  });

  // A biginteger attribute is an int64 mingo would compare as text: the store compares it through
  // views, and hands the rows back holding the bigint itself, whether or not a stage after the
  // grouping reads values.
  const WITH_BIG: Doc[] = ARTICLES.map((article) => ({ ...article, big: 2n ** 40n + BigInt(article.id as number) }));
  const plain = (groups: unknown[]) => canonical(JSON.parse(JSON.stringify(groups, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))));
  it.each([
    ['grouped, then projected', perParent({ tags: { $in: [1, 2] } }, { big: -1, id: 1 }, 'tags', [1, 2], 3)],
    ['grouped, projected, then matched on a value', [...perParent({ tags: { $in: [1, 2] } }, { big: -1, id: 1 }, 'tags', [1, 2], 3), { $match: { parent: { $gte: 2 } } }]],
  ])('keeps a bigint a bigint: %s', async (_name, pipeline) => {
    const store = new EmbeddedStore();
    await store.upsertMany('articles', WITH_BIG);
    const answer = (await store.aggregate('articles', pipeline)) as unknown as Array<{ parent: number; docs: Doc[] }>;
    expect(answer.length).toBeGreaterThan(0);
    for (const group of answer) for (const doc of group.docs) expect(typeof doc.big).toBe('bigint');
    expect(plain(answer)).toEqual(plain(mingoAggregate(WITH_BIG, pipeline) as unknown[]));
    await store.close();
  });
});
