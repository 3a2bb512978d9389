// SQLite's planner statistics (`ANALYZE`, whole, never sampled): gathered at open where missing or
// stale (database.ts), for each index reads made, and as committed changes accumulate, each time
// after the current work. A sample (`analysis_limit`) read the first rows of each index only: at
// 200,000 articles every field then looked as selective as `author` (at most 401 entries a value,
// `locale` included, which has 100,000), and the planner counted an author's articles by walking
// every English one (300 ms against 2 ms).
import type Database from 'better-sqlite3';
import { dropSamples, quoted } from './database.ts';

export class PlannerStatistics {
  /** Changes committed since the store opened. */
  private changes = 0;
  /** `changes` when the statistics were last gathered. */
  private gatheredAt = 0;
  private scheduled = false;
  /** Indexes made since the last gathering: each is analyzed alone, not its whole table. */
  private readonly made = new Set<string>();
  /** Whether committed changes asked for every table's statistics to be checked. */
  private stale = false;

  constructor(private readonly db: Database.Database) {}

  /** Counts committed changes; gathers again once they have doubled since the last time (1,000 to 100,000 apart). */
  committed(changes: number): void {
    this.changes += changes;
    const due = Math.max(1000, Math.min(this.gatheredAt, 100_000));
    if (this.changes - this.gatheredAt < due) return;
    this.stale = true;
    this.schedule();
  }

  /** Gathers the statistics of these new indexes (a walk of each, not of their tables), after the current work. */
  indexesMade(indexes: readonly string[]): void {
    if (indexes.length === 0) return;
    indexes.forEach((index) => this.made.add(index));
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.gather());
  }

  private gather(): void {
    this.scheduled = false;
    const made = [...this.made];
    this.made.clear();
    const stale = this.stale;
    this.stale = false;
    if (!this.db.open) return;
    try {
      for (const index of made) this.db.exec(`ANALYZE ${quoted(index)}`);
      if (stale) {
        this.gatheredAt = this.changes;
        this.db.pragma('optimize = 0x10002');
      }
      if (made.length > 0 || stale) dropSamples(this.db);
    } catch {
      // Statistics only guide the planner: when the disk refuses them, the old ones serve.
    }
  }
}
