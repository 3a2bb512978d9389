// Documents read from disk, decoded once and frozen, kept by collection and id within a bound in
// bytes: repeated reads (the related entries of every page, a small collection read whole) skip
// SQLite and v8's deserializer, and hand out the same object, so what readers keep by identity
// (a date's ISO text, a JSON attribute parsed) is reused. A document is kept the second time it is
// read while its first read is remembered: random pages of a large collection, read once each,
// would only push the shared ones out and leave garbage for the old generation. Writes forget
// what they change.
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../deep-freeze.ts';
import { decodeDocument, type StoredDocument } from './document-codec.ts';
import type { Doc } from '../store.ts';

/** A decoded document takes a few times its serialised size in the heap. */
const HEAP_PER_STORED_BYTE = 3;

/** Documents read once and not kept, remembered (by key only) until they are read again. */
const REMEMBERED_READS = 65_536;

export class DocumentCache {
  private readonly docs: LRUCache<string, Doc>;
  private readonly readOnce = new LRUCache<string, true>({ max: REMEMBERED_READS });

  constructor(maxBytes: number) {
    this.docs = new LRUCache<string, Doc>({ maxSize: Math.max(1, maxBytes) });
  }

  /** The document stored as `blob`: the kept one, or decoded (and kept when `keep` and read before). */
  decoded(collection: string, id: number, blob: StoredDocument, keep = true): Doc {
    const key = keyOf(collection, id);
    const found = this.docs.get(key);
    if (found) return found;
    if (!keep || !this.readBefore(key)) return decodeDocument(blob);
    // Frozen, since every reader gets this one object.
    const doc = deepFreeze(decodeDocument(blob));
    this.docs.set(key, doc, { size: Math.max(1, blob.length * HEAP_PER_STORED_BYTE) });
    return doc;
  }

  /** Whether the document was read lately without being kept; remembers this read otherwise. */
  private readBefore(key: string): boolean {
    if (this.readOnce.delete(key)) return true;
    this.readOnce.set(key, true);
    return false;
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
