// The change feed port: a store that other processes write to tells its watchers of each committed
// change, in commit order, and can resume after the last one read. The MongoDB store has one
// (change streams, on a replica set or mongos); the embedded store, which one process owns, has none.

/** A change as the feed says it: the part of MongoDB's change event the gateway reads. */
export interface FeedEvent {
  operationType: string;
  ns?: { db: string; coll?: string };
  /** A rename's new namespace. */
  to?: { db: string; coll: string };
  /** The document after the change (inserts, replacements; updates when it could be looked up), null when gone. */
  fullDocument?: Record<string, unknown> | null;
}

/** Why a feed stopped, which says what to do next. */
export type FeedFailure =
  /** The deployment has no feed (a standalone MongoDB), or the user may not read it: poll instead. */
  | 'unsupported'
  /** The feed cannot continue from where it was (its history is gone): what changed meanwhile is unknown. */
  | 'lost'
  /** The database is away or changing primary: resume from the last position once it is back. */
  | 'unavailable'
  /** Anything else: resume from the last position, later. */
  | 'failed';

export class FeedError extends Error {
  constructor(
    readonly failure: FeedFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FeedError';
  }
}

/** An open feed. */
export interface FeedCursor {
  /** The next change, or null when none came within the feed's wait. Rejects with a FeedError. */
  next(): Promise<FeedEvent | null>;
  /** Where to resume after everything `next` returned so far; undefined before the feed opened. */
  position(): unknown;
  close(): Promise<void>;
}

export interface FeedOptions {
  /** The collections whose changes matter (a database's other collections are left out). */
  collections: readonly string[];
  /** A position from {@link FeedCursor.position}: start right after it; absent, start now. */
  resumeAfter?: unknown;
  /** How long one wait for changes lasts before `next` answers null. */
  waitMs: number;
}

export interface ChangeFeed {
  /** Opens a feed of the changes committed from now (or after `resumeAfter`); nothing is sent until `next`. */
  openChanges(options: FeedOptions): FeedCursor;
}

export function hasChangeFeed(store: object): store is ChangeFeed {
  return typeof (store as Partial<ChangeFeed>).openChanges === 'function';
}
