// The store port: the one interface the resolvers and the importer talk to. Queries are
// MongoDB filter documents; the MongoDB and embedded implementations must answer alike.

/** A stored document. Every document has an integer `id`, unique in its collection. */
export type Doc = { id: number } & Record<string, unknown>;

/** A MongoDB query filter document (`{ views: { $gt: 5 } }`). */
export type Filter = Record<string, unknown>;

export type SortDirection = 1 | -1;

export interface FindOptions {
  /** Ordered sort keys; dotted paths allowed. */
  sort?: ReadonlyArray<readonly [path: string, direction: SortDirection]>;
  skip?: number;
  /** Absent or 0: no limit, as in MongoDB. */
  limit?: number;
  /**
   * The fields the read needs, as an inclusion projection (`{ id: 1, author: 1 }`); absent means
   * the whole document. A store hands out at least these fields and `id`: MongoDB exactly these
   * (less is sent); the embedded store its documents as it holds them, kept ones whole and others
   * without the fields it keeps apart unless the projection names one (copying them would cost
   * more than the fields they carry besides). Readers read only the fields they asked for.
   */
  projection?: Record<string, 1>;
  /**
   * The documents are read once, in a long walk (the entry estimate's measurement): a store that
   * keeps documents it read (the embedded store's decoded documents) keeps none of these.
   */
  readOnce?: boolean;
}

export interface EnsureIndexesOptions {
  keyFields?: readonly string[];
  /**
   * Fields most reads do not show (components, dynamic zones): the embedded store keeps them
   * apart from the rest of a document, so a find whose projection names none of them reads less.
   */
  apartFields?: readonly string[];
  /**
   * Whether a read filtering or sorting on a field gives it an index of its own (the embedded
   * store; true when absent). A collection every write adds to and only a few reads walk (the
   * webhook outbox) says false: each index is one page more written by every write.
   */
  learnIndexes?: boolean;
  /**
   * False: the embedded store keeps the collection's key columns in its documents' table, not in
   * a table of their own, for good; refused (an Error) for a collection with a unique index other
   * than the id's, which then takes none either. Each write then changes one row, and one page,
   * per document instead of two; counts and deep pages of large reads get no rank groups. For a
   * collection every write adds to and reads walk by id (the webhook outbox). Absent or true: the
   * collection stays as it is. Other stores ignore it.
   */
  keyTable?: boolean;
}

export interface IndexSpec {
  /** Key paths with direction, as MongoDB's `createIndexes` takes them. */
  keys: Record<string, SortDirection>;
  /** No two indexed documents share the values of `keys` (a write that would: {@link UniqueViolation}). */
  unique?: boolean;
  /**
   * Only the documents matching this filter are indexed, and held unique (MongoDB's
   * `partialFilterExpression`: equality, `$exists: true`, `$gt`/`$gte`/`$lt`/`$lte`, `$type`,
   * `$in`, `$and`, `$or`). Without one, a unique index counts a missing or null key as a value.
   */
  partial?: Filter;
  name: string;
}

/**
 * One change of a write: a document put whole (inserted, or replacing the one with its id), a
 * document removed by id, or numbers of a document raised in place. A write operation turns into
 * a list of these.
 */
export type Change =
  | { readonly op: 'put'; readonly collection: string; readonly doc: Doc }
  | { readonly op: 'delete'; readonly collection: string; readonly id: number }
  | RaiseChange;

/**
 * Numeric fields of the document with this id raised in place (the document is made, holding
 * `id` and these fields, when there is none): each field of `max` to at least its value, each of
 * `inc` by its value; a missing field counts as 0. MongoDB's `$max` and `$inc` with an upsert,
 * so writers that never read each other's value lose none of each other's raises. Field names are
 * top-level (no `.`, no leading `$`), and a field is in `max` or `inc`, not both.
 */
export interface RaiseChange {
  readonly op: 'raise';
  readonly collection: string;
  readonly id: number;
  readonly max?: Readonly<Record<string, number>>;
  readonly inc?: Readonly<Record<string, number>>;
}

/** A document's fields after a {@link RaiseChange}: the one rule both stores apply. */
export function raisedDoc(before: Doc | undefined, change: RaiseChange): Doc {
  const doc: Doc = { ...(before ?? {}), id: change.id };
  const number = (field: string) => (typeof doc[field] === 'number' ? (doc[field] as number) : 0);
  for (const [field, value] of Object.entries(change.max ?? {})) doc[field] = Math.max(number(field), value);
  for (const [field, value] of Object.entries(change.inc ?? {})) doc[field] = number(field) + value;
  return doc;
}

/**
 * A unique index refused a write (another document holds the value). `write` rejects with it and
 * applies nothing; the operation answers Strapi's ValidationError for the attribute.
 */
export class UniqueViolation extends Error {
  constructor(
    readonly collection: string,
    readonly index: string,
  ) {
    super(`A document of ${collection} already holds this value of unique index ${index}`);
    this.name = 'UniqueViolation';
  }
}

export interface WriteOptions {
  /**
   * Called once every later read sees the write, which may be before it is durable (the embedded
   * store commits, then fsyncs off the event loop): the next write of the gateway may start then.
   * A store may not call it; the write's settling then says the same.
   */
  visible?: () => void;
}

export interface Store {
  /** Documents matching `filter`, without MongoDB's `_id`. */
  find(collection: string, filter: Filter, options?: FindOptions): Promise<Doc[]>;
  count(collection: string, filter: Filter): Promise<number>;
  /**
   * Runs an aggregation pipeline: where a sort follows a relation (`$lookup`), and to read the
   * first n entries of each parent of an inverse relation (`$unwind`, `$group` with `$firstN`,
   * MongoDB 5.2+). Only the stages `$match`, `$lookup` (localField/foreignField form), `$unwind`,
   * `$addFields`, `$sort`, `$skip`, `$limit`, `$group` and `$project` are used.
   */
  aggregate(collection: string, pipeline: readonly Filter[]): Promise<Doc[]>;
  /** Inserts or replaces each document by its `id`; returns how many were written. */
  upsertMany(collection: string, docs: readonly Doc[]): Promise<number>;
  /**
   * Applies every change, in order, or none of them (a transaction), and resolves only once the
   * write is durable (on disk for the embedded store; acknowledged by the configured write concern
   * on MongoDB). Rejects with {@link UniqueViolation} when a unique index refuses a document, with
   * ServiceUnavailableError when the database cannot take the write; nothing is applied then.
   */
  write(changes: readonly Change[], options?: WriteOptions): Promise<void>;
  /**
   * Puts `doc` (replacing the document with its id) only when the stored one matches `expected`,
   * or when there is none: a compare-and-set, atomic against every other writer, in this process
   * or another gateway (a lease taken only from its holder or once expired). Durable when it
   * resolves, as `write`; true when written, false when a document with the id did not match.
   */
  putIf(collection: string, doc: Doc, expected: Filter): Promise<boolean>;
  /** Removes the documents with these ids; returns how many there were. */
  deleteByIds(collection: string, ids: readonly number[]): Promise<number>;
  /** Reserves `n` consecutive ids from the collection's counter; returns the first. */
  allocateIds(collection: string, n: number): Promise<number>;
  /** Moves the counter so the next allocated id is greater than `id`. */
  reserveUpTo(collection: string, id: number): Promise<void>;
  /**
   * Creates the indexes (a no-op for those that exist). `keyFields` names the scalar fields reads
   * may filter or sort on: the embedded store keeps them as key columns from the first write, so
   * no read has to decode every document to learn one; MongoDB needs nothing for them.
   * `apartFields`: see {@link EnsureIndexesOptions}.
   */
  ensureIndexes(collection: string, indexes: readonly IndexSpec[], options?: EnsureIndexesOptions): Promise<void>;
  listIndexes(collection: string): Promise<string[]>;
  drop(collection: string): Promise<void>;
  /** Resolves when the backing database answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What answering a request needs of the store: reads only. */
export type ReadStore = Pick<Store, 'find' | 'count' | 'aggregate'>;
