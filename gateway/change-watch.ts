// The change stream half of the data watch: the store's change feed in, each change forgotten as
// it arrives (change-events.ts says what). A feed that opens fresh forgets everything first: what
// changed before it opened is not in it. After an outage the feed is opened again where it stopped,
// nothing forgotten; when it cannot go on from there (its history is gone, or the stream ended),
// everything is forgotten and it starts from now. A deployment without change streams leaves the
// polling to do the work.
import type { ChangeFeed, FeedCursor, FeedFailure } from '../src/store/change-feed.ts';
import { FeedError } from '../src/store/change-feed.ts';
import { forgettingOf, type Forgetting, type Watched } from '../src/store/change-events.ts';

/** What the stream watch did, for logs and tests. */
export type StreamNote =
  | { kind: 'live'; resumed: boolean }
  | { kind: 'change'; operationType: string; forgetting: Forgetting }
  | { kind: 'interrupted'; failure: FeedFailure; error: unknown }
  | { kind: 'unsupported'; error: unknown };

export interface ChangeWatchDeps {
  feed: ChangeFeed;
  watched: Watched;
  /** Forgets what a change touched; `everything` when the feed (re)starts from now. */
  apply(forgetting: Forgetting): void;
  note(note: StreamNote): void;
  /** How long one getMore waits for changes (`maxAwaitTimeMS`). */
  waitMs: number;
  /** The pause before reopening after the `attempt`th failure in a row. */
  retryDelayMs(attempt: number): number;
}

export interface ChangeWatch {
  /** Whether the stream is open and followed: while it is, polling is not needed. */
  live(): boolean;
  /** Stops following at once; the stream is closed in the background (closing the store ends it). */
  stop(): Promise<void>;
}

export function watchChanges(deps: ChangeWatchDeps): ChangeWatch {
  const state = { live: false, stopped: false, failures: 0, cursor: undefined as FeedCursor | undefined, wake: () => {} };
  const follow = async (cursor: FeedCursor, resumed: boolean) => {
    for (let opened = false; !state.stopped; ) {
      const event = await cursor.next();
      if (state.stopped) return;
      if (!opened) {
        opened = state.live = true;
        state.failures = 0;
        if (!resumed) deps.apply({ kind: 'everything' });
        deps.note({ kind: 'live', resumed });
      }
      if (!event) continue;
      const forgetting = forgettingOf(event, deps.watched);
      deps.apply(forgetting);
      deps.note({ kind: 'change', operationType: event.operationType, forgetting });
      // The stream ended (a dropped database): start again from now.
      if (event.operationType === 'invalidate') return;
    }
  };
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    state.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  /** Follows one stream until it ends (undefined) or fails; closes it either way. */
  const attempt = async (cursor: FeedCursor, resumed: boolean): Promise<{ failure: FeedFailure; error: unknown } | undefined> => {
    try {
      await follow(cursor, resumed);
      return undefined;
    } catch (error) {
      return { failure: error instanceof FeedError ? error.failure : 'failed', error };
    } finally {
      state.live = false;
      await cursor.close().catch(() => undefined);
    }
  };
  const run = async () => {
    let resumeAfter: unknown;
    while (!state.stopped) {
      const cursor = (state.cursor = deps.feed.openChanges({ collections: [...deps.watched.content, deps.watched.settings], resumeAfter, waitMs: deps.waitMs }));
      const failed = await attempt(cursor, resumeAfter !== undefined);
      // Ended (an invalidate), or cannot resume: start from now. Else resume where it stopped.
      resumeAfter = failed && failed.failure !== 'lost' ? cursor.position() : undefined;
      if (!failed || state.stopped) continue;
      if (failed.failure === 'unsupported') return deps.note({ kind: 'unsupported', error: failed.error });
      deps.note({ kind: 'interrupted', ...failed });
      // A stream that cannot resume starts again at once (the first time); an outage is waited out.
      const atOnce = failed.failure === 'lost' && state.failures === 0;
      state.failures += 1;
      if (!atOnce) await pause(deps.retryDelayMs(state.failures));
    }
  };
  // run() handles the feed's failures itself; what escapes it is a defect, reported as a failure.
  void run().catch((error: unknown) => deps.note({ kind: 'interrupted', failure: 'failed', error }));
  return {
    live: () => state.live,
    async stop() {
      state.stopped = true;
      state.wake();
      // Not waited for: with the database away, closing the stream (killCursors) or the driver's
      // own resume would hold the shutdown for DB_TIMEOUT_MS; closing the store ends them.
      void state.cursor?.close().catch(() => undefined);
    },
  };
}
