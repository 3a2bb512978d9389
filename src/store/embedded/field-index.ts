// One indexed field of a collection -> which document slots hold each value (an array field counts
// for each of its elements, as a MongoDB multikey index does) and which hold null or nothing.
import { Bitmap } from './bitmap.ts';

/** Slots: a bitmap when many, a set when few. */
export type Slots = Bitmap | ReadonlySet<number>;

/** Postings larger than this are also kept as a bitmap, so intersecting them costs words, not slots. */
const DENSE = 512;

/** A stable key for an indexable scalar; undefined for what the index does not hold (objects, arrays). */
export function valueKey(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${value}`;
    case 'boolean':
      return `b${value}`;
    case 'bigint':
      return `n${value}`;
    default:
      return value instanceof Date ? `d${value.getTime()}` : undefined;
  }
}

export class FieldIndex {
  /** Slots whose value is null or missing (MongoDB's `{ field: null }`). */
  readonly nulls = new Bitmap();
  private readonly postings = new Map<string, Set<number>>();
  private readonly bitmaps = new Map<string, Bitmap>();

  constructor(readonly field: string) {}

  add(slot: number, value: unknown): void {
    if (value === null || value === undefined) {
      this.nulls.add(slot);
      return;
    }
    for (const key of this.keysOf(value)) {
      let posting = this.postings.get(key);
      if (!posting) this.postings.set(key, (posting = new Set()));
      posting.add(slot);
      this.bitmaps.get(key)?.add(slot);
    }
  }

  remove(slot: number, value: unknown): void {
    this.nulls.delete(slot);
    if (value === null || value === undefined) return;
    for (const key of this.keysOf(value)) {
      const posting = this.postings.get(key);
      posting?.delete(slot);
      if (posting?.size === 0) this.postings.delete(key);
      this.bitmaps.get(key)?.delete(slot);
    }
  }

  /** Slots holding any of `values` (or an array with one of them), or undefined if one cannot be indexed. */
  holding(values: readonly unknown[]): Slots | undefined {
    const postings: Array<{ key: string; slots: Set<number> }> = [];
    for (const value of values) {
      const key = valueKey(value);
      if (key === undefined) return undefined;
      const slots = this.postings.get(key);
      if (slots) postings.push({ key, slots });
    }
    if (postings.length === 1) return this.dense(postings[0].key, postings[0].slots);
    const total = postings.reduce((sum, { slots }) => sum + slots.size, 0);
    if (total <= DENSE) return new Set(postings.flatMap(({ slots }) => [...slots]));
    return postings.reduce((union, { key, slots }) => union.or(this.denseBitmap(key, slots)), new Bitmap());
  }

  private dense(key: string, slots: Set<number>): Slots {
    return slots.size > DENSE ? this.denseBitmap(key, slots) : slots;
  }

  private denseBitmap(key: string, slots: Set<number>): Bitmap {
    let bitmap = this.bitmaps.get(key);
    if (!bitmap) this.bitmaps.set(key, (bitmap = Bitmap.of(slots)));
    return bitmap;
  }

  private keysOf(value: unknown): string[] {
    const values = Array.isArray(value) ? value : [value];
    return values.map(valueKey).filter((key): key is string => key !== undefined);
  }
}
