// A set of small non-negative integers (a collection's document slots) as bits: intersections,
// unions and counts cost a word per 32 slots, whatever the set sizes, which is what keeps a count
// over 200,000 entries as cheap as over 2,000.
export class Bitmap {
  private words: Uint32Array;

  constructor(capacity = 32) {
    this.words = new Uint32Array(Math.max(1, Math.ceil(capacity / 32)));
  }

  static of(slots: Iterable<number>): Bitmap {
    const bitmap = new Bitmap();
    for (const slot of slots) bitmap.add(slot);
    return bitmap;
  }

  /** Every slot below `size`. */
  static full(size: number): Bitmap {
    const bitmap = new Bitmap(size);
    bitmap.words.fill(0xffffffff);
    const spare = bitmap.words.length * 32 - size;
    if (spare > 0) bitmap.words[bitmap.words.length - 1] >>>= spare;
    return bitmap;
  }

  add(slot: number): void {
    const word = slot >>> 5;
    if (word >= this.words.length) this.grow(word + 1);
    this.words[word] |= 1 << (slot & 31);
  }

  delete(slot: number): void {
    const word = slot >>> 5;
    if (word < this.words.length) this.words[word] &= ~(1 << (slot & 31));
  }

  has(slot: number): boolean {
    const word = slot >>> 5;
    return word < this.words.length && (this.words[word] & (1 << (slot & 31))) !== 0;
  }

  /** A new bitmap of the slots in both. */
  and(other: Bitmap): Bitmap {
    const out = new Bitmap(Math.min(this.words.length, other.words.length) * 32);
    for (let i = 0; i < out.words.length; i++) out.words[i] = this.words[i] & other.words[i];
    return out;
  }

  /** A new bitmap of the slots in this one and not in `other`. */
  andNot(other: Bitmap): Bitmap {
    const out = new Bitmap(this.words.length * 32);
    for (let i = 0; i < this.words.length; i++) out.words[i] = this.words[i] & ~(other.words[i] ?? 0);
    return out;
  }

  /** A new bitmap of the slots in either. */
  or(other: Bitmap): Bitmap {
    const out = new Bitmap(Math.max(this.words.length, other.words.length) * 32);
    for (let i = 0; i < out.words.length; i++) out.words[i] = (this.words[i] ?? 0) | (other.words[i] ?? 0);
    return out;
  }

  /** How many slots are set. */
  count(): number {
    let total = 0;
    for (let word of this.words) {
      word -= (word >>> 1) & 0x55555555;
      word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
      total += (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }

  *[Symbol.iterator](): IterableIterator<number> {
    for (let i = 0; i < this.words.length; i++) {
      let word = this.words[i];
      while (word !== 0) {
        const low = word & -word;
        yield i * 32 + (31 - Math.clz32(low));
        word ^= low;
      }
    }
  }

  private grow(words: number): void {
    const grown = new Uint32Array(Math.max(words, this.words.length * 2));
    grown.set(this.words);
    this.words = grown;
  }
}
