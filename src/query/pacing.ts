// A request's pacing of its GraphQL levels: each resolved entry passes `pace`, which holds callers
// once the current slice of work is spent, and DataLoader batches wait (`schedule`) until every
// held caller of their level went through. So a large answer is completed in slices, other
// requests run between them, and a batch still gathers the keys of its whole level.
import type { Deadline } from '../limits/deadline.ts';
import { Pacer } from '../limits/slices.ts';

export class Pacing {
  /** Entries resolved so far (each passes {@link pace}): how large the answer is. */
  #entries = 0;
  readonly #pacer: Pacer;
  readonly #waiting: Array<() => void> = [];
  readonly #afterPacing: Array<() => void> = [];
  #releaseScheduled = false;

  /** @param deadline held callers are rejected with its error once it has passed. */
  constructor(private readonly deadline: Deadline, pacer = new Pacer()) { this.#pacer = pacer; }

  get entries(): number {
    return this.#entries;
  }

  /**
   * `value` at once while the current slice of work is short; once it is spent, a promise of
   * `value` kept until the event loop has had a turn. Waiting callers are let through one at a
   * time, each after the work the previous one started, until the next slice is spent. The
   * promise rejects with the deadline's error if it passed meanwhile.
   */
  pace<T>(value: T): T | Promise<T> {
    this.#entries++;
    if (this.#waiting.length === 0 && !this.#pacer.tired()) return value;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(() => (this.deadline.passed ? reject(this.deadline.reason) : resolve(value)));
      this.scheduleRelease();
    });
  }

  /**
   * Runs `callback` on a later turn of the event loop, once every caller {@link pace} holds has
   * been let through: DataLoader's `batchScheduleFn`.
   */
  readonly schedule = (callback: () => void): void => {
    setImmediate(() => this.whenPaced(callback));
  };

  private whenPaced(callback: () => void): void {
    if (this.#waiting.length === 0 && !this.#releaseScheduled) callback();
    else this.#afterPacing.push(callback);
  }

  private scheduleRelease(): void {
    if (this.#releaseScheduled) return;
    this.#releaseScheduled = true;
    setImmediate(() => {
      this.#releaseScheduled = false;
      this.#pacer.restart();
      this.releaseNext();
    });
  }

  /** Lets one waiter through, then (after the microtask its work begins in) the next, while the slice lasts. */
  private readonly releaseNext = (): void => {
    if (this.#waiting.length === 0) {
      for (const callback of this.#afterPacing.splice(0)) this.schedule(callback);
      return;
    }
    if (this.#pacer.tired() && !this.deadline.passed) return this.scheduleRelease();
    this.#waiting.shift()!();
    queueMicrotask(this.releaseNext);
  };
}
