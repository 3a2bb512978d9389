// Open cursors of the test device: a result set in, batches out (firstBatch, then getMore).
// Results are computed whole up front; a cursor only hands them out in batches. Change streams'
// cursors (change-streams.ts) share the ids and are only held here.
import type { TailingCursor } from './change-stream-spec.ts';
import type { EngineDoc } from './values.ts';

/** MongoDB's first batch holds 101 documents unless the client asks otherwise. */
const DEFAULT_FIRST_BATCH = 101;

interface OpenCursor {
  ns: string;
  remaining: EngineDoc[];
}

export interface Batch {
  /** 0n when the cursor is exhausted (and closed). */
  id: bigint;
  docs: EngineDoc[];
}

export class CursorRegistry {
  private nextId = 1n;
  private readonly open = new Map<bigint, OpenCursor>();
  private readonly tails = new Map<bigint, TailingCursor>();

  /** Holds a change stream's cursor; returns its id. */
  openTailing(cursor: TailingCursor): bigint {
    const id = this.nextId++;
    this.tails.set(id, cursor);
    return id;
  }

  /** The change stream cursor with this id, if it is one and open. */
  tailing(id: bigint): TailingCursor | undefined {
    return this.tails.get(id);
  }

  /**
   * The first batch of `docs`; keeps a cursor open when more remain and `singleBatch` is not set.
   * A batch size of 0 opens the cursor with an empty first batch, as MongoDB does.
   */
  openCursor(ns: string, docs: EngineDoc[], batchSize?: number, singleBatch = false): Batch {
    const size = batchSize === undefined ? DEFAULT_FIRST_BATCH : Math.abs(batchSize);
    const first = docs.slice(0, size);
    const remaining = docs.slice(size);
    if (remaining.length === 0 || singleBatch) return { id: 0n, docs: first };
    const id = this.nextId++;
    this.open.set(id, { ns, remaining });
    return { id, docs: first };
  }

  /** The next batch (everything left when no batch size is given), or undefined for an unknown cursor. */
  getMore(id: bigint, batchSize?: number): (Batch & { ns: string }) | undefined {
    const cursor = this.open.get(id);
    if (!cursor) return undefined;
    const size = batchSize && batchSize > 0 ? batchSize : cursor.remaining.length;
    const docs = cursor.remaining.splice(0, size);
    if (cursor.remaining.length === 0) {
      this.open.delete(id);
      return { id: 0n, docs, ns: cursor.ns };
    }
    return { id, docs, ns: cursor.ns };
  }

  kill(ids: readonly bigint[]): { killed: bigint[]; notFound: bigint[] } {
    const killed = ids.filter((id) => this.open.delete(id) || this.tails.delete(id));
    return { killed, notFound: ids.filter((id) => !killed.includes(id)) };
  }

  get openCount(): number {
    return this.open.size + this.tails.size;
  }

  clear(): void {
    this.open.clear();
    this.tails.clear();
  }
}
