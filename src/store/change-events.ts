// What a gateway forgets for one change another process made: a change event in, the finest
// forgetting the event allows out. A document the event carries (inserts, replacements, updates
// looked up) is forgotten as the write path forgets its own changes: that entry, and the lists
// of its collection. An event without the document's `id` (a delete names MongoDB's `_id` only;
// an update of a document gone since) forgets the whole collection; a dropped database or an
// ended stream, everything. The settings collection's changes mean an import: read the version.
import type { FeedEvent } from './change-feed.ts';
import type { Change, Doc } from './store.ts';

export type Forgetting =
  | { kind: 'changes'; changes: Change[] }
  | { kind: 'collections'; collections: string[] }
  | { kind: 'everything' }
  | { kind: 'settings' }
  | { kind: 'nothing' };

/** The collections a gateway reads from: the content's, and the one holding the access settings and data version. */
export interface Watched {
  content: ReadonlySet<string>;
  settings: string;
}

/** Events that carry the document after the change (an update's only when looked up). */
const DOCUMENT_EVENTS = new Set(['insert', 'replace', 'update']);
/** Events that change a collection's data; others (such as index builds) change nothing read. */
const DATA_EVENTS = new Set([...DOCUMENT_EVENTS, 'delete', 'drop']);

export function forgettingOf(event: FeedEvent, watched: Watched): Forgetting {
  const collection = event.ns?.coll;
  switch (event.operationType) {
    case 'dropDatabase':
    case 'invalidate':
      return { kind: 'everything' };
    case 'rename':
      return renamed([collection, event.to?.coll], watched);
  }
  if (collection === undefined || !DATA_EVENTS.has(event.operationType)) return { kind: 'nothing' };
  if (collection === watched.settings) return { kind: 'settings' };
  if (!watched.content.has(collection)) return { kind: 'nothing' };
  const doc = DOCUMENT_EVENTS.has(event.operationType) ? storedDocument(event.fullDocument) : undefined;
  return doc ? { kind: 'changes', changes: [{ op: 'put', collection, doc }] } : { kind: 'collections', collections: [collection] };
}

/** A rename touching the settings is an import-sized change; else both names' collections are forgotten. */
function renamed(names: Array<string | undefined>, watched: Watched): Forgetting {
  if (names.includes(watched.settings)) return { kind: 'everything' };
  const collections = names.filter((name): name is string => name !== undefined && watched.content.has(name));
  return collections.length ? { kind: 'collections', collections } : { kind: 'nothing' };
}

/** The event's document as the store keeps it (without MongoDB's `_id`), when it has an integer `id`. */
function storedDocument(full: FeedEvent['fullDocument']): Doc | undefined {
  const id = full?.id;
  if (!full || (typeof id !== 'number' && typeof id !== 'bigint') || !Number.isSafeInteger(Number(id))) return undefined;
  const { _id, ...doc } = full;
  return { ...doc, id: Number(id) };
}
