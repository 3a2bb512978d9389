// What a write needs beyond a read's scope: the store's write side, and the lifecycle its commits
// go through (recorders add to the write; subscribers hear of it before it answers). Writes of one
// gateway run one after the other: a write reads the entries it changes, checks unique values and
// applies its changes with no other write between.
import type { Store } from '../../store/store.ts';
import { Lifecycle } from '../lifecycle.ts';

export interface Writer {
  readonly store: Pick<Store, 'find' | 'count' | 'aggregate' | 'write' | 'allocateIds'>;
  readonly lifecycle: Lifecycle;
  /** Runs `work` once every write started before it has settled. */
  readonly serially: <T>(work: () => Promise<T>) => Promise<T>;
}

/** A writer over `store`, committing through `lifecycle` (one of its own when absent). */
export function createWriter(store: Writer['store'], lifecycle: Lifecycle = new Lifecycle()): Writer {
  let last: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    last = next.catch(() => undefined);
    return next;
  };
  return Object.freeze({ store, lifecycle, serially });
}
