// The embedded store: in-memory collections queried with MongoDB's query language by mingo.
// The default when no MONGODB_URI is set, so the gateway runs on a fresh machine.
import { aggregate as mingoAggregate, find as mingoFind } from 'mingo';
import type { Doc, Filter, FindOptions, IndexSpec, Store } from './store.ts';

/**
 * An int64 as mingo should see it. mingo compares two values of one class by their `toString()`,
 * which for `bigint` orders "12" after "100". This text is the value offset by 2^63 and padded to
 * 20 digits, so text order is numeric order, and equal values have equal text.
 */
class Int64 {
  constructor(readonly value: bigint) {}
  toString(): string {
    return (this.value + OFFSET).toString().padStart(20, '0');
  }
  /** mingo serialises criteria while compiling them. */
  toJSON(): string {
    return this.toString();
  }
}
const OFFSET = 2n ** 63n;

/** Copies a value into the store's representation (int64 wrapped); the caller's stays untouched. */
function encode(value: unknown): unknown {
  if (typeof value === 'bigint') return new Int64(value);
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof RegExp) return value;
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  }
  return value;
}

/** Copies a stored value out (int64 unwrapped), so callers never share the store's objects. */
function decode(value: unknown): unknown {
  if (value instanceof Int64) return value.value;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map(decode);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

export class EmbeddedStore implements Store {
  private readonly collections = new Map<string, Map<number, Doc>>();
  /** Each collection's documents in id order, kept until its next write. */
  private readonly ordered = new Map<string, Doc[]>();
  private readonly counters = new Map<string, number>();
  private readonly indexes = new Map<string, Set<string>>();

  async find(collection: string, filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    const projection = options.projection ? { ...options.projection, id: 1 } : undefined;
    let cursor = mingoFind(this.documents(collection), encode(filter) as Filter, projection);
    if (options.sort?.length) cursor = cursor.sort(Object.fromEntries(options.sort));
    if (options.skip) cursor = cursor.skip(options.skip);
    // As in MongoDB, a limit of 0 means no limit.
    if (options.limit) cursor = cursor.limit(options.limit);
    return decode(cursor.all()) as Doc[];
  }

  async count(collection: string, filter: Filter): Promise<number> {
    return mingoFind(this.documents(collection), encode(filter) as Filter).all().length;
  }

  async aggregate(collection: string, pipeline: readonly Filter[]): Promise<Doc[]> {
    const result = mingoAggregate(this.documents(collection), encode(pipeline) as Filter[], {
      collectionResolver: (name: string) => this.documents(name),
    });
    return decode(result) as Doc[];
  }

  async upsertMany(collection: string, docs: readonly Doc[]): Promise<number> {
    const target = this.collection(collection);
    for (const doc of docs) target.set(doc.id, encode(doc) as Doc);
    this.ordered.delete(collection);
    return docs.length;
  }

  async deleteByIds(collection: string, ids: readonly number[]): Promise<number> {
    const target = this.collection(collection);
    const removed = ids.filter((id) => target.delete(id)).length;
    if (removed > 0) this.ordered.delete(collection);
    return removed;
  }

  async allocateIds(collection: string, n: number): Promise<number> {
    const first = (this.counters.get(collection) ?? 0) + 1;
    this.counters.set(collection, first + n - 1);
    return first;
  }

  async reserveUpTo(collection: string, id: number): Promise<void> {
    this.counters.set(collection, Math.max(this.counters.get(collection) ?? 0, id));
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    const names = this.indexes.get(collection) ?? new Set(['_id_']);
    for (const index of indexes) names.add(index.name);
    this.indexes.set(collection, names);
  }

  async listIndexes(collection: string): Promise<string[]> {
    return [...(this.indexes.get(collection) ?? [])];
  }

  async drop(collection: string): Promise<void> {
    this.collections.delete(collection);
    this.ordered.delete(collection);
    this.counters.delete(collection);
    this.indexes.delete(collection);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  /** Documents in id order, as a MongoDB collection filled in id order returns them. */
  private documents(collection: string): Doc[] {
    let docs = this.ordered.get(collection);
    if (!docs) {
      docs = [...this.collection(collection).values()].sort((a, b) => a.id - b.id);
      this.ordered.set(collection, docs);
    }
    return docs;
  }

  private collection(name: string): Map<number, Doc> {
    let found = this.collections.get(name);
    if (!found) {
      found = new Map();
      this.collections.set(name, found);
    }
    return found;
  }
}
