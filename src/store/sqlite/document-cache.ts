// Documents read from disk, decoded once and frozen, kept by collection and id within a bound in
// bytes: repeated reads (the related entries of every page, a small collection read whole) skip
// SQLite and the decoder, and hand out the same object, so what readers keep by identity (a date's
// ISO text, a JSON attribute parsed) is reused. A document is kept when it is read again soon
// enough that it would still have been kept from its first read: the reads remembered (a Bloom
// filter, RecentReads) add up to at most the bytes the cache keeps. Random pages of a collection
// many times larger than the bound are then rarely kept: keeping them would only push the shared
// ones out and leave garbage for the old generation. At 200,000 articles a random page of one kind
// took 565-622 µs to read in process when reads were remembered in an LRU of string keys, 490-500
// with nothing remembered, and 323-346 with the filter and numeric keys. Writes forget what they
// change.
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../deep-freeze.ts';
import { decodeRow, type StoredRow } from './document-codec.ts';
import type { Doc } from '../store.ts';

/** A decoded document takes a few times its serialised size in the heap. */
const HEAP_PER_STORED_BYTE = 3;

/** What a decoded document counts against the bound, from its row's length (both parts). */
const heapSize = (storedLength: number) => Math.max(1, storedLength * HEAP_PER_STORED_BYTE);

export class DocumentCache {
  private readonly docs: LRUCache<number, Doc>;
  /** Documents read lately and not kept. */
  private readonly recent: RecentReads;
  /** Each collection's number, the high part of its documents' keys. */
  private readonly collections = new Map<string, number>();

  constructor(maxBytes: number) {
    this.docs = new LRUCache<number, Doc>({ maxSize: Math.max(1, maxBytes) });
    this.recent = new RecentReads(Math.max(1, maxBytes));
  }

  /**
   * The document stored as `row`: the kept one, or decoded (and kept when `keep` and read before).
   * A row read without its apart part is never kept, but counts as a read.
   */
  decoded(collection: string, id: number, row: StoredRow, keep = true): Doc {
    const key = this.keyOf(collection, id);
    const found = this.docs.get(key);
    if (found) return found;
    const size = heapSize(row.doc.length + (row.apart?.length ?? 0));
    if (row.apart === undefined || !keep || !this.recent.has(key)) {
      if (keep) this.recent.add(key, size);
      return decodeRow(row.doc, row.apart);
    }
    // Frozen, since every reader gets this one object.
    const doc = deepFreeze(decodeRow(row.doc, row.apart));
    this.docs.set(key, doc, { size });
    return doc;
  }

  /** Whether the document's next read (whole, to be kept) would keep it: it was read lately and not kept. */
  wouldKeep(collection: string, id: number): boolean {
    return this.recent.has(this.keyOf(collection, id));
  }

  /** The kept document, or undefined. */
  get(collection: string, id: number): Doc | undefined {
    return this.docs.get(this.keyOf(collection, id));
  }

  /**
   * A document just written, as its row's `length` stored it: kept in place of the one read before
   * (a read after the write, such as the write's own answer, then skips SQLite and the decoder)
   * when that one was kept or read lately. Frozen, as every kept one: the writer hands it over.
   */
  written(collection: string, doc: Doc, length: number): void {
    const key = this.keyOf(collection, doc.id);
    if (!this.docs.has(key) && !this.recent.has(key)) return;
    this.docs.set(key, deepFreeze(doc), { size: heapSize(length) });
  }

  forget(collection: string, id: number): void {
    this.docs.delete(this.keyOf(collection, id));
  }

  clear(): void {
    this.docs.clear();
    this.recent.clear();
  }

  /** A document's key: its collection's number above its id (ids stay below 2^40). */
  private keyOf(collection: string, id: number): number {
    let number = this.collections.get(collection);
    if (number === undefined) this.collections.set(collection, (number = this.collections.size));
    return number * 2 ** 40 + id;
  }
}

/** Bits of the reads remembered: 2^20, so at most a few in a thousand keys seem read when they were not. */
const RECENT_BITS = 2 ** 20;

/**
 * The documents read lately, as a Bloom filter (two bits a key) forgotten all at once each time
 * the reads it remembers add up to the cache's bytes: the same window as the cache, on average
 * half of it, with no allocation per read. A key it wrongly reports as read only lets a document
 * be kept on its first read.
 */
class RecentReads {
  private readonly bits = new Uint32Array(RECENT_BITS / 32);
  private bytes = 0;

  constructor(private readonly windowBytes: number) {}

  has(key: number): boolean {
    const [a, b] = slots(key);
    return (this.bits[a >>> 5] & (1 << (a & 31))) !== 0 && (this.bits[b >>> 5] & (1 << (b & 31))) !== 0;
  }

  add(key: number, size: number): void {
    this.bytes += size;
    if (this.bytes > this.windowBytes) this.clear();
    for (const slot of slots(key)) this.bits[slot >>> 5] |= 1 << (slot & 31);
  }

  clear(): void {
    this.bits.fill(0);
    this.bytes = 0;
  }
}

/** Two slots of a key, from two multiplicative hashes of its low and high words. */
function slots(key: number): [number, number] {
  const low = key >>> 0;
  const high = Math.floor(key / 2 ** 32);
  const mixed = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  return [(mixed ^ (mixed >>> 13)) & (RECENT_BITS - 1), (Math.imul(mixed ^ (mixed >>> 16), 0xc2b2ae35) >>> 12) & (RECENT_BITS - 1)];
}
