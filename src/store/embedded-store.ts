// The embedded store: in-memory collections queried with MongoDB's query language, the default
// when no MONGODB_URI is set. Indexed conditions narrow the documents first (ids through a map,
// declared indexes through postings and bitmaps); the rest is tested by the filter's compiled
// test (predicate.ts, mingo deciding what it does not know) over columns of the fields it reads;
// a page in id order stops once it is full; sorted pages read their keys from columns; counts of
// indexed conditions read no document. Reads hand out the store's own frozen documents, never
// copies.
import { find as mingoFind } from 'mingo';
import { Collection } from './embedded/collection.ts';
import { runPipeline, sortRows, sortedIndexes } from './embedded/pipeline.ts';
import { compiledFilter } from './embedded/queries.ts';
import type { CompiledPredicate } from './embedded/predicate.ts';
import { planFilter } from './embedded/plan.ts';
import { decode, encode } from './embedded/values.ts';
import { UniqueViolation, type Change, type Doc, type Filter, type FindOptions, type IndexSpec, type Store } from './store.ts';

export class EmbeddedStore implements Store {
  private readonly collections = new Map<string, Collection>();
  /**
   * How many documents a sorted read of this very filter object matched: a list's count, which
   * passes the same filter right after its page is read, is answered without scanning again.
   */
  private readonly matched = new WeakMap<Filter, { collection: Collection; version: number; total: number }>();
  private readonly counters = new Map<string, number>();
  private readonly indexNames = new Map<string, Set<string>>();
  private readonly uniqueIndexes = new Map<string, IndexSpec[]>();

  async find(collection: string, filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    const found = this.collections.get(collection);
    if (!found) return [];
    const docs = this.select(found, filter, options);
    return options.projection ? docs.map((doc) => project(doc, options.projection!)) : docs;
  }

  async count(collection: string, filter: Filter): Promise<number> {
    const found = this.collections.get(collection);
    if (!found) return 0;
    const known = this.matched.get(filter);
    if (known && known.collection === found && known.version === found.version) return known.total;
    const plan = planFilter(filter, (field) => found.isIndexed(field));
    const candidates = found.candidates(plan.terms);
    if (plan.residual.length === 0) return found.count(candidates);
    return found.countMatching(candidates, residualQuery(plan.residual));
  }

  async aggregate(collection: string, pipeline: readonly Filter[]): Promise<Doc[]> {
    const found = this.collections.get(collection);
    // A leading $match is answered like a find, so the pipeline starts from the matching documents.
    const [first, ...rest] = pipeline;
    const start = found && first?.$match ? this.matchingViews(found, first.$match as Filter) : found ? this.matchingViews(found, {}) : [];
    const stages = found && first?.$match ? rest : pipeline;
    const result = runPipeline(start, encode(stages) as Filter[], {
      collection: (name: string) => {
        const other = this.collections.get(name);
        return other ? this.matchingViews(other, {}) : [];
      },
    });
    return decode(result) as Doc[];
  }

  async upsertMany(collection: string, docs: readonly Doc[]): Promise<number> {
    const target = this.collection(collection);
    for (const doc of docs) target.upsert(doc);
    return docs.length;
  }

  async write(changes: readonly Change[]): Promise<void> {
    this.checkUnique(changes);
    for (const change of changes) {
      if (change.op === 'put') this.collection(change.collection).upsert(change.doc);
      else this.collections.get(change.collection)?.delete(change.id);
    }
  }

  /** Refuses the whole write, before any change, when a put would repeat a unique index's value. */
  private checkUnique(changes: readonly Change[]): void {
    for (const change of changes) {
      if (change.op !== 'put') continue;
      for (const index of this.uniqueIndexes.get(change.collection) ?? []) {
        const fields = Object.keys(index.keys);
        if (fields.some((field) => change.doc[field] === undefined || change.doc[field] === null)) continue;
        const found = this.collections.get(change.collection);
        const filter = Object.fromEntries(fields.map((field) => [field, change.doc[field]]));
        const holders = found ? this.select(found, filter, { limit: 2 }) : [];
        if (holders.some((doc) => doc.id !== change.doc.id)) throw new UniqueViolation(change.collection, index.name);
      }
    }
  }

  async deleteByIds(collection: string, ids: readonly number[]): Promise<number> {
    const found = this.collections.get(collection);
    return found ? ids.filter((id) => found.delete(id)).length : 0;
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
    const names = this.indexNames.get(collection) ?? new Set(['_id_']);
    const target = this.collection(collection);
    for (const index of indexes) {
      names.add(index.name);
      if (index.unique && !(Object.keys(index.keys).length === 1 && index.keys.id)) {
        this.uniqueIndexes.set(collection, [...(this.uniqueIndexes.get(collection) ?? []).filter((known) => known.name !== index.name), index]);
      }
      const fields = Object.keys(index.keys);
      if (fields.length === 1) target.index(fields[0]);
    }
    this.indexNames.set(collection, names);
  }

  async listIndexes(collection: string): Promise<string[]> {
    return [...(this.indexNames.get(collection) ?? [])];
  }

  async drop(collection: string): Promise<void> {
    this.collections.delete(collection);
    this.counters.delete(collection);
    this.indexNames.delete(collection);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  /** The documents matching `filter`, sorted, skipped and limited as `options` say. */
  private select(found: Collection, filter: Filter, options: FindOptions): Doc[] {
    const plan = planFilter(filter, (field) => found.isIndexed(field));
    const candidates = found.candidates(plan.terms);
    const query = plan.residual.length > 0 ? residualQuery(plan.residual) : undefined;
    const sort = options.sort ?? [];
    const skip = options.skip ?? 0;
    // As in MongoDB, a limit of 0 means no limit.
    const limit = options.limit || Number.POSITIVE_INFINITY;
    if (sort.length === 0 || (sort.length === 1 && sort[0][0] === 'id')) {
      // In id order (the collection's own order, and MongoDB's for documents written in it): stop once the page is full.
      const docs: Doc[] = [];
      const test = query && found.slotTest(query);
      let skipped = 0;
      for (const slot of found.inIdOrder(candidates, sort[0]?.[1] ?? 1)) {
        if (test && !test(slot)) continue;
        if (skipped++ < skip) continue;
        docs.push(found.doc(slot));
        if (docs.length >= limit) break;
      }
      return docs;
    }
    const slots = found.slotsMatching(candidates, query);
    this.matched.set(filter, { collection: found, version: found.version, total: slots.length });
    const first = Number.isFinite(limit) ? skip + limit : undefined;
    // Top-level sort keys are read from the collection's columns; a dotted path from the views.
    const columns = sort.every(([field]) => !field.includes('.'))
      ? sort.map(([field]) => {
          const column = found.column(field);
          return slots.map((slot) => column[slot] ?? null);
        })
      : undefined;
    const order = columns && sortedIndexes(columns, sort.map(([, direction]) => direction), first);
    const page = order
      ? order.map((index) => found.doc(slots[index]))
      : sortRows(slots.map((slot) => found.view(slot)), sort, first).map((view) => found.byId(view.id)!);
    return page.slice(skip);
  }

  private matchingViews(found: Collection, filter: Filter): Doc[] {
    const plan = planFilter(filter, (field) => found.isIndexed(field));
    const candidates = found.candidates(plan.terms);
    return found.viewsMatching(candidates, plan.residual.length > 0 ? residualQuery(plan.residual) : undefined);
  }

  private collection(name: string): Collection {
    let found = this.collections.get(name);
    if (!found) this.collections.set(name, (found = new Collection()));
    return found;
  }
}

function residualQuery(residual: readonly Filter[]): CompiledPredicate {
  return compiledFilter(encode(residual.length === 1 ? residual[0] : { $and: residual }) as Filter);
}

/** The fields of an inclusion projection (and `id`), read from the stored document. */
function project(doc: Doc, projection: Record<string, 1>): Doc {
  const out: Record<string, unknown> = { id: doc.id };
  for (const field of Object.keys(projection)) {
    if (field.includes('.')) return decode(mingoFind([doc], {}, { ...projection, id: 1 }).all()[0]) as Doc;
    if (field in doc) out[field] = doc[field];
  }
  return out as Doc;
}
