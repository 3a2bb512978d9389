// What a write needs beyond a read's scope: the store's write side, and the lifecycle its commits
// go through (recorders add to the write; subscribers hear of it before it answers). Writes of one
// gateway run one after the other: a write reads the entries it changes, checks unique values and
// applies its changes with no other write between. The next write starts once the last one's
// changes are visible, while the disk makes them durable (several writes share one fsync).
import type { Store } from '../../store/store.ts';
import { Lifecycle } from '../lifecycle.ts';
import { LastPlaces } from './last-places.ts';

export interface Writer {
  readonly store: Pick<Store, 'find' | 'count' | 'aggregate' | 'write' | 'allocateIds'>;
  readonly lifecycle: Lifecycle;
  /** The last places of ordered relations' lists, remembered between this gateway's writes. */
  readonly places: LastPlaces;
  /**
   * Runs `work` once every write started before it has settled or called its `visible` (its
   * changes are seen by every later read); settles as `work` does.
   */
  readonly serially: <T>(work: (visible: () => void) => Promise<T>) => Promise<T>;
}

/**
 * A writer over `store`, committing through `lifecycle` (one of its own when absent). `shared`:
 * other gateways write to the store too (nothing of their writes is remembered here).
 */
export function createWriter(store: Writer['store'], lifecycle: Lifecycle = new Lifecycle(), options: { shared?: boolean } = {}): Writer {
  let last: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: (visible: () => void) => Promise<T>): Promise<T> => {
    let visible = () => {};
    const seen = new Promise<void>((resolve) => (visible = resolve));
    const next = last.then(() => work(visible));
    last = Promise.race([seen, next.then(() => undefined, () => undefined)]);
    return next;
  };
  return Object.freeze({ store, lifecycle, places: new LastPlaces(!options.shared), serially });
}
