// The embedded store's SQLite file: opened with its durability settings (WAL, committed without
// an fsync: durability.ts makes commits durable off the event loop; a bounded page cache), its catalogue tables created, its format version checked;
// and SQLite's errors sorted into "the disk refused" and the rest. docs/storage.md has the format.
import Database from 'better-sqlite3';
import { ServiceUnavailableError } from '../../errors/errors.ts';

/** The file format this code writes (`PRAGMA user_version`); docs/storage.md describes each. */
export const FORMAT_VERSION = 4;

/**
 * Bytes per database page. A page is read with one system call (6 to 7 µs each here, whatever its
 * size up to 32 KiB), and the entries of a list page lie side by side: at 200,000 articles, 25 of
 * them were read in about 200 µs with SQLite's default of 4 KiB pages, 100 µs with 16 KiB.
 */
const PAGE_BYTES = 16 * 1024;

/** The page cache's bound: 64 MiB, whatever the data's size. */
const CACHE_KIB = 64 * 1024;

const CATALOGUE = `
  CREATE TABLE IF NOT EXISTS _collections (name TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS _fields (collection TEXT, field TEXT, holds INTEGER NOT NULL, learned INTEGER NOT NULL, PRIMARY KEY (collection, field)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS _indexes (collection TEXT, name TEXT, spec TEXT NOT NULL, PRIMARY KEY (collection, name)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS _counters (name TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS _ranks (collection TEXT, name TEXT, definition TEXT NOT NULL, PRIMARY KEY (collection, name)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS _apart (collection TEXT, field TEXT, PRIMARY KEY (collection, field)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS _statistics (whole INTEGER PRIMARY KEY);
`;

/**
 * Opens (creating) the database at `file` (`:memory:` for one that lives in the process only).
 * `existing` opens a file that must exist and changes nothing in it (backup, restore's check).
 */
export function openDatabase(file: string, options: { existing?: boolean } = {}): Database.Database {
  const existing = options.existing ?? false;
  const db = new Database(file, { fileMustExist: existing });
  try {
    if (!existing) {
      // A new file only (an existing one keeps its own): pages hold several documents each.
      db.pragma(`page_size = ${PAGE_BYTES}`);
      db.pragma('journal_mode = WAL');
      // No fsync in COMMIT: durability.ts fsyncs the log on the thread pool before a write is
      // acknowledged. A checkpoint still fsyncs the log before it and the database after it.
      db.pragma('synchronous = NORMAL');
    }
    db.pragma(`cache_size = -${CACHE_KIB}`);
    // A write that may be refused (a unique index) runs in a savepoint, whose copies of the pages it
    // changes SQLite spills past 64 KiB to a temporary file made and unlinked in every transaction:
    // in memory instead, a publish took 15 % less CPU (docs/decisions.md).
    db.pragma('temp_store = MEMORY');
    checkFormat(db, file, existing);
    if (!existing) {
      db.exec(CATALOGUE);
      gatherStatistics(db);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Statistics for SQLite's planner, only where they are missing or stale, whole (statistics.ts).
 * A file whose statistics may be an earlier release's samples (no row in `_statistics`) is
 * analyzed whole once (about 0.9 s at 200,000 articles).
 */
function gatherStatistics(db: Database.Database): void {
  if (db.prepare('SELECT 1 FROM _statistics').get()) {
    db.pragma('optimize = 0x10002');
    dropSamples(db);
    return;
  }
  db.exec('ANALYZE');
  dropSamples(db);
  db.prepare('INSERT INTO _statistics (whole) VALUES (1)').run();
}

/**
 * Deletes the samples of values `ANALYZE` keeps (`sqlite_stat4`) and reloads the statistics, so
 * SQLite plans from each index's averages (`sqlite_stat1`) alone. With samples, a statement with a
 * parameter on an indexed column is planned again each time it runs with a new value: 20-55 µs with
 * the indexes an article collection learns, where the read itself takes 1-16. What the samples
 * chose by value, walking a page's order or reading its range, the store chooses by the range's
 * count (embedded-store.ts `walkedThrough`).
 */
export function dropSamples(db: Database.Database): void {
  if (!db.prepare(`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'`).get()) return;
  // Reloading the statistics makes every prepared statement prepare again: only when samples went.
  if (db.prepare('DELETE FROM sqlite_stat4').run().changes > 0) db.exec('ANALYZE sqlite_schema');
}

function checkFormat(db: Database.Database, file: string, existing: boolean): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > FORMAT_VERSION) {
    throw new Error(`${file} is in the embedded store's format ${version}; this release reads format ${FORMAT_VERSION} and older. Run the release that wrote it, or restore a backup.`);
  }
  // Format 4 reads the files of formats 1 to 3 as they are (tables.ts adds the `apart` column of
  // formats 1 and 2); from now on a collection's key columns may live in its documents' table.
  if (version < FORMAT_VERSION && !existing) db.pragma(`user_version = ${FORMAT_VERSION}`);
}

/** SQLite's codes for a disk that refused a write: full, read-only, an I/O error, a lock held. */
const REFUSED = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|NOMEM|PROTOCOL)/;

/** `error` as ServiceUnavailableError when the disk refused; as it is otherwise. */
export function asStoreError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && REFUSED.test(code)) {
    return new ServiceUnavailableError(`The embedded store could not write to disk (${code}); nothing was written`, { code });
  }
  return error;
}

/**
 * A page's `LIMIT` written into the statement (-1: none). SQLite plans with a LIMIT's value, so
 * a LIMIT given as a parameter re-plans the statement every time it runs (about 20 µs with the
 * indexes an article collection learns, where the read itself takes 1-3); written in, it is
 * planned once per statement and page size, which are few (a page holds at most a few hundred).
 * @throws Error for anything but an integer of -1 or more (it becomes SQL text).
 */
export function sqlLimit(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < -1) throw new Error(`A page's limit must be an integer of -1 or more, not ${limit}`);
  return `LIMIT ${limit}`;
}

/** Quotes an SQL identifier. */
export function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
