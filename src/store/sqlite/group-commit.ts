// Group commit: a write is applied at once, in the open transaction, and visible from then on (its
// `visible` is called). The transaction commits at the end of the event loop's turn, or, while an
// fsync of the log runs, once it is done (the writes applied meanwhile would wait for the next
// fsync anyway), or once it holds MAX_GROUP writes; its writes settle once an fsync after that
// COMMIT returned (durability.ts). A gateway's writes run one after another, the next one prepared
// from what the last one applied, so the writes of one group share every page they change: one
// log frame per page per group instead of per write.
//
// A write its own changes refuse (a unique index) is undone alone: the first of a group by
// rolling the transaction back, a later one by its savepoint (taken only when it `mayRefuse`: a
// savepoint copies every page the write changes). When the disk refuses a later write, or the
// COMMIT, the whole group is lost after some of it was seen: every write of it is rejected and
// the store is lost (`settled('lost')`), taking nothing more until the gateway restarts.
import type Database from 'better-sqlite3';
import { asStoreError } from './database.ts';
import type { Durability } from './durability.ts';

/** A write's changes, applied in the group's transaction; what it returns runs once they are applied. */
export type Apply = () => (() => void) | void;

/** How a write ended in the transaction: applied, undone alone, or lost with its whole group. */
export type Outcome = 'applied' | 'undone' | 'lost';

export interface SubmitOptions {
  /** Called once the write is applied: every later read sees it. */
  visible?: () => void;
  /** False when nothing in the write can be refused by its own changes (no unique index): no savepoint. */
  mayRefuse?: boolean;
}

interface Settle {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Writes in one transaction at most: a turn that keeps writing still commits. */
export const MAX_GROUP = 100;

export class GroupCommit {
  /** The writes applied in the open transaction; undefined when none is open. */
  private group: Settle[] | undefined;

  constructor(
    private readonly db: Database.Database,
    /** Sorts an error a write's changes threw (a unique index's refusal) into the store's errors. */
    private readonly refusal: (error: unknown) => unknown,
    /** Told after each write is applied or undone, and when a group is lost (cached answers go). */
    private readonly settled: (outcome: Outcome) => void,
    /** Waits for the disk after each commit; takes the failure that lost a group. */
    private readonly durability: Pick<Durability, 'afterCommit' | 'failed' | 'fail' | 'whenIdle'>,
    /** Runs last in every group's transaction (state kept in memory until then: id counters); what it returns runs once committed. */
    private readonly closing: () => (() => void) | undefined = () => undefined,
  ) {}

  /** Applies `apply` in the open group (opening one); settles once the group's COMMIT is durable. */
  submit(apply: Apply, options: SubmitOptions = {}): Promise<void> {
    return new Promise((resolve, reject) => {
      const failed = this.durability.failed;
      if (failed) return reject(failed);
      const write = { resolve, reject };
      const applied = this.group ? this.join(apply, write, options.mayRefuse ?? true) : this.open(apply, write);
      if (!applied) return;
      applied.done?.();
      this.settled('applied');
      options.visible?.();
      if (this.group && this.group.length >= MAX_GROUP) this.flush();
    });
  }

  /** Commits the open group now (also what `close` calls first). */
  flush(): void {
    const group = this.group;
    if (!group) return;
    this.group = undefined;
    try {
      const closed = this.closing();
      this.db.exec('COMMIT');
      closed?.();
    } catch (error) {
      return this.lose(group, error);
    }
    this.durability.afterCommit().then(
      () => group.forEach((write) => write.resolve()),
      (error: unknown) => group.forEach((write) => write.reject(error)),
    );
  }

  /** The first write of a group: the transaction begins with it; refused, it is rolled back whole. */
  private open(apply: Apply, write: Settle): { done: (() => void) | void } | undefined {
    try {
      this.db.exec('BEGIN IMMEDIATE');
      const done = apply();
      this.group = [write];
      setImmediate(() => this.durability.whenIdle(() => this.flush()));
      return { done };
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      // The disk refusing it, or its own changes (a unique index): nothing of it is in the store.
      const failed = asStoreError(error);
      write.reject(failed !== error ? failed : this.refusal(error));
      this.settled('undone');
      return undefined;
    }
  }

  /** A later write: in its savepoint when it may be refused; the disk refusing it loses the group. */
  private join(apply: Apply, write: Settle, mayRefuse: boolean): { done: (() => void) | void } | undefined {
    const group = this.group!;
    if (mayRefuse) this.db.exec('SAVEPOINT write');
    try {
      const done = apply();
      if (mayRefuse) this.db.exec('RELEASE write');
      group.push(write);
      return { done };
    } catch (error) {
      if (!mayRefuse || asStoreError(error) !== error || !this.db.inTransaction) {
        this.group = undefined;
        this.lose([...group, write], error);
        return undefined;
      }
      this.db.exec('ROLLBACK TO write');
      this.db.exec('RELEASE write');
      write.reject(this.refusal(error));
      this.settled('undone');
      return undefined;
    }
  }

  /** The group's transaction is rolled back after its writes were seen: each is rejected, the store lost. */
  private lose(writes: readonly Settle[], error: unknown): void {
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    const failure = this.durability.fail(asStoreError(error));
    for (const write of writes) write.reject(failure);
    this.settled('lost');
  }
}
