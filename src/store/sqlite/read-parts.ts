// Small steps of the embedded store's reads: a page of documents read in order, the fields a
// filter tests, the key a count or a page is remembered by, and the ids a lookup by ids names.
import type { Doc, Filter, FindOptions } from '../store.ts';
import type { CollectionTables } from './tables.ts';
import type { Sql } from './translate.ts';

/** The skip and limit of a page, read from documents in order (stops once it is full). */
export function pageOf(docs: Iterable<Doc>, skip: number, limit: number): Doc[] {
  const page: Doc[] = [];
  let skipped = 0;
  for (const doc of docs) {
    if (skipped++ < skip) continue;
    page.push(doc);
    if (page.length >= limit) break;
  }
  return page;
}

/** The top-level fields a filter tests (inside $and, $or, $nor too). */
export function filterFields(filter: Filter): string[] {
  return Object.entries(filter).flatMap(([key, value]) => {
    if (['$and', '$or', '$nor'].includes(key) && Array.isArray(value)) return value.flatMap((part) => filterFields(part as Filter));
    return key.startsWith('$') || key.includes('.') ? [] : [key];
  });
}

export function cacheKey(tables: CollectionTables, sql: Sql, filter?: Filter): string {
  return JSON.stringify([tables.name, tables.version, sql.where, sql.params, filter ?? null], (_, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value instanceof RegExp ? `/${value.source}/${value.flags}` : value,
  );
}

/**
 * The ids a find names outright, in the order of its answer, when its filter is `{ id: { $in:
 * [...] } }` or `{ id: n }` with integers, its order is by id (or none) and it has no skip or
 * limit: the batch lookups of relations (DataLoader). The answer is then those of the ids whose
 * documents exist, with no SQL to find them. Undefined for any other find.
 */
export function listedIds(filter: Filter, options: FindOptions): number[] | undefined {
  if (options.skip) return undefined;
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== 'id') return undefined;
  const sort = options.sort ?? [];
  if (sort.length > 1 || (sort.length === 1 && sort[0][0] !== 'id')) return undefined;
  const condition = filter.id as unknown;
  const named = isId(condition) ? [condition] : inList(condition);
  if (!named || !named.every(isId)) return undefined;
  const unique = [...new Set(named)];
  // A limit that could cut the list cuts the entries that exist, which only SQL knows.
  if (options.limit && options.limit < unique.length) return undefined;
  const direction = sort.length === 1 ? sort[0][1] : 1;
  return unique.sort((a, b) => (a - b) * direction);
}

/** The most ids a find tested here may name: a relation's lookups (DataLoader batches) name fewer. */
const MAX_TESTED_IDS = 500;

/**
 * A find whose filter names its ids outright beside other conditions (`{ $and: [{ id: { $in: [...]
 * } }, …] }` or `{ id: …, field: … }`), in the order of its ids, with no skip and no limit shorter
 * than the list: those ids (as {@link listedIds} reads them, at most {@link MAX_TESTED_IDS}) and
 * the rest of the filter, which the store tests each of their documents against. The lookups of
 * related entries in the live state (a relation's ids, published ones only) need no SQL this way:
 * their documents are mostly kept in memory, and a statement costs more than testing a few of
 * them. Undefined for any other find.
 */
export function narrowedByIds(filter: Filter, options: FindOptions): { ids: number[]; rest: Filter } | undefined {
  if (options.skip) return undefined;
  const keys = Object.keys(filter);
  const parts = keys.length === 1 && Array.isArray(filter.$and) ? (filter.$and as Filter[]) : keys.map((key) => ({ [key]: filter[key] }));
  if (parts.length < 2) return undefined;
  const listed = parts.map((part) => listedIds(part, { sort: options.sort }));
  const at = listed.findIndex((named) => named !== undefined);
  if (at < 0) return undefined;
  const ids = listed[at]!;
  // A page shorter than the list is SQL's: it reads the key table, not each document named.
  if (ids.length > MAX_TESTED_IDS || (options.limit && options.limit < ids.length)) return undefined;
  const rest = parts.filter((_, index) => index !== at);
  return { ids, rest: rest.length === 1 ? rest[0] : { $and: rest } };
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value);

/** The list of `{ $in: [...] }` and nothing else, or undefined. */
function inList(condition: unknown): unknown[] | undefined {
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return undefined;
  const keys = Object.keys(condition);
  const list = (condition as { $in?: unknown }).$in;
  return keys.length === 1 && keys[0] === '$in' && Array.isArray(list) ? list : undefined;
}
