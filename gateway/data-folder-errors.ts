// An error met opening or writing a data folder (a system call's or SQLite's) -> one line for a
// person: the folder, what is wrong, what to do. Anything else is returned as it came.
import path from 'node:path';
import { ConfigurationError } from '../src/errors/errors.ts';

/** What a code says is wrong with the folder, or undefined when it is not the folder's fault. */
function whatIsWrong(error: NodeJS.ErrnoException): string | undefined {
  const where = error.path ? ` (${error.path})` : '';
  switch (error.code) {
    case 'EACCES':
    case 'EPERM':
      return `this user may not write there${where}, ${error.code}`;
    case 'EROFS':
      return `it is on a read-only file system${where}`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `a file is in the way of the folder${where}`;
    case 'ENOSPC':
    case 'SQLITE_FULL':
      return 'the disk is full';
    case 'SQLITE_CANTOPEN':
      return 'its database file cannot be opened';
    default:
      return error.code?.startsWith('SQLITE_READONLY') ? 'its database file may be read but not written' : undefined;
  }
}

const remedy = (error: NodeJS.ErrnoException) =>
  error.code === 'ENOSPC' || error.code === 'SQLITE_FULL'
    ? 'free some space, or give another folder (--data DIR)'
    : 'give a folder this user may write (--data DIR or DATA_DIR), or change the owner or mode of this one';

/**
 * `error` as a ConfigurationError naming the folder, what is wrong and what to do, when it is the
 * folder's fault; otherwise `error` itself.
 */
export function dataFolderError(error: unknown, dir: string): unknown {
  if (error instanceof ConfigurationError || !(error instanceof Error)) return error;
  const wrong = whatIsWrong(error as NodeJS.ErrnoException);
  if (!wrong) return error;
  return new ConfigurationError(`Cannot use the data folder ${path.resolve(dir)}: ${wrong}. To serve, ${remedy(error as NodeJS.ErrnoException)}.`);
}
