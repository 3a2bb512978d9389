// The last place in each target's list of an ordered relation (link-order.ts), remembered between
// writes: a new link goes after it, so a write no longer reads every entry holding the target to
// find it (thousands for a popular tag). A remembered place is never below the list's true last
// place: every write that places a link raises it first, and a link removed or a list renumbered
// only leaves it higher, which still puts the next link last. On a store other gateways write to,
// nothing is remembered: their links would not raise it.
import { LRUCache } from 'lru-cache';

/** Targets whose last place is remembered at once; one forgotten is read again when next linked. */
const REMEMBERED_TARGETS = 100_000;

export class LastPlaces {
  private readonly known: LRUCache<string, number> | undefined;

  constructor(remember: boolean) {
    this.known = remember ? new LRUCache({ max: REMEMBERED_TARGETS }) : undefined;
  }

  /** The last place in the list (`read` finds it from the entries when it is not remembered). */
  async last(list: string, read: () => Promise<number>): Promise<number> {
    const known = this.known?.get(list);
    if (known !== undefined) return known;
    const found = await read();
    this.raise(list, found);
    return found;
  }

  /** The data changed other than through this gateway's writes (an import, another gateway): read again. */
  forget(): void {
    this.known?.clear();
  }

  /** A link placed at `place` in the list: the last place is at least that from now on. */
  raise(list: string, place: number): void {
    if (!this.known) return;
    this.known.set(list, Math.max(place, this.known.get(list) ?? 0));
  }
}

/** The key of a target's list: the owning collection, its relation field and the target's id. */
export const listOf = (collection: string, field: string, target: number) => `${collection}.${field}#${target}`;
