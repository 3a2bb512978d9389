// Id counters (`_counters`): handed out from memory, written by the next group commit. A create
// allocates an id and then writes the entry; writing the counter at the allocation cost a
// transaction and an fsync of its own, on the event loop, per create. Now the group that commits
// the entry (or any earlier group) commits the counter too, so no stored document ever has an id
// the counter on disk is below. Ids handed out but never written may be handed out again after a
// crash, which nobody can tell: no document and no acknowledged answer carries them.
import type Database from 'better-sqlite3';

const RAISE = 'INSERT INTO _counters (name, seq) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET seq = max(seq, excluded.seq)';

export class IdCounters {
  /** The last id handed out (or reserved) per counter, once read. */
  private readonly last = new Map<string, number>();
  /** Counters moved in memory since they were last committed. */
  private readonly unsaved = new Set<string>();
  private statements?: { raise: Database.Statement; read: Database.Statement };

  constructor(private readonly db: Database.Database) {}

  /** `n` consecutive ids of `name`'s counter; the first. */
  allocate(name: string, n: number): number {
    const first = this.lastOf(name) + 1;
    this.last.set(name, first + n - 1);
    this.unsaved.add(name);
    return first;
  }

  /** Moves the counter so the next id is above `id`, on disk at once (imports). */
  reserveUpTo(name: string, id: number): void {
    this.prepared().raise.run(name, id);
    this.last.set(name, Math.max(this.lastOf(name), id));
  }

  /** Forgets the counter (its collection was dropped); the caller deletes its row in the same transaction. */
  drop(name: string): void {
    this.last.delete(name);
    this.unsaved.delete(name);
  }

  /**
   * Inside a group's transaction: writes every counter moved since its last commit. Returns what
   * to run once the group is committed (those counters are then on disk), if anything was written.
   */
  save(): (() => void) | undefined {
    if (this.unsaved.size === 0) return undefined;
    const saved = [...this.unsaved].map((name) => [name, this.last.get(name)!] as const);
    const { raise } = this.prepared();
    for (const [name, seq] of saved) raise.run(name, seq);
    return () => {
      for (const [name, seq] of saved) if (this.last.get(name) === seq) this.unsaved.delete(name);
    };
  }

  private lastOf(name: string): number {
    let found = this.last.get(name);
    if (found === undefined) {
      const row = this.prepared().read.get(name) as { seq: number } | undefined;
      found = row?.seq ?? 0;
      this.last.set(name, found);
    }
    return found;
  }

  private prepared(): { raise: Database.Statement; read: Database.Statement } {
    return (this.statements ??= { raise: this.db.prepare(RAISE), read: this.db.prepare('SELECT seq FROM _counters WHERE name = ?') });
  }
}
