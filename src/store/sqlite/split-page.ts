// A page sorted on two keys (then id) in a collection with rank groups -> the rank groups of its
// first key's values, laid end to end in that key's order: `kind` ascending then `views`
// descending is the group of `kind = 'guide'` by views, then `kind = 'news'`, then `'opinion'`. A
// deep page is then a few counts and a page of one or two groups, where SQL walked every entry
// before it (3-4 ms a page at 200,000 articles). A group's own page (its entries with NULL keys,
// then its keyed ones) is stitched the same way (rank-index.ts). Pure: sizes and pages come from the caller.
import type { Key } from './keys.ts';
import type { GroupTerm, RankShape, SortShape } from './shape.ts';

/** Values of the first key a page is split into at most: each value is a group, built and kept. */
export const MAX_SPLIT_VALUES = 16;

/** The rank shape of each value's group, in the order of `firstKeys` (the first key's values, NULL as null). */
export function splitParts(shape: SortShape, firstKeys: readonly Key[]): RankShape[] {
  const [[first], [second, direction]] = shape.keys;
  return firstKeys.map((key) => {
    const term: GroupTerm = key === null ? { field: first, test: 'null' } : { field: first, test: 'eq', key };
    const terms = [...shape.terms, term].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    return { terms, order: { field: second, direction } };
  });
}

/** Reads `take` ids (at least one) of part `index` from `offset` in it; undefined when it cannot. */
export type PartReader = (index: number, offset: number, take: number) => number[] | undefined;

/**
 * The page's ids from the parts' sizes and a reader of each part: `limit` 0 reads to the end; a
 * `reversed` page is the mirror of the parts' order, counted from its end, read forward, turned.
 * Undefined when a part could not be read.
 */
export function stitchedPage(sizes: readonly number[], read: PartReader, skip: number, limit: number, reversed: boolean): number[] | undefined {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (!reversed) return forward(sizes, read, skip, limit > 0 ? limit : total);
  const last = total - skip;
  if (last <= 0) return [];
  const from = limit > 0 ? Math.max(0, last - limit) : 0;
  return forward(sizes, read, from, last - from)?.reverse();
}

function forward(sizes: readonly number[], read: PartReader, offset: number, wanted: number): number[] | undefined {
  const ids: number[] = [];
  for (let index = 0; index < sizes.length && wanted > 0; index++) {
    const take = Math.min(wanted, Math.max(0, sizes[index] - offset));
    if (take > 0) {
      const part = read(index, offset, take);
      if (!part) return undefined;
      ids.push(...part);
      wanted -= take;
    }
    offset = Math.max(0, offset - sizes[index]);
  }
  return ids;
}
