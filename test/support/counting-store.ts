// A store that records every read it answers, so tests and benchmarks can count the queries a
// request sends (DataLoader's own tests keep such a log).
import type { Change, Doc, EnsureIndexesOptions, Filter, FindOptions, IndexSpec, Store, WriteOptions } from '../../src/store/store.ts';

/** One call seen by a {@link CountingStore}. */
export interface StoreCall {
  op: 'find' | 'count' | 'aggregate';
  collection: string;
  filter: Filter;
}

/**
 * Wraps a store and records every read, so tests can prove how many queries a request sends.
 */
export class CountingStore implements Store {
  readonly calls: StoreCall[] = [];

  constructor(private readonly inner: Store) {}

  reset(): void {
    this.calls.length = 0;
  }

  find(collection: string, filter: Filter, options?: FindOptions): Promise<Doc[]> {
    this.calls.push({ op: 'find', collection, filter });
    return this.inner.find(collection, filter, options);
  }

  count(collection: string, filter: Filter): Promise<number> {
    this.calls.push({ op: 'count', collection, filter });
    return this.inner.count(collection, filter);
  }

  aggregate(collection: string, pipeline: readonly Filter[]): Promise<Doc[]> {
    this.calls.push({ op: 'aggregate', collection, filter: (pipeline[0]?.$match as Filter) ?? {} });
    return this.inner.aggregate(collection, pipeline);
  }

  upsertMany(collection: string, docs: readonly Doc[]) {
    return this.inner.upsertMany(collection, docs);
  }
  write(changes: readonly Change[], options?: WriteOptions) {
    return this.inner.write(changes, options);
  }
  putIf(collection: string, doc: Doc, expected: Filter) {
    return this.inner.putIf(collection, doc, expected);
  }
  deleteByIds(collection: string, ids: readonly number[]) {
    return this.inner.deleteByIds(collection, ids);
  }
  allocateIds(collection: string, n: number) {
    return this.inner.allocateIds(collection, n);
  }
  reserveUpTo(collection: string, id: number) {
    return this.inner.reserveUpTo(collection, id);
  }
  ensureIndexes(collection: string, indexes: readonly IndexSpec[], options?: EnsureIndexesOptions) {
    return this.inner.ensureIndexes(collection, indexes, options);
  }
  listIndexes(collection: string) {
    return this.inner.listIndexes(collection);
  }
  drop(collection: string) {
    return this.inner.drop(collection);
  }
  ping() {
    return this.inner.ping();
  }
  close() {
    return this.inner.close();
  }
}
