// Change stream cursors of the device: an aggregate whose pipeline opens with `$changeStream` in,
// a tailable cursor out. Its first batch holds what is already there, at once; a getMore waits
// (awaitData) until the oplog has entries for it or `maxTimeMS` (1 s when absent) has passed.
// Each batch carries `postBatchResumeToken`, where a resumed stream would continue.
import { BSON } from 'mongodb';
import type { ChangeLog } from './change-log.ts';
import { fatal, encodeToken, type StreamSpec, type TailingCursor } from './change-stream-spec.ts';
import type { CursorRegistry } from './cursors.ts';
import type { Engine } from './engine.ts';
import { asCommandError } from './errors.ts';
import { compareValues } from './order.ts';
import { runPipeline } from './query.ts';
import { eventsOf, type StreamEvent } from './stream-events.ts';
import { cloneValue, type EngineDoc } from './values.ts';

type Reply = Record<string, unknown>;

const DEFAULT_FIRST_BATCH = 101;
const DEFAULT_AWAIT_MS = 1000;
const ID_MODIFIED =
  'Encountered an event whose _id field, which contains the resume token, was modified by the pipeline. Modifying the _id field of an event makes it impossible to resume the stream from that point. Only transformations that retain the unmodified _id field are allowed.';

interface Batch {
  docs: EngineDoc[];
  /** The stream was invalidated: its cursor is closed. */
  ended: boolean;
  /** The token of the last event when the batch filled up; else undefined (a high-water mark). */
  lastToken?: unknown;
}

export class ChangeStreams {
  constructor(
    private readonly log: ChangeLog,
    private readonly live: Engine,
  ) {}

  /** The aggregate's reply: a cursor, with the events already there (none waited for). */
  open(spec: StreamSpec, ns: string, cursors: CursorRegistry, batchSize = DEFAULT_FIRST_BATCH): Reply {
    const cursor: TailingCursor = { spec, ns, after: spec.after };
    const batch = this.collect(cursor, batchSize);
    const id = batch.ended ? 0n : cursors.openTailing(cursor);
    return { cursor: { firstBatch: batch.docs, postBatchResumeToken: this.resumeToken(cursor, batch), id, ns }, operationTime: this.operationTime(), ok: 1 };
  }

  /** A getMore's reply, once there is something to return or the wait is over. */
  async more(id: bigint, cursor: TailingCursor, cursors: CursorRegistry, batchSize: number | undefined, maxTimeMS: number | undefined): Promise<Reply> {
    const deadline = Date.now() + (maxTimeMS ?? DEFAULT_AWAIT_MS);
    try {
      for (;;) {
        const batch = this.collect(cursor, batchSize && batchSize > 0 ? batchSize : Infinity);
        if (batch.ended) cursors.kill([id]);
        if (batch.docs.length || batch.ended || Date.now() >= deadline) {
          const next = batch.ended ? 0n : id;
          return { cursor: { nextBatch: batch.docs, postBatchResumeToken: this.resumeToken(cursor, batch), id: next, ns: cursor.ns }, operationTime: this.operationTime(), ok: 1 };
        }
        await this.log.waitForAppend(deadline - Date.now());
        if (!cursors.tailing(id)) return { ok: 0, errmsg: `cursor id ${id} was killed while it waited`, code: 237, codeName: 'CursorKilled' };
      }
    } catch (error) {
      cursors.kill([id]);
      return asCommandError(error).toReply();
    }
  }

  /** The events after the cursor's position, up to `limit`; the position moves past what was read. */
  private collect(cursor: TailingCursor, limit: number): Batch {
    const docs: EngineDoc[] = [];
    for (const entry of this.log.after(cursor.after)) {
      if (docs.length >= limit) return { docs, ended: false, lastToken: docs.at(-1)?._id };
      for (const event of eventsOf(entry, cursor.spec.scope)) {
        const shown = this.shown(event, cursor.spec);
        if (shown) docs.push(shown);
        if (event.invalidates) {
          cursor.after = entry.at;
          return { docs, ended: true };
        }
      }
      cursor.after = entry.at;
    }
    cursor.after = this.log.latest();
    return { docs, ended: false };
  }

  /** The event as the stream's stages leave it (undefined when they filter it out). */
  private shown(event: StreamEvent, spec: StreamSpec): EngineDoc | undefined {
    let doc = event.doc;
    if (event.lookup && spec.fullDocument === 'updateLookup') {
      const { db, coll, id } = event.lookup;
      const current = this.live.collection(db, coll)?.docs.find((each) => compareValues(each._id, id) === 0);
      doc = { ...doc, fullDocument: current ? cloneValue(current) : null };
    }
    if (spec.stages.length === 0) return doc;
    const [out] = runPipeline([cloneValue(doc)], spec.stages, (name) => this.live.aggregate(this.dbOf(spec), name, []));
    if (out && compareValues(out._id, doc._id) !== 0) throw fatal(ID_MODIFIED);
    return out;
  }

  private dbOf(spec: StreamSpec): string {
    return spec.scope.kind === 'cluster' ? 'admin' : spec.scope.db;
  }

  private resumeToken(cursor: TailingCursor, batch: Batch): unknown {
    if (batch.ended) return batch.docs.at(-1)?._id ?? encodeToken(cursor.after, 'invalidate');
    return batch.lastToken ?? encodeToken(cursor.after, 'mark');
  }

  private operationTime(): BSON.Timestamp {
    return new BSON.Timestamp(this.log.latestTime());
  }
}
