// Write marks: how many writes each collection has taken, counted in the database itself, so
// gateways sharing one MongoDB learn that another one wrote. The MongoDB store bumps a
// collection's mark in the same transaction as the write; gateways poll the marks.
import type { Store } from './store.ts';

/** The collection of marks: `{ _id: <collection>, collection, writes }` (docs/storage.md). */
export const WRITE_MARKS = '_writes';

/**
 * Collections that move no mark: the webhook outbox, which every write of a webhook's events
 * changes (its mark would make every write of every gateway contend on one document) and whose
 * answers no gateway keeps.
 */
export const UNMARKED_COLLECTIONS: ReadonlySet<string> = new Set(['_outbox']);

/** Collection -> writes taken; a store nobody else writes to has none. */
export type WriteMarks = ReadonlyMap<string, number>;

/** The marks as the store holds them now (one small read). */
export async function readWriteMarks(store: Pick<Store, 'find'>): Promise<WriteMarks> {
  const docs = await store.find(WRITE_MARKS, {});
  return new Map(docs.map((doc) => [String(doc.collection), Number(doc.writes)]));
}

/** The collections whose mark moved between two readings. */
export function changedCollections(before: WriteMarks, after: WriteMarks): string[] {
  return [...after].filter(([collection, writes]) => before.get(collection) !== writes).map(([collection]) => collection);
}
