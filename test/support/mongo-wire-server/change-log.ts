// The device's oplog, as change streams read it: each committed change of a document or a
// collection in, at a position (cluster time, then its index within a transaction); entries out
// in commit order. A transaction's changes arrive together at its commit, under one cluster time;
// an aborted one's never arrive. The history is bounded: past the bound, or when a test says so,
// the oldest entries are gone, as a capped oplog loses them.
import type { EngineDoc } from './values.ts';

/** One change a write made, as the oplog keeps it. */
export type WriteRecord =
  | { op: 'insert' | 'replace'; db: string; coll: string; id: unknown; doc: EngineDoc }
  | { op: 'update'; db: string; coll: string; id: unknown; before: EngineDoc; doc: EngineDoc }
  | { op: 'delete'; db: string; coll: string; id: unknown }
  | { op: 'drop'; db: string; coll: string }
  | { op: 'dropDatabase'; db: string };

/** Where an entry sits: cluster time `t`/`i`, then `op` (1 for the first change of a transaction; 0 is "before any"). */
export interface Position {
  t: number;
  i: number;
  op: number;
}

/** The session of the transaction a change came from. */
export interface TransactionId {
  lsid: unknown;
  txnNumber: bigint;
}

export interface LogEntry {
  at: Position;
  wallTime: Date;
  record: WriteRecord;
  txn?: TransactionId;
}

/** The last op index: a position after every change at its cluster time. */
export const LAST_OP = 0xffffffff;
const DEFAULT_HISTORY = 10_000;

export function comparePositions(a: Position, b: Position): number {
  return a.t - b.t || a.i - b.i || a.op - b.op;
}

export class ChangeLog {
  private entries: LogEntry[] = [];
  private clock: Position = { t: 0, i: 0, op: 0 };
  /** The newest entry no longer held: a resume point before it has lost its history. */
  private lostUpTo: Position | undefined;
  private waiters = new Set<() => void>();

  constructor(private readonly limit = DEFAULT_HISTORY) {}

  /** Records changes committed together (a transaction's, or one write's), waking every waiting reader. */
  append(records: readonly WriteRecord[], txn?: TransactionId): void {
    if (records.length === 0) return;
    const now = Math.floor(Date.now() / 1000);
    this.clock = now > this.clock.t ? { t: now, i: 1, op: 0 } : { t: this.clock.t, i: this.clock.i + 1, op: 0 };
    const wallTime = new Date();
    records.forEach((record, index) => this.entries.push({ at: { ...this.clock, op: index + 1 }, wallTime, record, ...(txn ? { txn } : {}) }));
    if (this.entries.length > this.limit) this.drop(this.entries.length - this.limit);
    this.wake();
  }

  /** The entries after `position`, oldest first. */
  after(position: Position): LogEntry[] {
    const first = this.entries.findIndex((entry) => comparePositions(entry.at, position) > 0);
    return first < 0 ? [] : this.entries.slice(first);
  }

  /** Whether an entry sits exactly at `position`. */
  holds(position: Position): boolean {
    return this.entries.some((entry) => comparePositions(entry.at, position) === 0);
  }

  /** Whether the changes after `position` are no longer all held. */
  lostSince(position: Position): boolean {
    return this.lostUpTo !== undefined && comparePositions(position, this.lostUpTo) < 0;
  }

  /** A position after every change recorded so far: where a new stream starts. */
  latest(): Position {
    return { t: this.clock.t, i: this.clock.i, op: LAST_OP };
  }

  /** The cluster time of the latest change (a reply's `operationTime`). */
  latestTime(): { t: number; i: number } {
    return { t: this.clock.t, i: this.clock.i };
  }

  /** Forgets every entry recorded so far, as an oplog that rolled over. */
  truncate(): void {
    this.drop(this.entries.length);
  }

  /** Resolves at the next append, or after `ms`. */
  waitForAppend(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  /** Ends every wait now (the server stops). */
  wake(): void {
    for (const done of [...this.waiters]) done();
  }

  private drop(count: number): void {
    const dropped = this.entries.splice(0, count);
    const last = dropped.at(-1);
    if (last) this.lostUpTo = last.at;
  }
}
