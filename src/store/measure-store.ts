// The entry estimate's measurement, read from a store: the stored document and the entry counts
// (a few small reads), or the data itself streamed a batch at a time when the store holds no
// measurement that fits the model (data written by an earlier release, or a changed model).
import type { ContentModel } from '../model/types.ts';
import { CardinalityMeter, inverseSides, listProjection, priorKey, type Cardinality, type PriorDocs } from './cardinality.ts';
import { listsOf, MEASUREMENT_ID, MEASUREMENTS } from './measurement-doc.ts';
import type { BeforeOf } from './collection-reads.ts';
import type { Change, Store } from './store.ts';

/** Documents read per batch when the data is streamed. */
export const STREAM_BATCH = 200;

/** Entries per content-type, every locale and state: what `count` answers (exact, from an index). */
export async function countEntries(model: ContentModel, store: Pick<Store, 'count'>): Promise<Map<string, number>> {
  const types = [...model.contentTypes.values()];
  const counts = await Promise.all(types.map((ct) => store.count(ct.collectionName, {})));
  return new Map(types.map((ct, index) => [ct.uid, counts[index]!]));
}

/** The stored measurement with the entries counted, or undefined when the store holds none that fits `model`. */
export async function readMeasurement(model: ContentModel, store: Pick<Store, 'find' | 'count'>): Promise<Cardinality | undefined> {
  const [doc] = await store.find(MEASUREMENTS, { id: MEASUREMENT_ID });
  const lists = listsOf(model, doc);
  return lists && { entries: await countEntries(model, store), lists };
}

/**
 * Measures every content-type's documents, read in batches of `batchSize` in id order (each
 * batch starts past the last id read, an index range on both stores), projected to the fields
 * that hold lists. Only one batch is held at a time, and the event loop runs between batches.
 */
export async function measureStore(model: ContentModel, store: Pick<Store, 'find' | 'count'>, batchSize = STREAM_BATCH): Promise<Cardinality> {
  const meter = new CardinalityMeter(model);
  const entries = await countEntries(model, store);
  for (const ct of model.contentTypes.values()) {
    const projection = listProjection(ct);
    for (let after = Number.NEGATIVE_INFINITY; ; ) {
      const filter = Number.isFinite(after) ? { id: { $gt: after } } : {};
      const batch = await store.find(ct.collectionName, filter, { sort: [['id', 1]], limit: batchSize, projection, readOnce: true });
      meter.add(ct.collectionName, batch);
      if (batch.length < batchSize) break;
      after = batch.at(-1)!.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { entries, lists: meter.lists() };
}

/**
 * The documents `changes` put as they were before, where it matters: those the write read already
 * (`known`), whole; for the others, the owning relations with an inverse side, in one find by ids
 * per collection that has such relations. A put absent from the answer made a new entry, or
 * (a collection without such relations, not read by the write) may have.
 */
export async function priorLinks(model: ContentModel, store: Pick<Store, 'find'>, changes: readonly Change[], known: BeforeOf = () => undefined): Promise<PriorDocs> {
  const prior = new Map<string, Record<string, unknown>>();
  const unknown = new Map<string, number[]>();
  for (const change of changes) {
    if (change.op !== 'put') continue;
    const before = known(change.collection, change.doc.id);
    if (before) prior.set(priorKey(change.collection, before.id), before);
    else if (unknown.has(change.collection)) unknown.get(change.collection)!.push(change.doc.id);
    else unknown.set(change.collection, [change.doc.id]);
  }
  for (const ct of model.contentTypes.values()) {
    const sides = inverseSides(ct);
    const ids = unknown.get(ct.collectionName);
    if (sides.length === 0 || !ids) continue;
    const projection = Object.fromEntries(sides.map((attribute) => [attribute.name, 1 as const]));
    for (const doc of await store.find(ct.collectionName, { id: { $in: ids } }, { projection })) prior.set(priorKey(ct.collectionName, doc.id), doc);
  }
  return prior;
}
