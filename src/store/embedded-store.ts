// The embedded store: in-memory collections queried with MongoDB's query language by mingo.
// The default when no MONGODB_URI is set, so the gateway runs on a fresh machine.
import { aggregate as mingoAggregate, find as mingoFind } from 'mingo';
import type { Doc, Filter, FindOptions, IndexSpec, Store } from './store.ts';

export class EmbeddedStore implements Store {
  private readonly collections = new Map<string, Map<number, Doc>>();
  private readonly counters = new Map<string, number>();
  private readonly indexes = new Map<string, Set<string>>();

  async find(collection: string, filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    let cursor = mingoFind(this.documents(collection), filter, options.projection ? { ...options.projection, id: 1 } : undefined);
    if (options.sort?.length) cursor = cursor.sort(Object.fromEntries(options.sort));
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return structuredClone(cursor.all() as Doc[]);
  }

  async count(collection: string, filter: Filter): Promise<number> {
    return mingoFind(this.documents(collection), filter).all().length;
  }

  async aggregate(collection: string, pipeline: readonly Filter[]): Promise<Doc[]> {
    const result = mingoAggregate(this.documents(collection), [...pipeline], {
      collectionResolver: (name: string) => this.documents(name),
    });
    return structuredClone(result as Doc[]);
  }

  async upsertMany(collection: string, docs: readonly Doc[]): Promise<number> {
    const target = this.collection(collection);
    for (const doc of docs) target.set(doc.id, structuredClone(doc));
    return docs.length;
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
    this.counters.delete(collection);
    this.indexes.delete(collection);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  /** Documents in id order, as a MongoDB collection filled in id order returns them. */
  private documents(collection: string): Doc[] {
    return [...this.collection(collection).values()].sort((a, b) => a.id - b.id);
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
