// Change events as MongoDB 7.0 writes them: an oplog entry and a stream's scope in, the events
// that stream shows for it out (none when the entry is not its; an event, then `invalidate`, when
// the entry ends the stream). Update events name their fields at the top level only (MongoDB
// names a nested field by its dotted path); `fullDocument` of an update is looked up by the reader.
import { createHash } from 'node:crypto';
import { BSON } from 'mongodb';
import type { LogEntry, WriteRecord } from './change-log.ts';
import { encodeToken, type Scope } from './change-stream-spec.ts';
import { compareValues } from './order.ts';
import { cloneValue, Int64, type EngineDoc } from './values.ts';

export interface StreamEvent {
  doc: EngineDoc;
  /** An update's document, to look up when the stream asks for `updateLookup`. */
  lookup?: { db: string; coll: string; id: unknown };
  /** The stream ends after this event. */
  invalidates: boolean;
}

const INTERNAL_DATABASES = new Set(['admin', 'config', 'local']);
/** MongoDB's `lsid.uid`: the SHA-256 of the user's name, here the empty name of an unauthenticated client. */
const NO_USER = new BSON.Binary(createHash('sha256').update('').digest());

/** The events of `entry` on a stream watching `scope`. */
export function eventsOf(entry: LogEntry, scope: Scope): StreamEvent[] {
  const { record } = entry;
  if (!watches(scope, record)) return [];
  const event: StreamEvent = { doc: eventDocument(entry), invalidates: false };
  if (record.op === 'update') event.lookup = { db: record.db, coll: record.coll, id: record.id };
  if (!ends(scope, record)) return [event];
  const invalidate = { _id: encodeToken(entry.at, 'invalidate'), operationType: 'invalidate', clusterTime: clusterTime(entry), wallTime: entry.wallTime };
  return [event, { doc: invalidate, invalidates: true }];
}

function watches(scope: Scope, record: WriteRecord): boolean {
  const coll = 'coll' in record ? record.coll : undefined;
  if (coll?.startsWith('system.')) return false;
  if (scope.kind === 'cluster') return !INTERNAL_DATABASES.has(record.db);
  if (scope.kind === 'database') return record.db === scope.db;
  return record.db === scope.db && (coll === scope.coll || record.op === 'dropDatabase');
}

/** A collection stream ends when its collection or database is dropped; a database stream with its database. */
function ends(scope: Scope, record: WriteRecord): boolean {
  if (scope.kind === 'cluster') return false;
  if (scope.kind === 'database') return record.op === 'dropDatabase';
  return record.op === 'drop' || record.op === 'dropDatabase';
}

function clusterTime(entry: LogEntry): BSON.Timestamp {
  return new BSON.Timestamp({ t: entry.at.t, i: entry.at.i });
}

function eventDocument(entry: LogEntry): EngineDoc {
  const { record } = entry;
  const head = { _id: encodeToken(entry.at, 'event'), operationType: record.op, clusterTime: clusterTime(entry), wallTime: entry.wallTime };
  const txn = entry.txn ? { lsid: { id: (entry.txn.lsid as { id?: unknown })?.id, uid: NO_USER }, txnNumber: new Int64(entry.txn.txnNumber) } : {};
  switch (record.op) {
    case 'insert':
    case 'replace':
      return { ...head, fullDocument: cloneValue(record.doc), ns: { db: record.db, coll: record.coll }, documentKey: { _id: record.id }, ...txn };
    case 'update':
      return { ...head, ns: { db: record.db, coll: record.coll }, documentKey: { _id: record.id }, updateDescription: describeUpdate(record.before, record.doc), ...txn };
    case 'delete':
      return { ...head, ns: { db: record.db, coll: record.coll }, documentKey: { _id: record.id }, ...txn };
    case 'drop':
      return { ...head, ns: { db: record.db, coll: record.coll } };
    case 'dropDatabase':
      return { ...head, ns: { db: record.db } };
    default:
      return record satisfies never;
  }
}

/** The top-level fields an update set (with their new values) and removed. */
function describeUpdate(before: EngineDoc, after: EngineDoc): EngineDoc {
  const updatedFields = Object.fromEntries(Object.entries(after).filter(([key, value]) => !(key in before) || compareValues(before[key], value) !== 0).map(([key, value]) => [key, cloneValue(value)]));
  const removedFields = Object.keys(before).filter((key) => !(key in after));
  return { updatedFields, removedFields, truncatedArrays: [] };
}
