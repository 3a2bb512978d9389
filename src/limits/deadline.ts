// A request's deadline: it passes when the time allowed has passed or the client went away. The
// store, the loaders and serialisation check it, so abandoned work stops early. It only knows
// time (pacing a large answer is src/query/pacing.ts's). It keeps its own state and listeners
// (an AbortController per request costs more than the rest of a small request's bookkeeping);
// `signal` makes one for code that wants an AbortSignal.
import { ServiceUnavailableError } from '../errors/errors.ts';

/** What the deadline follows of a client: an AbortSignal, or anything that can say it left. */
export interface ClientSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A ClientSignal without an AbortController (which costs more than a small request's other bookkeeping). */
export class ClientLeft implements ClientSignal {
  aborted = false;
  #listeners = new Set<() => void>();

  addEventListener(_type: 'abort', listener: () => void): void {
    this.#listeners.add(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.#listeners.delete(listener);
  }

  /** The client went away. */
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    for (const listener of this.#listeners) listener();
    this.#listeners.clear();
  }
}

export class Deadline {
  #reason: unknown;
  #passed = false;
  #listeners: Array<() => void> = [];
  #controller: AbortController | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly unfollow: () => void;

  /**
   * @param ms the time allowed, from now; `Infinity` for none.
   * @param client aborts when the client closes its connection (a Request's signal).
   */
  constructor(readonly ms: number, client?: ClientSignal) {
    if (Number.isFinite(ms)) {
      this.timer = setTimeout(() => this.pass(this.timeoutError()), ms);
      this.timer.unref();
    }
    const left = () => this.pass(new ServiceUnavailableError('The client closed the connection'));
    if (client?.aborted) left();
    client?.addEventListener('abort', left, { once: true });
    this.unfollow = () => client?.removeEventListener('abort', left);
  }

  /** Why the deadline passed (a ServiceUnavailableError); undefined while it has not. */
  get reason(): unknown {
    return this.#reason;
  }

  /** An AbortSignal that aborts when the deadline passes, made on first use. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = (this.#controller = new AbortController());
      if (this.#passed) controller.abort(this.#reason);
      else this.#listeners.push(() => controller.abort(this.#reason));
    }
    return this.#controller.signal;
  }

  private pass(reason: unknown): void {
    if (this.#passed) return;
    this.#passed = true;
    this.#reason = reason;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }

  /** A deadline that never passes (tools and tests that run without the HTTP edge). */
  static none(): Deadline {
    return new Deadline(Number.POSITIVE_INFINITY);
  }

  get passed(): boolean {
    return this.#passed;
  }

  /** @throws ServiceUnavailableError once the deadline has passed or the client left. */
  check(): void {
    if (this.#passed) throw this.#reason;
  }

  /** `work`'s outcome, or the deadline's error if it passes first. */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.#passed) return Promise.reject(this.#reason);
    return new Promise<T>((resolve, reject) => {
      const stop = () => reject(this.#reason);
      this.#listeners.push(stop);
      const done = () => {
        const at = this.#listeners.indexOf(stop);
        if (at >= 0) this.#listeners.splice(at, 1);
      };
      work.then(
        (value) => {
          done();
          resolve(value);
        },
        (error: unknown) => {
          done();
          reject(error);
        },
      );
    });
  }

  /** The request is answered: no timer or listener outlives it. */
  dispose(): void {
    clearTimeout(this.timer);
    this.unfollow();
  }

  /** Whether `error` is this deadline's own (passed, or the client left). */
  isOwn(error: unknown): boolean {
    return this.#passed && error === this.#reason;
  }

  private timeoutError(): ServiceUnavailableError {
    return new ServiceUnavailableError(`The request did not finish within its deadline of ${this.ms} ms and was stopped`, { deadlineMs: this.ms });
  }
}
