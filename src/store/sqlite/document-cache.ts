// Documents read from disk, decoded once and frozen, kept by collection and id within a bound in
// bytes: repeated reads (the related entries of every page, a small collection read whole) skip
// SQLite and the decoder, and hand out the same object, so what readers keep by identity (a date's
// ISO text, a JSON attribute parsed) is reused. A document is kept when it is read again soon
// enough that it would still have been kept from its first read: the reads remembered (by key
// only) are bounded by the same bytes as the documents kept. Random pages of a collection many
// times larger than the bound are then rarely kept: keeping them would only push the shared ones
// out and leave garbage for the old generation (at 200,000 articles, a random page's read took
// about 560 µs in process with a window of 65,536 reads, 420 µs with this one, 370 with none).
// Writes forget what they change.
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../deep-freeze.ts';
import { decodeRow, type StoredRow } from './document-codec.ts';
import type { Doc } from '../store.ts';

/** A decoded document takes a few times its serialised size in the heap. */
const HEAP_PER_STORED_BYTE = 3;

export class DocumentCache {
  private readonly docs: LRUCache<string, Doc>;
  /** Documents read once and not kept, by key, each counted at the size it would be kept at. */
  private readonly readOnce: LRUCache<string, true>;

  constructor(maxBytes: number) {
    this.docs = new LRUCache<string, Doc>({ maxSize: Math.max(1, maxBytes) });
    this.readOnce = new LRUCache<string, true>({ maxSize: Math.max(1, maxBytes) });
  }

  /**
   * The document stored as `row`: the kept one, or decoded (and kept when `keep` and read before).
   * A row read without its apart part is never kept, but counts as a read.
   */
  decoded(collection: string, id: number, row: StoredRow, keep = true): Doc {
    const key = keyOf(collection, id);
    const found = this.docs.get(key);
    if (found) return found;
    const size = Math.max(1, (row.doc.length + (row.apart?.length ?? 0)) * HEAP_PER_STORED_BYTE);
    if (row.apart === undefined) {
      if (keep) this.readOnce.set(key, true, { size });
      return decodeRow(row.doc, undefined);
    }
    if (!keep || !this.readBefore(key, size)) return decodeRow(row.doc, row.apart);
    // Frozen, since every reader gets this one object.
    const doc = deepFreeze(decodeRow(row.doc, row.apart));
    this.docs.set(key, doc, { size });
    return doc;
  }

  /** Whether the document was read lately without being kept; remembers this read otherwise. */
  private readBefore(key: string, size: number): boolean {
    if (this.readOnce.delete(key)) return true;
    this.readOnce.set(key, true, { size });
    return false;
  }

  /** Whether the document's next read (whole, to be kept) would keep it: it was read lately and not kept. */
  wouldKeep(collection: string, id: number): boolean {
    return this.readOnce.has(keyOf(collection, id));
  }

  /** The kept document, or undefined. */
  get(collection: string, id: number): Doc | undefined {
    return this.docs.get(keyOf(collection, id));
  }

  forget(collection: string, id: number): void {
    this.docs.delete(keyOf(collection, id));
  }

  clear(): void {
    this.docs.clear();
    this.readOnce.clear();
  }
}

const keyOf = (collection: string, id: number) => `${collection}\u0000${id}`;
