// Documents read from disk, decoded once and frozen, kept by collection and id within a bound in
// bytes: repeated reads (the related entries of every page, a small collection read whole) skip
// SQLite and v8's deserializer, and hand out the same object, so what readers keep by identity
// (a date's ISO text, a JSON attribute parsed) is reused. Writes forget what they change.
import { deserialize } from 'node:v8';
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../deep-freeze.ts';
import type { Doc } from '../store.ts';

/** A decoded document takes a few times its serialised size in the heap. */
const HEAP_PER_STORED_BYTE = 3;

export class DocumentCache {
  private readonly docs: LRUCache<string, Doc>;

  constructor(maxBytes: number) {
    this.docs = new LRUCache<string, Doc>({ maxSize: Math.max(1, maxBytes) });
  }

  /** The document stored as `blob`: the kept one, or decoded and kept (when `keep`). */
  decoded(collection: string, id: number, blob: Buffer, keep = true): Doc {
    const key = keyOf(collection, id);
    const found = this.docs.get(key);
    if (found) return found;
    if (!keep) return deserialize(blob) as Doc;
    // Frozen, since every reader gets this one object.
    const doc = deepFreeze(deserialize(blob) as Doc);
    this.docs.set(key, doc, { size: Math.max(1, blob.length * HEAP_PER_STORED_BYTE) });
    return doc;
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
  }
}

const keyOf = (collection: string, id: number) => `${collection}\u0000${id}`;
