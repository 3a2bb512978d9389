// A request's deadline: an AbortSignal that fires when the time allowed has passed or the client
// went away. The store, the loaders and serialisation check it, so abandoned work stops early.
import { ServiceUnavailableError } from '../errors/errors.ts';
import { Pacer } from './slices.ts';

export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly unfollow: () => void;
  private readonly pacer = new Pacer();

  /**
   * @param ms the time allowed, from now; `Infinity` for none.
   * @param client aborts when the client closes its connection (a Request's signal).
   */
  constructor(readonly ms: number, client?: AbortSignal) {
    this.signal = this.controller.signal;
    if (Number.isFinite(ms)) {
      this.timer = setTimeout(() => this.controller.abort(this.timeoutError()), ms);
      this.timer.unref();
    }
    const left = () => this.controller.abort(new ServiceUnavailableError('The client closed the connection'));
    if (client?.aborted) left();
    client?.addEventListener('abort', left, { once: true });
    this.unfollow = () => client?.removeEventListener('abort', left);
  }

  /** A deadline that never passes (tools and tests that run without the HTTP edge). */
  static none(): Deadline {
    return new Deadline(Number.POSITIVE_INFINITY);
  }

  get passed(): boolean {
    return this.signal.aborted;
  }

  /** @throws ServiceUnavailableError once the deadline has passed or the client left. */
  check(): void {
    if (this.signal.aborted) throw this.signal.reason;
  }

  /** `work`'s outcome, or the deadline's error if it passes first. */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.signal.aborted) return Promise.reject(this.signal.reason);
    return new Promise<T>((resolve, reject) => {
      const stop = () => reject(this.signal.reason);
      this.signal.addEventListener('abort', stop, { once: true });
      work.then(resolve, reject).finally(() => this.signal.removeEventListener('abort', stop));
    });
  }

  /**
   * `value` at once while this request's current slice of work is short; once it is spent, a
   * promise of `value` kept until the event loop has had a turn. Waiting callers are let through
   * one at a time, each after the work the previous one started, until the next slice is spent:
   * a resolver that returns this lets GraphQL complete a large level in slices, not all at once.
   * The promise rejects with the deadline's error if it passed meanwhile.
   */
  pace<T>(value: T): T | Promise<T> {
    this.entries++;
    if (this.waiting.length === 0 && !this.pacer.tired()) return value;
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => (this.signal.aborted ? reject(this.signal.reason) : resolve(value)));
      this.scheduleRelease();
    });
  }

  /** Entries resolved so far (each passes {@link pace}): how large the answer is. */
  entries = 0;
  private readonly waiting: Array<() => void> = [];
  private releaseScheduled = false;
  private readonly afterPacing: Array<() => void> = [];

  /**
   * Runs `callback` on a later turn of the event loop, once every caller {@link pace} holds has
   * been let through: a DataLoader batch scheduled so still gathers the keys of its whole level.
   */
  readonly schedule = (callback: () => void): void => {
    setImmediate(() => this.whenPaced(callback));
  };

  private whenPaced(callback: () => void): void {
    if (this.waiting.length === 0 && !this.releaseScheduled) callback();
    else this.afterPacing.push(callback);
  }

  private scheduleRelease(): void {
    if (this.releaseScheduled) return;
    this.releaseScheduled = true;
    setImmediate(() => {
      this.releaseScheduled = false;
      this.pacer.restart();
      this.releaseNext();
    });
  }

  /** Lets one waiter through, then (after the microtask its work begins in) the next, while the slice lasts. */
  private readonly releaseNext = (): void => {
    if (this.waiting.length === 0) {
      for (const callback of this.afterPacing.splice(0)) this.schedule(callback);
      return;
    }
    if (this.pacer.tired() && !this.signal.aborted) return this.scheduleRelease();
    this.waiting.shift()!();
    queueMicrotask(this.releaseNext);
  };

  /** The request is answered: no timer or listener outlives it. */
  dispose(): void {
    clearTimeout(this.timer);
    this.unfollow();
  }

  /** Whether `error` is this deadline's own (passed, or the client left). */
  isOwn(error: unknown): boolean {
    return this.signal.aborted && error === this.signal.reason;
  }

  private timeoutError(): ServiceUnavailableError {
    return new ServiceUnavailableError(`The request did not finish within its deadline of ${this.ms} ms and was stopped`, { deadlineMs: this.ms });
  }
}
