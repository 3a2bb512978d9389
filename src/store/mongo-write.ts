// A write (a list of Changes) -> MongoDB. On a replica set or mongos: one transaction, retried
// while MongoDB says the failure was transient, within the store's time bound. On a standalone,
// which has no transactions: puts of new documents, then puts of changed ones, then deletes, so
// that a write stopped midway leaves no document pointing at one that is not there; a write a
// unique index refuses is undone (raises, applied first there, are not). Every write also bumps
// the marks of the collections it changed.
import { MongoError, MongoErrorLabel, MongoServerError, type AnyBulkWriteOperation, type ClientSession, type Db, type Document, type MongoClient, type WriteConcernSettings } from 'mongodb';
import { assertNever } from '../model/types.ts';
import { UniqueViolation, type Change, type Doc, type RaiseChange } from './store.ts';
import { UNMARKED_COLLECTIONS, WRITE_MARKS } from './write-marks.ts';

/** What a write needs of the MongoDB store. */
export interface WriteTarget {
  client: MongoClient;
  db: Db;
  timeoutMs: number;
  /** Absent: the connection string's, or the server's default. */
  writeConcern?: WriteConcernSettings;
}

const DUPLICATE_KEY = 11000;

interface WriteMark {
  _id: string;
  collection: string;
  writes: number;
}

/** Applies every change or none, in one transaction (replica sets and mongos). */
export async function writeInTransaction(target: WriteTarget, changes: readonly Change[]): Promise<void> {
  const session = target.client.startSession();
  const deadline = performance.now() + target.timeoutMs;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await attemptTransaction(target, session, changes);
        return;
      } catch (error) {
        // A lost race (WriteConflict) or a dropped connection before the commit: nothing was applied.
        if (!isTransient(error) || performance.now() >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      }
    }
  } finally {
    await session.endSession().catch(() => undefined);
  }
}

async function attemptTransaction(target: WriteTarget, session: ClientSession, changes: readonly Change[]): Promise<void> {
  session.startTransaction({ readPreference: 'primary', ...(target.writeConcern ? { writeConcern: target.writeConcern } : {}) });
  try {
    for (const [collection, run] of runsByCollection(changes)) {
      await refusedAsViolation(collection, target.db.collection(collection).bulkWrite(run.map(writeModel), { ordered: true, session }));
    }
    // Last, so concurrent writers contend on the marks for the shortest time.
    await bumpMarks(target.db, changes, { session });
  } catch (error) {
    await session.abortTransaction().catch(() => undefined);
    throw error;
  }
  await session.commitTransaction();
}

/**
 * Applies the changes one by one, new documents first and deletes last (a standalone has no
 * transactions); undoes what it applied when a unique index refuses one.
 */
export async function writeInOrder(target: WriteTarget, changes: readonly Change[]): Promise<void> {
  const prior = await priorDocuments(target.db, changes.filter((change) => change.op !== 'raise'));
  const isNew = (change: Change) => change.op === 'put' && !prior.get(change.collection)?.has(change.doc.id);
  // Raises first: a write stopped midway leaves a number raised (a bound a little loose), never
  // data beyond it. They are not undone: another writer may have raised the same number since.
  const raises = changes.filter((change) => change.op === 'raise');
  const ordered = [...changes.filter(isNew), ...changes.filter((change) => change.op === 'put' && !isNew(change)), ...changes.filter((change) => change.op === 'delete')];
  const options = target.writeConcern ? { writeConcern: target.writeConcern } : {};
  for (const change of raises) await target.db.collection(change.collection).bulkWrite([writeModel(change)], options);
  const applied: Change[] = [];
  try {
    for (const change of ordered) {
      const collection = target.db.collection(change.collection);
      if (change.op === 'put') await refusedAsViolation(change.collection, collection.replaceOne({ id: change.doc.id }, change.doc, { upsert: true, ...options }));
      else if (change.op === 'delete') await collection.deleteOne({ id: change.id }, options);
      applied.push(change);
    }
  } catch (error) {
    if (error instanceof UniqueViolation) await undo(target.db, applied, prior);
    throw error;
  }
  await bumpMarks(target.db, changes, options);
}

/** Puts back what `applied` changed, newest first. */
async function undo(db: Db, applied: readonly Change[], prior: ReadonlyMap<string, ReadonlyMap<number, Doc>>): Promise<void> {
  for (const change of [...applied].reverse()) {
    const id = change.op === 'put' ? change.doc.id : change.id;
    const before = prior.get(change.collection)?.get(id);
    if (before) await db.collection(change.collection).replaceOne({ id }, before, { upsert: true });
    else await db.collection(change.collection).deleteOne({ id });
  }
}

/** The documents the changes touch, as they are before the write, by collection and id. */
async function priorDocuments(db: Db, changes: readonly Change[]): Promise<Map<string, Map<number, Doc>>> {
  const prior = new Map<string, Map<number, Doc>>();
  for (const [collection, run] of groupByCollection(changes)) {
    const ids = run.map((change) => (change.op === 'put' ? change.doc.id : change.id));
    const docs = (await db.collection(collection).find({ id: { $in: ids } }, { projection: { _id: 0 } }).toArray()) as unknown as Doc[];
    prior.set(collection, new Map(docs.map((doc) => [doc.id, doc])));
  }
  return prior;
}

async function bumpMarks(db: Db, changes: readonly Change[], options: { session?: ClientSession; writeConcern?: WriteConcernSettings }): Promise<void> {
  for (const collection of groupByCollection(changes).keys()) {
    if (UNMARKED_COLLECTIONS.has(collection)) continue;
    await db.collection<WriteMark>(WRITE_MARKS).updateOne({ _id: collection }, { $inc: { writes: 1 }, $set: { collection } }, { upsert: true, ...options });
  }
}

function writeModel(change: Change): AnyBulkWriteOperation {
  switch (change.op) {
    case 'put':
      return { replaceOne: { filter: { id: change.doc.id }, replacement: change.doc, upsert: true } };
    case 'delete':
      return { deleteOne: { filter: { id: change.id } } };
    case 'raise':
      return { updateOne: { filter: { id: change.id }, update: raiseUpdate(change), upsert: true } };
    default:
      return assertNever(change, 'change');
  }
}

/** `$max` and `$inc`, each only when it names a field (MongoDB refuses an empty one). */
function raiseUpdate(change: RaiseChange): Document {
  const update: Document = {};
  if (Object.keys(change.max ?? {}).length > 0) update.$max = change.max;
  if (Object.keys(change.inc ?? {}).length > 0) update.$inc = change.inc;
  return Object.keys(update).length > 0 ? update : { $setOnInsert: { id: change.id } };
}

/** Consecutive changes of one collection, in order: one bulk write each. */
function runsByCollection(changes: readonly Change[]): Array<[string, Change[]]> {
  const runs: Array<[string, Change[]]> = [];
  for (const change of changes) {
    const last = runs.at(-1);
    if (last?.[0] === change.collection) last[1].push(change);
    else runs.push([change.collection, [change]]);
  }
  return runs;
}

function groupByCollection(changes: readonly Change[]): Map<string, Change[]> {
  const groups = new Map<string, Change[]>();
  for (const change of changes) groups.set(change.collection, [...(groups.get(change.collection) ?? []), change]);
  return groups;
}

/** A duplicate key becomes the port's UniqueViolation, naming the index from MongoDB's message. */
async function refusedAsViolation<T>(collection: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
      const index = /index: (\S+) dup key/.exec(error.message)?.[1] ?? 'unknown';
      throw new UniqueViolation(collection, index);
    }
    throw error;
  }
}

function isTransient(error: unknown): boolean {
  return error instanceof MongoError && error.hasErrorLabel(MongoErrorLabel.TransientTransactionError);
}
