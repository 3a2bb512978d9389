// The MongoDB store: Store calls in, official-driver commands out. It connects on first use, so the
// gateway starts before the database does; an unreachable or silent database becomes a 503.
// Writes are transactions where the deployment has them (mongo-write.ts); other processes' writes
// are told by its change feed (mongo-changes.ts), on a replica set or mongos.
import {
  MongoBulkWriteError,
  MongoClient,
  MongoError,
  MongoErrorLabel,
  MongoNetworkError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  ReadPreference,
  ReadPreferenceMode,
  type Db,
  type Document,
  type Sort,
  type WriteConcernSettings,
} from 'mongodb';
import { ConfigurationError, ServiceUnavailableError } from '../errors/errors.ts';
import type { ChangeFeed, FeedCursor, FeedOptions } from './change-feed.ts';
import { mongoFeed } from './mongo-changes.ts';
import { writeInOrder, writeInTransaction, type WriteTarget } from './mongo-write.ts';
import type { Change, Doc, Filter, FindOptions, IndexSpec, Store } from './store.ts';

export interface MongoStoreOptions {
  /** A MongoDB connection string; its path names the database (`strapi` when it names none). */
  uri: string;
  /** `primary`, `secondaryPreferred`...; the connection string's choice when absent. */
  readPreference?: string;
  /**
   * How long the database may take, in milliseconds (default 5000): bounds finding a server,
   * connecting and each answer. A call the driver retries once can take up to about twice this.
   */
  timeoutMs?: number;
  /**
   * The write concern's `w`: `majority`, a number of members, or a tag set's name. Absent: the
   * connection string's `w`, else `majority` on a replica set or mongos and the server's default
   * on a standalone.
   */
  writeConcern?: string;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_DATABASE = 'strapi';
/** Id counters live here as `{ _id: <collection>, seq }` (docs/storage.md). */
const COUNTERS = '_counters';

/** Server error codes that mean "not now": shutdown, failover in progress, or time ran out. */
const UNAVAILABLE_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  50, // MaxTimeMSExpired
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);
const NAMESPACE_NOT_FOUND = 26;
const DUPLICATE_KEY = 11000;

interface Counter {
  _id: string;
  seq: number | bigint;
}

export class MongoStore implements Store, ChangeFeed {
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly timeoutMs: number;
  private readonly readPreference: ReadPreferenceMode | undefined;
  private readonly writeConcern: WriteConcernSettings | undefined;
  /** Whether the deployment runs transactions (a replica set member or mongos), once known. */
  private transactional: boolean | undefined;
  private closed = false;
  /** Collections whose unique `id` index putIf has made sure of. */
  private readonly uniqueIdCollections = new Set<string>();

  /** Never touches the network: the first call connects. */
  constructor(options: MongoStoreOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.readPreference = checkReadPreference(options.readPreference);
    this.writeConcern = parseWriteConcern(options.writeConcern);
    try {
      this.client = new MongoClient(options.uri, {
        // The driver's own bounds: finding a server, opening a socket, and each answer.
        serverSelectionTimeoutMS: this.timeoutMs,
        connectTimeoutMS: this.timeoutMs,
        socketTimeoutMS: this.timeoutMs,
        // After a dropped connection the server is re-checked before a retry can select it; the
        // driver rests 500 ms between checks, which would outlast a short timeout.
        minHeartbeatFrequencyMS: Math.min(500, Math.max(10, Math.floor(this.timeoutMs / 4))),
        retryReads: true,
        retryWrites: true,
        useBigInt64: true,
        ...(this.readPreference ? { readPreference: this.readPreference } : {}),
      });
    } catch (error) {
      throw new ConfigurationError(`The MongoDB connection string cannot be used: ${(error as Error).message}`);
    }
    this.db = this.client.db(databaseName(options.uri));
  }

  find(collection: string, filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    return this.run('find', collection, async (db) => {
      const cursor = db.collection(collection).find(filter, {
        // `id` always comes back; MongoDB's `_id` never does.
        projection: options.projection ? { ...options.projection, id: 1, _id: 0 } : { _id: 0 },
        ...(options.sort?.length ? { sort: options.sort as Sort } : {}),
        ...(options.skip ? { skip: options.skip } : {}),
        ...(options.limit !== undefined ? { limit: options.limit } : {}),
        maxTimeMS: this.timeoutMs,
      });
      return (await cursor.toArray()) as Document[] as Doc[];
    });
  }

  count(collection: string, filter: Filter): Promise<number> {
    return this.run('count', collection, async (db) =>
      Number(await db.collection(collection).countDocuments(filter, { maxTimeMS: this.timeoutMs })),
    );
  }

  aggregate(collection: string, pipeline: readonly Filter[]): Promise<Doc[]> {
    return this.run('aggregate', collection, async (db) => {
      const results = await db.collection(collection).aggregate([...pipeline], { maxTimeMS: this.timeoutMs }).toArray();
      return results.map((doc) => withoutMongoIds(doc) as Doc);
    });
  }

  upsertMany(collection: string, docs: readonly Doc[]): Promise<number> {
    if (docs.length === 0) return Promise.resolve(0);
    return this.run('upsertMany', collection, async (db) => {
      const result = await db.collection(collection).bulkWrite(
        docs.map((doc) => ({ replaceOne: { filter: { id: doc.id }, replacement: doc, upsert: true } })),
        { ordered: true },
      );
      return result.matchedCount + result.upsertedCount;
    });
  }

  /**
   * One transaction on a replica set or mongos; on a standalone, an order that leaves nothing
   * dangling (mongo-write.ts). Either way the collections' write marks move with the write.
   */
  write(changes: readonly Change[]): Promise<void> {
    if (changes.length === 0) return Promise.resolve();
    return this.run('write', changes[0]!.collection, async (db) => {
      const transactional = await this.isTransactional(db);
      const target: WriteTarget = { client: this.client, db, timeoutMs: this.timeoutMs, writeConcern: this.writeConcernFor(transactional) };
      await (transactional ? writeInTransaction(target, changes) : writeInOrder(target, changes));
    });
  }

  /**
   * A replacement filtered on the id and `expected`, upserting: when a document with the id does
   * not match, the upsert meets the unique `id` index (made here once per collection) and is
   * refused with a duplicate key, which is the answer false.
   */
  putIf(collection: string, doc: Doc, expected: Filter): Promise<boolean> {
    return this.run('putIf', collection, async (db) => {
      await this.uniqueIds(db, collection);
      const writeConcern = this.writeConcernFor(await this.isTransactional(db));
      try {
        await db.collection(collection).replaceOne({ $and: [{ id: doc.id }, expected] }, doc, { upsert: true, ...(writeConcern ? { writeConcern } : {}) });
        return true;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    });
  }

  /** The unique `id` index putIf relies on, as ensureIndexes makes it for content-types (`id_1`). */
  private async uniqueIds(db: Db, collection: string): Promise<void> {
    if (this.uniqueIdCollections.has(collection)) return;
    await db.collection(collection).createIndexes([{ key: { id: 1 }, name: 'id_1', unique: true }]);
    this.uniqueIdCollections.add(collection);
  }

  deleteByIds(collection: string, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return Promise.resolve(0);
    return this.run('deleteByIds', collection, async (db) => (await db.collection(collection).deleteMany({ id: { $in: [...ids] } })).deletedCount);
  }

  allocateIds(collection: string, n: number): Promise<number> {
    return this.run('allocateIds', collection, async (db) => {
      const counter = await db
        .collection<Counter>(COUNTERS)
        .findOneAndUpdate({ _id: collection }, { $inc: { seq: n } }, { upsert: true, returnDocument: 'after' });
      // An upsert with returnDocument 'after' always yields the document.
      return Number(counter!.seq) - n + 1;
    });
  }

  reserveUpTo(collection: string, id: number): Promise<void> {
    return this.run('reserveUpTo', collection, async (db) => {
      await db.collection<Counter>(COUNTERS).updateOne({ _id: collection }, { $max: { seq: id } }, { upsert: true });
    });
  }

  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    if (indexes.length === 0) return Promise.resolve();
    return this.run('ensureIndexes', collection, async (db) => {
      const specs = indexes.map(({ keys, name, unique, partial }) => ({ key: keys, name, ...(unique ? { unique: true } : {}), ...(partial ? { partialFilterExpression: partial } : {}) }));
      try {
        await db.collection(collection).createIndexes(specs);
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        // Retrying cannot help: documents already break the uniqueness the model declares.
        throw new ConfigurationError(`A unique index cannot be built on ${collection}: ${error.message}. Give those entries distinct values (or none), then start again.`);
      }
    });
  }

  listIndexes(collection: string): Promise<string[]> {
    return this.run('listIndexes', collection, async (db) => {
      try {
        const indexes = await db.collection(collection).listIndexes().toArray();
        return indexes.map((index) => String(index.name));
      } catch (error) {
        if (isNamespaceNotFound(error)) return [];
        throw error;
      }
    });
  }

  drop(collection: string): Promise<void> {
    return this.run('drop', collection, async (db) => {
      try {
        await db.collection(collection).drop();
      } catch (error) {
        // MongoDB before 7.0 refuses to drop what does not exist; either way it is gone.
        if (!isNamespaceNotFound(error)) throw error;
      }
      await db.collection<Counter>(COUNTERS).deleteOne({ _id: collection });
    });
  }

  ping(): Promise<void> {
    return this.run('ping', undefined, async (db) => {
      await db.command({ ping: 1 }, this.readPreference ? { readPreference: this.readPreference } : {});
    });
  }

  /** A change stream of the database, narrowed to `options.collections` (see mongo-changes.ts). */
  openChanges(options: FeedOptions): FeedCursor {
    const connect = async () => {
      if (this.closed) throw new Error('MongoStore.openChanges was called after close()');
      await this.client.connect();
      return this.db;
    };
    return mongoFeed({ connect, isUnavailable: (error) => isUnavailable(driverCause(error)) }, options);
  }

  /** The deployment's answer to hello, once: a replica set member (`setName`) or mongos runs transactions. */
  private async isTransactional(db: Db): Promise<boolean> {
    if (this.transactional === undefined) {
      const hello = await db.admin().command({ hello: 1 });
      this.transactional = hello.setName !== undefined || hello.msg === 'isdbgrid';
    }
    return this.transactional;
  }

  /** The configured write concern; else the connection string's; else majority where transactions run. */
  private writeConcernFor(transactional: boolean): WriteConcernSettings | undefined {
    if (this.writeConcern) return this.writeConcern;
    if (this.client.options.writeConcern?.w !== undefined) return undefined;
    return transactional ? { w: 'majority' } : undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.close();
  }

  /**
   * Connects when not connected, then runs `operation`. The explicit connect matters: after a
   * failed first connection the driver's automatic connect keeps its closed topology and never
   * retries, whereas `connect()` builds a new one, so a database that comes up later is found.
   */
  private async run<T>(operation: string, collection: string | undefined, body: (db: Db) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error(`MongoStore.${operation} was called after close()`);
    try {
      await this.client.connect();
      return await body(this.db);
    } catch (error) {
      const cause = driverCause(error);
      if (!isUnavailable(cause)) throw error;
      const details = { operation, ...(collection ? { collection } : {}), driverError: (cause as Error).name };
      throw new ServiceUnavailableError(`The database did not answer within ${this.timeoutMs} ms`, details);
    }
  }
}

/** Builds a MongoStore; nothing is connected until the first call. */
export function createMongoStore(options: MongoStoreOptions): Store & ChangeFeed {
  return new MongoStore(options);
}

/** The database the connection string names, or `strapi`. */
export function databaseName(uri: string): string {
  const path = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(uri)?.[1] ?? '';
  return decodeURIComponent(path) || DEFAULT_DATABASE;
}

function checkReadPreference(mode: string | undefined): ReadPreferenceMode | undefined {
  if (mode === undefined) return undefined;
  if (!ReadPreference.isValid(mode)) {
    const modes = Object.values(ReadPreferenceMode);
    throw new ConfigurationError(`readPreference must be one of ${modes.join(', ')}; received "${mode}"`);
  }
  return mode as ReadPreferenceMode;
}

/** `majority`, a number of members, or a tag set's name, as MongoDB's `w` takes them. */
function parseWriteConcern(w: string | undefined): WriteConcernSettings | undefined {
  if (w === undefined) return undefined;
  if (w.trim() === '') throw new ConfigurationError('The write concern must be majority, a number of members or a tag set name; received an empty value');
  // The driver's type names only `majority`; it sends a tag set's name as given.
  return { w: /^\d+$/.test(w) ? Number(w) : (w as 'majority') };
}

/**
 * The error that actually happened: a bulk write that never reached the server wraps the
 * network or server-selection error in a MongoBulkWriteError, as its `errorResponse`.
 */
function driverCause(error: unknown): unknown {
  if (error instanceof MongoBulkWriteError && error.errorResponse instanceof Error) {
    return error.errorResponse;
  }
  return error;
}

/** Node socket errors that mean the connection to the database is gone. */
const SOCKET_ERROR_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/** True for driver errors that mean the database is unreachable, silent, or failing over. */
export function isUnavailable(error: unknown): boolean {
  if (
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNetworkError || // includes MongoNetworkTimeoutError and pool-cleared errors
    error instanceof MongoOperationTimeoutError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoServerClosedError
  ) {
    return true;
  }
  if (error instanceof MongoServerError && typeof error.code === 'number' && UNAVAILABLE_CODES.has(error.code)) return true;
  // The driver lets a write on a socket the server already closed escape as Node's own error.
  if (error instanceof Error && SOCKET_ERROR_CODES.has(String((error as NodeJS.ErrnoException).code))) return true;
  // Errors the driver would have retried, still failing after its retry; a transaction that kept
  // losing races (or whose commit's outcome could not be learnt) within the time bound.
  return (
    error instanceof MongoError &&
    (error.hasErrorLabel(MongoErrorLabel.RetryableWriteError) ||
      error.hasErrorLabel(MongoErrorLabel.TransientTransactionError) ||
      error.hasErrorLabel(MongoErrorLabel.UnknownTransactionCommitResult) ||
      error.name === 'MongoWaitQueueTimeoutError')
  );
}

function isNamespaceNotFound(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND;
}

/**
 * Removes `_id` at any depth. The store never writes one, so every `_id` is MongoDB's, and
 * documents that `$lookup` joined carry theirs too.
 */
function withoutMongoIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMongoIds);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Document = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key !== '_id') out[key] = withoutMongoIds(inner);
  }
  return out;
}
