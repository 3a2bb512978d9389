// The MongoDB store's change feed: a database change stream through the official driver
// (`db.watch`), narrowed to the collections asked for, with `fullDocument: 'updateLookup'` so an
// update names its entry (inserts and replacements carry theirs anyway). The driver resumes
// from its resume token by itself after a dropped connection or a change of primary; what it
// cannot resume from surfaces here as a FeedError saying what to do.
import { MongoServerError, type ChangeStream, type Db, type Document } from 'mongodb';
import { FeedError, type FeedCursor, type FeedEvent, type FeedFailure, type FeedOptions } from './change-feed.ts';

/** What the feed needs of the store: a connected database, and its reading of errors. */
export interface MongoFeedSource {
  connect(): Promise<Db>;
  isUnavailable(error: unknown): boolean;
}

/** Codes that mean the deployment has no change streams for us: a standalone, no privilege, no such stage. */
const UNSUPPORTED_CODES = new Set([
  13, // Unauthorized
  59, // CommandNotFound
  115, // CommandNotSupported
  40324, // unknown pipeline stage (before MongoDB 3.6)
  40573, // "The $changeStream stage is only supported on replica sets"
]);
/** Codes that mean the stream cannot go on from where it was. */
const LOST_CODES = new Set([
  136, // CappedPositionLost
  260, // InvalidResumeToken
  280, // ChangeStreamFatalError
  286, // ChangeStreamHistoryLost
]);

/** The stages after `$changeStream`: the events of these collections, and those that end or empty the database. */
export function feedStages(collections: readonly string[]): Document[] {
  const names = [...collections];
  return [{ $match: { $or: [{ 'ns.coll': { $in: names } }, { 'to.coll': { $in: names } }, { operationType: { $in: ['dropDatabase', 'invalidate'] } }] } }];
}

/** What a failure of the stream means for its watcher. */
export function feedFailureOf(error: unknown, isUnavailable: (error: unknown) => boolean): FeedFailure {
  if (error instanceof MongoServerError) {
    if (typeof error.code === 'number' && UNSUPPORTED_CODES.has(error.code)) return 'unsupported';
    if (error.hasErrorLabel('NonResumableChangeStreamError') || (typeof error.code === 'number' && LOST_CODES.has(error.code))) return 'lost';
  }
  return isUnavailable(error) ? 'unavailable' : 'failed';
}

/** A feed over `source`'s database; the stream is opened by the first `next`. */
export function mongoFeed(source: MongoFeedSource, options: FeedOptions): FeedCursor {
  let stream: ChangeStream | undefined;
  let closed = false;
  const open = async () => {
    const db = await source.connect();
    if (closed) throw new FeedError('failed', 'the feed was closed');
    return db.watch(feedStages(options.collections), {
      fullDocument: 'updateLookup',
      maxAwaitTimeMS: options.waitMs,
      ...(options.resumeAfter !== undefined ? { resumeAfter: options.resumeAfter } : {}),
    });
  };
  return {
    async next() {
      try {
        stream ??= await open();
        return (await stream.tryNext()) as FeedEvent | null;
      } catch (error) {
        if (error instanceof FeedError) throw error;
        throw new FeedError(feedFailureOf(error, source.isUnavailable), `the change stream failed: ${(error as Error).message}`, { cause: error });
      }
    },
    position: () => stream?.resumeToken ?? options.resumeAfter,
    async close() {
      closed = true;
      await stream?.close();
    },
  };
}
