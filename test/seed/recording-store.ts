// An embedded store that logs every write (documents, counters, indexes, drops), so tests can
// prove a rejected import wrote nothing and count the batches of an accepted one.
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Doc, EnsureIndexesOptions, IndexSpec } from '../../src/store/store.ts';

export interface WriteCall {
  op: 'upsertMany' | 'allocateIds' | 'reserveUpTo' | 'ensureIndexes' | 'drop';
  collection: string;
  size?: number;
}

export class RecordingStore extends EmbeddedStore {
  readonly writes: WriteCall[] = [];

  override upsertMany(collection: string, docs: readonly Doc[]): Promise<number> {
    this.writes.push({ op: 'upsertMany', collection, size: docs.length });
    return super.upsertMany(collection, docs);
  }
  override allocateIds(collection: string, n: number): Promise<number> {
    this.writes.push({ op: 'allocateIds', collection, size: n });
    return super.allocateIds(collection, n);
  }
  override reserveUpTo(collection: string, id: number): Promise<void> {
    this.writes.push({ op: 'reserveUpTo', collection, size: id });
    return super.reserveUpTo(collection, id);
  }
  override ensureIndexes(collection: string, indexes: readonly IndexSpec[], options?: EnsureIndexesOptions): Promise<void> {
    this.writes.push({ op: 'ensureIndexes', collection, size: indexes.length });
    return super.ensureIndexes(collection, indexes, options);
  }
  override drop(collection: string): Promise<void> {
    this.writes.push({ op: 'drop', collection });
    return super.drop(collection);
  }
}
