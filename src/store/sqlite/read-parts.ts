// Small steps of the embedded store's reads: a page of documents read in order, the fields a
// filter tests, the key a count is remembered by, and an inclusion projection.
import { find as mingoFind } from 'mingo';
import { deepFreeze } from '../../deep-freeze.ts';
import { decode } from '../embedded/values.ts';
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

/** Kept documents' projections, by document and projection object: see {@link projectKept}. */
const keptProjections = new WeakMap<Doc, Map<Record<string, 1>, Doc>>();

/**
 * `project`, made once per kept (frozen) document and projection and handed out frozen: a small
 * collection's pages are its kept documents, read again and again, and their readers remember
 * what they derive by identity (a JSON attribute parsed, a date's text). Others are projected anew.
 */
export function projectKept(doc: Doc, projection: Record<string, 1>): Doc {
  if (!Object.isFrozen(doc)) return project(doc, projection);
  let byProjection = keptProjections.get(doc);
  if (!byProjection) keptProjections.set(doc, (byProjection = new Map()));
  let projected = byProjection.get(projection);
  if (!projected) byProjection.set(projection, (projected = deepFreeze(project(doc, projection))));
  return projected;
}

/** A projection's fields, and whether any is a dotted path; remembered per projection object (a request's reads share one). */
const projectionFields = new WeakMap<Record<string, 1>, { fields: string[]; dotted: boolean }>();

/** The fields of an inclusion projection (and `id`), read from the stored document. */
export function project(doc: Doc, projection: Record<string, 1>): Doc {
  let known = projectionFields.get(projection);
  if (!known) {
    const fields = Object.keys(projection);
    projectionFields.set(projection, (known = { fields, dotted: fields.some((field) => field.includes('.')) }));
  }
  if (known.dotted) return decode(mingoFind([doc], {}, { ...projection, id: 1 }).all()[0]) as Doc;
  const out: Record<string, unknown> = { id: doc.id };
  for (const field of known.fields) if (field in doc) out[field] = doc[field];
  return out as Doc;
}
