// Group commit: the writes that arrive while one commit is prepared share one SQLite transaction,
// each in a SAVEPOINT of its own so a write one refuses (a unique index) leaves the others in (a
// write alone in its group needs none). Once COMMIT returns, a write is visible (its `visible` is
// called) and waits for the fsync that makes it durable (durability.ts), which several groups
// share; then it resolves. A write refused, or whose fsync failed, rejects.
import type Database from 'better-sqlite3';
import { asStoreError } from './database.ts';
import type { Durability } from './durability.ts';

/** A write's changes, applied in the group's transaction; what it returns runs once they are committed. */
export type Apply = () => (() => void) | void;

interface Pending {
  apply: Apply;
  visible?: () => void;
  committed?: () => void;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Database.Database,
    /** Sorts an error a write's changes threw (a unique index's refusal) into the store's errors. */
    private readonly refusal: (error: unknown) => unknown,
    /** Told after each commit, so cached answers are dropped; `rolledBack` when a change was undone. */
    private readonly settled: (rolledBack: boolean) => void,
    /** Waits for the disk after each commit; once it failed, nothing more is committed. */
    private readonly durability: Pick<Durability, 'afterCommit' | 'failed'>,
    /** Runs first in every group's transaction (state kept in memory until then: id counters); what it returns runs once committed. */
    private readonly opening: () => (() => void) | undefined = () => undefined,
  ) {}

  /**
   * Runs `apply` in the next group's transaction; settles once the group is durable. What
   * `apply` returns runs right after the COMMIT, before any other read (in-memory state that
   * must follow only committed changes); then `visible`, then the wait for the disk.
   */
  submit(apply: Apply, visible?: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ apply, visible, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits every queued write now (also what `close` calls first). */
  flush(): void {
    this.scheduled = false;
    const group = this.queue;
    this.queue = [];
    if (group.length === 0) return;
    const failed = this.durability.failed;
    if (failed) return group.forEach((write) => write.reject(failed));
    if (group.length === 1) return this.flushAlone(group[0]!);
    const applied: Pending[] = [];
    let opened: (() => void) | undefined;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      opened = this.opening();
      for (const write of group) if (this.applyOne(write)) applied.push(write);
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      const refused = asStoreError(error);
      // Nothing of the group is on disk: every write is refused (one already refused stays so).
      for (const write of group) write.reject(refused);
      this.settled(true);
      return;
    }
    opened?.();
    for (const write of applied) write.committed?.();
    this.settled(applied.length < group.length);
    this.whenDurable(applied);
  }

  /** The committed writes made visible, then resolved once on disk (rejected if the disk failed). */
  private whenDurable(writes: readonly Pending[]): void {
    for (const write of writes) write.visible?.();
    this.durability.afterCommit().then(
      () => writes.forEach((write) => write.resolve()),
      (error: unknown) => writes.forEach((write) => write.reject(error)),
    );
  }

  /**
   * A group of one write (a gateway's writes come one at a time) needs no savepoint: it commits or
   * rolls back whole, as the group does. A savepoint would write each page the write changes a
   * second time, into its journal: a write touching several collections paid that on every page.
   */
  private flushAlone(write: Pending): void {
    let opened: (() => void) | undefined;
    try {
      this.db.exec('BEGIN IMMEDIATE');
      opened = this.opening();
      write.committed = write.apply() ?? undefined;
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      // The disk refusing it, or its own changes (a unique index): nothing of it is on disk.
      const failed = asStoreError(error);
      write.reject(failed !== error ? failed : this.refusal(error));
      this.settled(true);
      return;
    }
    opened?.();
    write.committed?.();
    this.settled(false);
    this.whenDurable([write]);
  }

  /** One write in its savepoint; false (and the write rejected) when its changes threw. */
  private applyOne(write: Pending): boolean {
    this.db.exec('SAVEPOINT write');
    try {
      write.committed = write.apply() ?? undefined;
      this.db.exec('RELEASE write');
      return true;
    } catch (error) {
      // The disk refusing one write refuses the group: nothing of it is committed. (SQLite may
      // have rolled the whole transaction back already, savepoint included.)
      if (asStoreError(error) !== error || !this.db.inTransaction) throw error;
      this.db.exec('ROLLBACK TO write');
      this.db.exec('RELEASE write');
      const refused = this.refusal(error);
      write.reject(refused);
      return false;
    }
  }
}
