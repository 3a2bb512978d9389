// The last step of every write: its events go out once the store has acknowledged it. Recorders
// add changes to the same atomic write (an outbox, a raised measurement), so what they record
// survives exactly when the write does; subscribers hear of the committed write before it answers
// (the response cache forgets what it changed), and can neither fail nor hold it: a throw is
// reported and ignored, a promise not awaited.
import type { Change } from '../store/store.ts';
import type { Committed } from './events.ts';

/** Told of each acknowledged write, synchronously, before it answers. Must be quick; may not throw. */
export type Subscriber = (committed: Committed) => void;

/** Changes to write atomically with a write's own: called before the commit, with what it will write. */
export type Recorder = (pending: Committed) => readonly Change[] | Promise<readonly Change[]>;

export class Lifecycle {
  readonly #subscribers = new Set<Subscriber>();
  readonly #recorders = new Set<Recorder>();

  /** @param report where a subscriber's error goes (the gateway's log). */
  constructor(private readonly report: (error: unknown) => void = () => {}) {}

  /** Hears of every acknowledged write from now on; returns what stops it. */
  subscribe(subscriber: Subscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  /** Adds changes to every write from now on; returns what stops it. */
  record(recorder: Recorder): () => void {
    this.#recorders.add(recorder);
    return () => this.#recorders.delete(recorder);
  }

  /**
   * What the recorders add to a write of these events and changes; without waiting when none of
   * them waits (most writes). A recorder that fails fails the write.
   */
  recorded(pending: Committed): Change[] | Promise<Change[]> {
    const added: Change[] = [];
    const recorders = [...this.#recorders];
    for (const [index, recorder] of recorders.entries()) {
      const changes = recorder(pending);
      if (changes instanceof Promise) return this.recordedWaiting(pending, recorders.slice(index + 1), added, changes);
      added.push(...changes);
    }
    return added;
  }

  private async recordedWaiting(pending: Committed, rest: readonly Recorder[], added: Change[], waiting: Promise<readonly Change[]>): Promise<Change[]> {
    added.push(...(await waiting));
    for (const recorder of rest) added.push(...(await recorder(pending)));
    return added;
  }

  /** Tells every subscriber of an acknowledged write. */
  emit(committed: Committed): void {
    for (const subscriber of this.#subscribers) {
      try {
        const result = subscriber(committed) as unknown;
        if (result instanceof Promise) result.catch(this.report);
      } catch (error) {
        this.report(error);
      }
    }
  }
}
