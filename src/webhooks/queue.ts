// One webhook's queued deliveries held in memory, lowest ids first, at most `capacity` (the rest
// wait in the store) -> the next ones to send: the first queued delivery of each entry (so one
// entry's deliveries arrive in the order of its changes), when due, while fewer than the
// webhook's concurrency are in flight.
import type { OutboxRow } from './outbox.ts';

export class DeliveryQueue {
  /** Sorted by id. */
  #rows: OutboxRow[] = [];
  readonly #ids = new Set<number>();
  readonly #inFlight = new Set<number>();
  /** False when the store holds queued deliveries past the last one held here. */
  #complete = true;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.#rows.length;
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Whether every queued delivery of the webhook the store has is held here. */
  get complete(): boolean {
    return this.#complete;
  }

  /** The highest id held (0 when none): the store is read after it. */
  get lastId(): number {
    return this.#rows.at(-1)?.id ?? 0;
  }

  has(id: number): boolean {
    return this.#inFlight.has(id) || this.#ids.has(id);
  }

  /**
   * Holds these deliveries, in id order. Past the capacity, the highest not in flight are let go
   * (and the queue is no longer complete); one after the last held, when the store holds others
   * before it not read yet, is left to the next read.
   */
  add(rows: readonly OutboxRow[], { complete }: { complete?: boolean } = {}): void {
    const last = this.lastId;
    const fresh = rows.filter((row) => !this.#ids.has(row.id) && (this.#complete || complete !== undefined || row.id < last));
    for (const row of fresh) this.#ids.add(row.id);
    this.#rows.push(...fresh);
    // Rows mostly come in id order (a write's, then the next write's): sorted only when one does not.
    if (fresh.some((row) => row.id < last) || !isSorted(fresh)) this.#rows.sort((a, b) => a.id - b.id);
    if (complete !== undefined) this.#complete = complete;
    while (this.#rows.length > this.capacity) {
      const index = this.#rows.findLastIndex((row) => !this.#inFlight.has(row.id));
      if (index < 0) break;
      this.#ids.delete(this.#rows[index]!.id);
      this.#rows.splice(index, 1);
      this.#complete = false;
    }
  }

  /**
   * The deliveries to send now (marked in flight): each entry's first, due at `now`, up to
   * `concurrency` in flight; and when the earliest one waiting becomes due.
   */
  take(now: number, concurrency: number): { ready: OutboxRow[]; wakeAt?: number } {
    const ready: OutboxRow[] = [];
    const lanes = new Set<string>();
    let wakeAt: number | undefined;
    for (const row of this.#rows) {
      if (this.#inFlight.size >= concurrency) break;
      if (lanes.has(row.lane)) continue;
      lanes.add(row.lane);
      if (this.#inFlight.has(row.id)) continue;
      const due = row.nextAt.getTime();
      if (due > now) {
        wakeAt = Math.min(wakeAt ?? due, due);
        continue;
      }
      this.#inFlight.add(row.id);
      ready.push(row);
    }
    return { ready, ...(wakeAt !== undefined ? { wakeAt } : {}) };
  }

  /** An attempt is over: the delivery is kept with its next attempt due (`again`), or let go (delivered, failed). */
  settle(id: number, again?: OutboxRow): void {
    this.#inFlight.delete(id);
    const index = this.#rows.findIndex((row) => row.id === id);
    if (index < 0) return;
    if (again) this.#rows[index] = again;
    else {
      this.#rows.splice(index, 1);
      this.#ids.delete(id);
    }
  }

  /**
   * Lets go of every delivery (the lease was lost); the store still holds them. Those in flight
   * stay marked so: read again meanwhile, they are not sent twice, and their attempt settles.
   */
  clear(): void {
    this.#rows = [];
    this.#ids.clear();
    this.#complete = false;
  }
}

function isSorted(rows: readonly OutboxRow[]): boolean {
  return rows.every((row, i) => i === 0 || rows[i - 1]!.id < row.id);
}
