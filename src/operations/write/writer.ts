// What a write needs beyond a read's scope: the store's write side, and whom to tell once a write
// is applied (the response cache forgets, other gateways learn), before its answer goes out.
// Writes of one gateway run one after the other: a write reads the entries it changes, checks
// unique values and applies its changes with no other write between.
import type { Change, Store } from '../../store/store.ts';

export interface Writer {
  readonly store: Pick<Store, 'find' | 'count' | 'aggregate' | 'write' | 'allocateIds'>;
  /** Told of every applied write, before its answer: must not throw. */
  readonly written: (changes: readonly Change[]) => void;
  /** Runs `work` once every write started before it has settled. */
  readonly serially: <T>(work: () => Promise<T>) => Promise<T>;
}

/** A writer over `store`, telling `written` of each write. */
export function createWriter(store: Writer['store'], written: Writer['written'] = () => {}): Writer {
  let last: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };
  return Object.freeze({ store, written, serially });
}
