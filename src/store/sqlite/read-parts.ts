// Small steps of the embedded store's reads: a page of documents read in order, the fields a
// filter tests, and the key a count or a page is remembered by.
import type { Doc, Filter } from '../store.ts';
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
