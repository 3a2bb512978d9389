// The data watch: on MongoDB other processes write, and a gateway must forget what they changed.
// On a replica set or mongos the change stream says each change as it commits (change-watch.ts);
// on a standalone, and whenever the stream is not open, the write marks and the import version
// are polled every DATA_POLL_MS instead. An import's new version (seen either way) makes the
// gateway read the access settings again, drop its kept answers and measure the data again.
import { dataVersion, loadVersionedSettings, SETTINGS_COLLECTION, type AccessSettings } from '../src/auth/settings.ts';
import type { ContentModel } from '../src/model/types.ts';
import { hasChangeFeed } from '../src/store/change-feed.ts';
import type { Forgetting } from '../src/store/change-events.ts';
import type { Store } from '../src/store/store.ts';
import { changedCollections, readWriteMarks, type WriteMarks } from '../src/store/write-marks.ts';
import type { Gateway } from './app.ts';
import { watchChanges, type StreamNote } from './change-watch.ts';
import type { Logger } from './observability/logger.ts';

/** What the watch last read: the import version and the write marks. */
export interface Seen {
  version?: string;
  marks?: WriteMarks;
}

/** What the data watch did: the stream's notes, and the polling's. */
export type WatchNote = StreamNote | { kind: 'marks'; collections: string[] } | { kind: 'import'; version: string };

export interface DataWatchParts {
  model: ContentModel;
  store: Store;
  /** The access settings served: undefined until the store is prepared, replaced after an import. */
  settings: { current?: AccessSettings };
  gateway: Pick<Gateway, 'forget' | 'forgetCollections' | 'forgetEverything' | 'dataChanged' | 'loadMeasurement'>;
  logger: Logger;
  /** DATA_POLL_MS. */
  pollMs: number;
  /** Told of everything the watch did, after it did it. */
  note?(note: WatchNote): void;
}

/** How long one getMore of the change stream waits for changes: MongoDB's own default. */
const CHANGE_WAIT_MS = 1000;
const retryDelayMs = (attempt: number) => Math.min(5000, 250 * attempt);

/** Starts watching; returns what stops it. */
export function watchData(parts: DataWatchParts, seen: Seen): () => Promise<void> {
  const note = (what: WatchNote) => {
    logNote(parts.logger, what);
    parts.note?.(what);
  };
  const checkImport = importCheck(parts, seen, note);
  const stream = hasChangeFeed(parts.store)
    ? watchChanges({
        feed: parts.store,
        watched: { content: new Set([...parts.model.contentTypes.values()].map((ct) => ct.collectionName)), settings: SETTINGS_COLLECTION },
        apply: (forgetting) => applyForgetting(parts.gateway, forgetting, checkImport),
        note,
        waitMs: CHANGE_WAIT_MS,
        retryDelayMs,
      })
    : undefined;
  const poll = marksPoll(parts, seen, note, checkImport);
  const timer = setInterval(() => {
    if (!stream?.live()) void poll();
  }, parts.pollMs).unref();
  return async () => {
    clearInterval(timer);
    await stream?.stop();
  };
}

function applyForgetting(gateway: DataWatchParts['gateway'], forgetting: Forgetting, checkImport: () => Promise<void>): void {
  switch (forgetting.kind) {
    case 'changes':
      return gateway.forget(forgetting.changes);
    case 'collections':
      return gateway.forgetCollections(forgetting.collections);
    case 'everything':
      return gateway.forgetEverything();
    case 'settings':
      return void checkImport();
    case 'nothing':
      return;
    default:
      return forgetting satisfies never;
  }
}

/** One poll: the write marks (collections other gateways wrote), then the import version. */
function marksPoll(parts: DataWatchParts, seen: Seen, note: (what: WatchNote) => void, checkImport: () => Promise<void>): () => Promise<void> {
  let polling = false;
  return async () => {
    if (!parts.settings.current || polling) return;
    polling = true;
    try {
      const marks = await readWriteMarks(parts.store);
      const changed = seen.marks ? changedCollections(seen.marks, marks) : [];
      seen.marks = marks;
      if (changed.length) {
        parts.gateway.forgetCollections(changed);
        note({ kind: 'marks', collections: changed });
      }
      await checkImport();
    } catch (error) {
      parts.logger.warn({ err: error }, 'reading the write marks failed; kept answers stay until they are read');
    } finally {
      polling = false;
    }
  };
}

/** Reads the import version, and on a new one the access settings; one check at a time. */
function importCheck(parts: DataWatchParts, seen: Seen, note: (what: WatchNote) => void): () => Promise<void> {
  const { store, settings, gateway, logger } = parts;
  const check = async () => {
    if (!settings.current) return;
    const version = await dataVersion(store);
    if (version === undefined || version === seen.version) return;
    const loaded = await loadVersionedSettings(store);
    settings.current = loaded.settings;
    seen.version = loaded.version;
    gateway.dataChanged();
    note({ kind: 'import', version: loaded.version });
    await gateway.loadMeasurement();
  };
  let last = Promise.resolve();
  return () => {
    last = last.then(check).catch((error) => logger.warn({ err: error }, 'reading the data version failed; kept answers stay until it is read'));
    return last;
  };
}

function logNote(logger: Logger, note: WatchNote): void {
  switch (note.kind) {
    case 'live':
      return logger.info({ resumed: note.resumed }, note.resumed ? 'the change stream resumed where it stopped' : 'the change stream is open: other gateways\' writes are forgotten as they commit');
    case 'unsupported':
      return logger.info({ err: note.error }, 'no change streams on this deployment (a standalone?): other gateways\' writes are learnt from the write marks every DATA_POLL_MS');
    case 'interrupted':
      return logger.warn({ err: note.error, failure: note.failure }, note.failure === 'lost' ? 'the change stream cannot resume: every kept answer is dropped and it starts again' : 'the change stream stopped: polling the write marks until it resumes');
    case 'import':
      return logger.info({ version: note.version }, 'the data changed (an import): access settings read again, kept answers dropped');
    case 'change':
    case 'marks':
      return logger.debug(note.kind === 'change' ? { operationType: note.operationType, forgot: note.forgetting.kind } : { collections: note.collections }, 'another process changed the data');
    default:
      return note satisfies never;
  }
}
