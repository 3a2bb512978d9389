// A rank group's checkpoints: every so many entries of the group, in the group's order, the
// position (key, id) of one entry and how many entries come before it. SQL walks at most one
// bucket (the entries between two checkpoints) from a checkpoint, so a count or an offset costs a
// binary search here and a short walk there, whatever the group's size. Pure: no SQL.
import type { SortDirection } from '../store.ts';
import { compareKeys, type Key } from './keys.ts';

/** One entry's position in a group's order: its order key, ties broken by id ascending. */
export interface Position {
  readonly key: Key;
  readonly id: number;
}

export class Checkpoints {
  private readonly keys: Key[] = [];
  private readonly ids: number[] = [];
  private readonly ranks: number[] = [];
  /** Entries in the group (with a key: entries whose order key is NULL are not in it). */
  size = 0;

  constructor(
    readonly direction: SortDirection,
    /** Entries between checkpoints when built; a bucket past four times this asks for a rebuild. */
    readonly spacing: number,
  ) {}

  get length(): number {
    return this.keys.length;
  }

  /** Appends a checkpoint at `position`, with `rank` entries before it (built in order). */
  add(position: Position, rank: number): void {
    this.keys.push(position.key);
    this.ids.push(position.id);
    this.ranks.push(rank);
  }

  at(index: number): Position {
    return { key: this.keys[index], id: this.ids[index] };
  }

  /** Entries before checkpoint `index`; 0 for -1, the group's start. */
  rank(index: number): number {
    return index < 0 ? 0 : this.ranks[index];
  }

  /** The last checkpoint with at most `rank` entries before it, or -1 (the group's start). */
  bucketOf(rank: number): number {
    return this.lastWhere((index) => this.ranks[index] <= rank);
  }

  /**
   * The last checkpoint whose key does not pass `passes`, or -1. `passes` must be monotone along
   * the group's order (false, then true): the first entry passing it lies in that checkpoint's bucket.
   */
  lastFailing(passes: (key: Key) => boolean): number {
    return this.lastWhere((index) => !passes(this.keys[index]));
  }

  /**
   * The bucket an entry at `position` lies in: the last checkpoint at or before it, or -1 (the
   * entries before the first checkpoint). Bucket `i` holds the entries from checkpoint `i`'s
   * position up to, not including, checkpoint `i + 1`'s.
   */
  bucketAt(position: Position): number {
    return this.lastWhere((index) => this.compare(this.at(index), position) <= 0);
  }

  /**
   * An entry at `position` came (`delta` 1) or went (-1): the checkpoints after it move. Says
   * whether the bucket it came into now holds more than four times the spacing.
   */
  shift(position: Position, delta: 1 | -1): boolean {
    const after = this.bucketAt(position) + 1;
    for (let index = after; index < this.ranks.length; index++) this.ranks[index] += delta;
    this.size += delta;
    const end = after < this.ranks.length ? this.ranks[after] : this.size;
    return delta > 0 && end - this.rank(after - 1) > 4 * this.spacing;
  }

  /** Order of two positions in the group. */
  compare(a: Position, b: Position): number {
    const byKey = compareKeys(a.key, b.key) * this.direction;
    return byKey !== 0 ? byKey : a.id - b.id;
  }

  /** The last index for which `holds` is true, `holds` being true then false along the indexes. */
  private lastWhere(holds: (index: number) => boolean): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (holds(middle)) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }
}
