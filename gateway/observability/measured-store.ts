// A Store that times and counts every call of the store it wraps, for /metrics. Answers and
// errors pass through unchanged.
import type { Change, Doc, Filter, FindOptions, EnsureIndexesOptions, IndexSpec, Store, WriteOptions } from '../../src/store/store.ts';
import type { GatewayMetrics } from './metrics.ts';

/** Wraps a store; every call is observed in {@link GatewayMetrics.observeStoreQuery}. */
export class MeasuredStore implements Store {
  constructor(
    private readonly inner: Store,
    private readonly metrics: GatewayMetrics,
  ) {}

  private async measure<T>(op: string, collection: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let failed = true;
    try {
      const result = await call();
      failed = false;
      return result;
    } finally {
      this.metrics.observeStoreQuery(op, collection, (performance.now() - started) / 1000, failed);
    }
  }

  find(collection: string, filter: Filter, options?: FindOptions): Promise<Doc[]> {
    return this.measure('find', collection, () => this.inner.find(collection, filter, options));
  }
  count(collection: string, filter: Filter): Promise<number> {
    return this.measure('count', collection, () => this.inner.count(collection, filter));
  }
  aggregate(collection: string, pipeline: readonly Filter[]): Promise<Doc[]> {
    return this.measure('aggregate', collection, () => this.inner.aggregate(collection, pipeline));
  }
  upsertMany(collection: string, docs: readonly Doc[]): Promise<number> {
    return this.measure('upsertMany', collection, () => this.inner.upsertMany(collection, docs));
  }
  write(changes: readonly Change[], options?: WriteOptions): Promise<void> {
    return this.measure('write', changes[0]?.collection ?? '', () => this.inner.write(changes, options));
  }
  putIf(collection: string, doc: Doc, expected: Filter): Promise<boolean> {
    return this.measure('putIf', collection, () => this.inner.putIf(collection, doc, expected));
  }
  deleteByIds(collection: string, ids: readonly number[]): Promise<number> {
    return this.measure('deleteByIds', collection, () => this.inner.deleteByIds(collection, ids));
  }
  allocateIds(collection: string, n: number): Promise<number> {
    return this.measure('allocateIds', collection, () => this.inner.allocateIds(collection, n));
  }
  reserveUpTo(collection: string, id: number): Promise<void> {
    return this.measure('reserveUpTo', collection, () => this.inner.reserveUpTo(collection, id));
  }
  ensureIndexes(collection: string, indexes: readonly IndexSpec[], options?: EnsureIndexesOptions): Promise<void> {
    return this.measure('ensureIndexes', collection, () => this.inner.ensureIndexes(collection, indexes, options));
  }
  listIndexes(collection: string): Promise<string[]> {
    return this.measure('listIndexes', collection, () => this.inner.listIndexes(collection));
  }
  drop(collection: string): Promise<void> {
    return this.measure('drop', collection, () => this.inner.drop(collection));
  }
  ping(): Promise<void> {
    return this.measure('ping', '', () => this.inner.ping());
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
