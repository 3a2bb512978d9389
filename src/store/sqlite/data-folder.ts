// The embedded store's data folder: the database file, and a lock file naming the process that
// uses it, so a second gateway on the same folder stops instead of writing beside the first. A
// lock left by a process that is gone (killed, crashed) is taken over. Also backup and restore.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError } from '../../errors/errors.ts';
import { EmbeddedStore } from '../embedded-store.ts';
import { openDatabase } from './database.ts';

/** The database file in a data folder. */
export const DATABASE_FILE = 'store.db';
const LOCK_FILE = 'gateway.lock';

/** A data folder held by this process: its store, and what lets the folder go. */
export interface HeldDataFolder {
  store: EmbeddedStore;
  /** Whether the folder held a database before (false: created now). */
  existed: boolean;
}

/**
 * Locks `dir` (creating it), then opens its store; `replace` first removes the data it holds.
 * Closing the store lets the folder go.
 * @throws ConfigurationError when another live process holds the folder.
 */
export function openDataFolder(dir: string, options: { replace?: boolean } = {}): HeldDataFolder {
  mkdirSync(dir, { recursive: true });
  const release = lock(dir);
  try {
    const file = path.join(dir, DATABASE_FILE);
    if (options.replace) removeDatabase(file);
    const existed = existsSync(file);
    const store = new EmbeddedStore({ file, onClose: release });
    return { store, existed };
  } catch (error) {
    release();
    throw error;
  }
}

/** Another live process holds the folder's lock (`holder`, its pid). */
export class DataFolderInUse extends ConfigurationError {
  constructor(
    readonly dir: string,
    readonly holder: number,
  ) {
    super(`The data folder ${path.resolve(dir)} is in use by another gateway (process ${holder}). Stop it first, or give this one another folder (--data DIR).`);
    this.name = 'DataFolderInUse';
  }
}

/** Folders this process holds (its pid in their lock file cannot tell two of its stores apart). */
const held = new Set<string>();

/** Takes the folder's lock; returns what releases it. */
export function lock(dir: string): () => void {
  const file = path.join(dir, LOCK_FILE);
  const key = path.resolve(file);
  if (held.has(key)) throw new ConfigurationError(`The data folder ${path.resolve(dir)} is in use by another gateway (process ${process.pid}, this one). Give this one another folder (--data DIR).`);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.add(key);
      return () => {
        held.delete(key);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw new DataFolderInUse(dir, holder);
      // Left by a process that is gone: take it over.
      unlinkSync(file);
    }
  }
  throw new ConfigurationError(`Could not lock the data folder ${path.resolve(dir)}: its lock file keeps changing.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Copies the folder's database, consistent as of one moment, to `to` while a gateway may be
 * serving from it (SQLite's online backup; the copy is a database file of the same format).
 */
export async function backupDataFolder(dir: string, to: string): Promise<void> {
  const file = path.join(dir, DATABASE_FILE);
  if (!existsSync(file)) throw new ConfigurationError(`No embedded store in ${path.resolve(dir)} (no ${DATABASE_FILE}): nothing to back up.`);
  const db = openDatabase(file, { existing: true });
  try {
    await db.backup(`${to}.partial`);
    renameSync(`${to}.partial`, to);
  } finally {
    db.close();
  }
}

/**
 * Replaces the folder's data with a backup. Takes the folder's lock, so it refuses while a
 * gateway serves from it; the backup is checked (format, integrity) before anything is replaced.
 */
export function restoreDataFolder(dir: string, from: string): void {
  mkdirSync(dir, { recursive: true });
  const release = lock(dir);
  try {
    const backup = openDatabase(from, { existing: true });
    const check = backup.pragma('integrity_check', { simple: true });
    backup.close();
    if (check !== 'ok') throw new ConfigurationError(`The backup ${from} is damaged (${String(check)}); nothing was restored.`);
    const file = path.join(dir, DATABASE_FILE);
    const staged = `${file}.restoring`;
    const copy = openDatabase(from, { existing: true });
    copy.exec(`VACUUM INTO '${staged.replaceAll("'", "''")}'`);
    copy.close();
    removeDatabase(file);
    renameSync(staged, file);
  } finally {
    release();
  }
}
