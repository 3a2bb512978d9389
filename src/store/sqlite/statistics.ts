// SQLite's planner statistics (`PRAGMA optimize`, sampled): gathered at open (database.ts), after
// reads made indexes, and as committed changes accumulate, each time after the current work.
import type Database from 'better-sqlite3';

export class PlannerStatistics {
  /** Changes committed since the store opened. */
  private changes = 0;
  /** `changes` when the statistics were last gathered. */
  private gatheredAt = 0;
  private scheduled = false;

  constructor(private readonly db: Database.Database) {}

  /** Counts committed changes; gathers again once they have doubled since the last time (1,000 to 100,000 apart). */
  committed(changes: number): void {
    this.changes += changes;
    const due = Math.max(1000, Math.min(this.gatheredAt, 100_000));
    if (this.changes - this.gatheredAt >= due) this.gather();
  }

  /** Gathers the statistics where they are missing or stale, after the current work. */
  gather(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.gatheredAt = this.changes;
      if (!this.db.open) return;
      try {
        this.db.pragma('optimize = 0x10002');
      } catch {
        // Statistics only guide the planner: when the disk refuses them, the old ones serve.
      }
    });
  }
}
