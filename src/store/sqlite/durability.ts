// Commits made visible before they are on disk -> each acknowledged once on disk. SQLite commits
// into the write-ahead log without an fsync (`synchronous = NORMAL`); this module then runs one
// fsync of the log at a time on libuv's thread pool, off the event loop, and settles every commit
// made before that fsync began. Commits made while one runs wait for the next: one fsync covers
// all of them. An fsync that fails fails the store for good (the kernel may have dropped the pages
// it could not write: a later fsync would succeed without them), so nothing after it is acknowledged.
import { open, type FileHandle } from 'node:fs/promises';
import { ServiceUnavailableError } from '../../errors/errors.ts';

/** Makes everything written to the log so far durable. */
export type Sync = () => Promise<void>;

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

export class Durability {
  private waiting: Waiter[] = [];
  private running: Promise<void> | undefined;
  /** What runs once the fsyncs running now are done (`whenIdle`). */
  private idle: Array<() => void> = [];
  private failure: ServiceUnavailableError | undefined;
  /** fsyncs run so far (tests count them). */
  syncs = 0;

  constructor(private readonly sync: Sync) {}

  /** Resolves once every commit made before this call is durable; rejects when the disk failed. */
  afterCommit(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.running) this.running = this.next();
    });
  }

  /** Why the store takes no more writes, once an fsync failed; undefined until then. */
  get failed(): ServiceUnavailableError | undefined {
    return this.failure;
  }

  /**
   * Fails the store for good: a group of writes already seen was rolled back (group-commit.ts).
   * Returns the failure every later write is refused with (the first one, if it had failed already).
   */
  fail(error: unknown): ServiceUnavailableError {
    this.failure ??= new ServiceUnavailableError(`The embedded store could not commit writes it had applied (${causeOf(error)}); it takes no more writes until the gateway is restarted`, { code: 'COMMIT_FAILED' });
    return this.failure;
  }

  /**
   * Runs `run` once no fsync runs: now when none does. A group commit waits so for its COMMIT: the
   * writes applied meanwhile would wait for the next fsync anyway, and share one COMMIT this way.
   */
  whenIdle(run: () => void): void {
    if (!this.running) return run();
    this.idle.push(run);
  }

  /** Resolves once no fsync runs (every waiter settled): what closing waits for. */
  async drained(): Promise<void> {
    while (this.running) await this.running;
  }

  /** fsyncs for the waiters, a batch at a time, until none waits. */
  private async next(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        if (this.failure) throw this.failure;
        this.syncs += 1;
        await this.sync();
        for (const waiter of batch) waiter.resolve();
      } catch (error) {
        this.failure ??= refusal(error);
        for (const waiter of [...batch, ...this.waiting]) waiter.reject(this.failure);
        this.waiting = [];
      }
    }
    this.running = undefined;
    const idle = this.idle;
    this.idle = [];
    for (const run of idle) run();
  }
}

function refusal(error: unknown): ServiceUnavailableError {
  return new ServiceUnavailableError(`The embedded store could not make a write durable (fsync failed: ${causeOf(error)}); it takes no more writes until the gateway is restarted`, { code: 'FSYNC_FAILED' });
}

/** An error's code, else its message. */
function causeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const details = (error as { details?: { code?: unknown } }).details;
  if (typeof details?.code === 'string') return details.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

/**
 * The fsync of `database`'s write-ahead log (`<file>-wal`), opened at the first sync (SQLite makes
 * the file with the first commit) and kept open; `close` lets it go. The log is the same file for
 * as long as the database is open: SQLite removes it only when its last connection closes.
 */
export function walSync(database: string): { sync: Sync; close(): Promise<void> } {
  let handle: Promise<FileHandle> | undefined;
  return {
    sync: async () => {
      handle ??= open(`${database}-wal`, 'r');
      await (await handle).datasync();
    },
    close: async () => {
      const opened = handle;
      handle = undefined;
      await (await opened?.catch(() => undefined))?.close();
    },
  };
}
