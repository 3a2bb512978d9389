// One request's reads -> what they read: the store wrapper records each collection an aggregate
// names (and each it joins with `$lookup`); for a find of given ids only, those entries
// (`articles#5`); for any other find or count, the fields its filter and sort test (`articles?title`,
// and `articles?` for every list: which entries exist) and the entries it answered. An answer the
// response cache keeps is tagged with those, and a write drops the answers made from what it
// changed: an entry's answers when the entry changed, a list's when an entry came or went or a
// field the list tests changed.
import { isDeepStrictEqual } from 'node:util';
import { pageWatch, watchable, type ListWatch, type Move } from './list-watch.ts';
import type { Change, Doc, Filter, FindOptions, ReadStore } from './store.ts';

/** Past this many ids, a find is recorded as reading its whole collection. */
const MOST_IDS = 1000;

/** The tag of one entry of a collection. */
export const entryTag = (collection: string, id: number) => `${collection}#${id}`;

/**
 * The tag of the lists of a collection that test `field` (which entries they hold, in which
 * order); without a field, of every list of it (an entry that comes or goes changes them all).
 */
export const listTag = (collection: string, field?: string) => `${collection}?${field ?? ''}`;

/**
 * The tag of the watched lists of a collection that test `field`: lists whose answers keep what
 * they tested (list-watch.ts), so that an update changing `field` drops only those it may have
 * changed, not every one.
 */
export const watchTag = (collection: string, field: string) => `${collection}~${field}`;

export const isWatchTag = (tag: string) => tag.includes('~');

/** The collection a tag names, or whose entry or lists it names. */
export const collectionOfTag = (tag: string) => {
  const mark = tag.search(/[#?~]/);
  return mark < 0 ? tag : tag.slice(0, mark);
};

/** The entry a write of `collection` replaced, when the write knows it (its lifecycle events); undefined when unknown or new. */
export type BeforeOf = (collection: string, id: number) => Doc | undefined;

const UNKNOWN: BeforeOf = () => undefined;

/** What a write changed: the tags of the answers it may have changed, and its updates, for the watched lists among them. */
export interface Changed {
  readonly tags: readonly string[];
  readonly moves: readonly Move[];
}

/**
 * What `changes` changed: each collection (its aggregates), each entry, and the lists a change
 * may have changed: every list of the collection for an entry that came, went or whose earlier
 * state is not known; for an update, the lists testing a field that changed (and the watched
 * ones among them, which its move then tests).
 */
export function changedBy(changes: readonly Change[], beforeOf: BeforeOf = UNKNOWN): Changed {
  const tags = new Set<string>();
  const moves: Move[] = [];
  for (const change of changes) {
    const id = change.op === 'put' ? change.doc.id : change.id;
    tags.add(change.collection);
    tags.add(entryTag(change.collection, id));
    const before = change.op === 'put' ? beforeOf(change.collection, id) : undefined;
    if (change.op !== 'put' || !before) {
      tags.add(listTag(change.collection));
      continue;
    }
    const fields = changedFields(before, change.doc);
    for (const field of fields) tags.add(listTag(change.collection, field)).add(watchTag(change.collection, field));
    moves.push({ collection: change.collection, before, after: change.doc, fields });
  }
  return { tags: [...tags], moves };
}

/** The top-level fields whose values differ between two states of an entry. */
function changedFields(before: Doc, after: Doc): string[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...fields].filter((field) => !sameValue(before[field], after[field]));
}

/**
 * isDeepStrictEqual, with the values documents hold (primitives, dates, arrays, plain objects)
 * compared directly: an update's unchanged fields are often the very same objects, and
 * isDeepStrictEqual's general walk cost 0.1 ms per article update.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (plain(a) && plain(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue((a as Doc)[key], (b as Doc)[key]));
  }
  return isDeepStrictEqual(a, b);
}

function plain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.getOwnPropertySymbols(value).length === 0;
}

/**
 * The top-level fields a list read's answer depends on beyond its entries: those its filter
 * tests (inside `$and`, `$or`, `$nor`; `seo.metaTitle` is `seo`) and its sort names. Undefined
 * for a filter with another top-level operator (`$expr`): it may depend on anything.
 */
export function listFields(filter: Filter, sort: FindOptions['sort'] = []): Set<string> | undefined {
  const fields = new Set(sort.map(([field]) => field.split('.')[0]));
  const visit = (part: Filter): boolean =>
    Object.entries(part).every(([key, value]) => {
      if (key === '$and' || key === '$or' || key === '$nor') return Array.isArray(value) && value.every((inner) => inner !== null && typeof inner === 'object' && visit(inner as Filter));
      if (key.startsWith('$')) return false;
      fields.add(key.split('.')[0]);
      return true;
    });
  return visit(filter) ? fields : undefined;
}

/**
 * The top-level fields of its collection an aggregation's answer depends on beyond the entries it
 * holds: what its stages match, sort, add, unwind and group by (the per-parent reads of
 * src/query/read.ts). Undefined for any other stage or expression: it may depend on anything.
 */
export function pipelineFields(pipeline: readonly Filter[]): Set<string> | undefined {
  const fields = new Set<string>();
  for (const stage of pipeline) {
    const entries = Object.entries(stage);
    if (entries.length !== 1 || !stageFields(entries[0][0], entries[0][1], fields)) return undefined;
  }
  return fields;
}

function stageFields(name: string, spec: unknown, fields: Set<string>): boolean {
  const object = (spec !== null && typeof spec === 'object' ? spec : {}) as Record<string, unknown>;
  switch (name) {
    case '$match': {
      const found = listFields(object);
      found?.forEach((field) => fields.add(field));
      return found !== undefined;
    }
    case '$sort':
      Object.keys(object).forEach((field) => fields.add(field.split('.')[0]));
      return true;
    case '$skip':
    case '$limit':
      return typeof spec === 'number';
    case '$addFields':
      return Object.values(object).every((expression) => pathField(expression, fields) || elementFields(expression, fields));
    case '$unwind':
      return pathField(typeof spec === 'string' ? spec : object.path, fields);
    case '$group': {
      const { _id, ...accumulators } = object;
      return pathField(_id, fields) && Object.values(accumulators).every(collectsRoots);
    }
    case '$project':
      return Object.values(object).every((value) => value === 0 || value === 1 || value === '$_id');
    default:
      return false;
  }
}

/** `'$path'`: its top-level field added to `fields`; false for anything else. */
function pathField(value: unknown, fields: Set<string>): boolean {
  if (typeof value !== 'string' || !value.startsWith('$') || value.startsWith('$$')) return false;
  fields.add(value.slice(1).split('.')[0]);
  return true;
}

/** `{ $arrayElemAt: [path, path or number] }`. */
function elementFields(expression: unknown, fields: Set<string>): boolean {
  const args = (expression as { $arrayElemAt?: unknown } | null)?.$arrayElemAt;
  return Array.isArray(args) && args.length === 2 && pathField(args[0], fields) && (typeof args[1] === 'number' || pathField(args[1], fields));
}

/** `$push` or `$firstN` of whole rows. */
function collectsRoots(accumulator: unknown): boolean {
  const { $push: push, $firstN: firstN } = (accumulator ?? {}) as { $push?: unknown; $firstN?: { input?: unknown } };
  return push === '$$ROOT' || firstN?.input === '$$ROOT';
}

/** The entries an aggregation's rows hold: each row that is one, and those in its lists (the groups' rows). */
function entriesIn(rows: readonly Doc[]): Doc[] {
  const isEntry = (value: unknown): value is Doc => value !== null && typeof value === 'object' && 'id' in value;
  return rows.flatMap((row) => [
    ...(isEntry(row) ? [row] : []),
    ...Object.values(row).flatMap((value) => (Array.isArray(value) ? value.filter(isEntry) : [])),
  ]);
}

/** The ids a filter restricts a find to (`{ id }`, `{ id: { $in } }`, either inside `$and`), or undefined. */
export function idsOf(filter: Filter): number[] | undefined {
  const id = filter.id as unknown;
  if (typeof id === 'number') return [id];
  if (id && typeof id === 'object' && Object.keys(id).length === 1 && Array.isArray((id as { $in?: unknown }).$in)) {
    const list = (id as { $in: unknown[] }).$in;
    return list.every((item) => typeof item === 'number') ? (list as number[]) : undefined;
  }
  if (Array.isArray(filter.$and)) {
    for (const part of filter.$and as Filter[]) {
      const ids = part && typeof part === 'object' ? idsOf(part) : undefined;
      if (ids) return ids;
    }
  }
  return undefined;
}

/** What one request read (collections, and entries by id); made once per request, added to only by its own wrapper. */
export class CollectionReads {
  readonly #names = new Set<string>();
  readonly #watches: ListWatch[] = [];

  /** Every collection and entry read so far. */
  get names(): ReadonlySet<string> {
    return this.#names;
  }

  /** The watched list reads so far: what each tested, and the page it answered. */
  get watches(): readonly ListWatch[] {
    return this.#watches;
  }

  /**
   * A list read testing `fields` (undefined: anything of the collection), watched or not; whether
   * it is recorded as a list.
   */
  #list(collection: string, fields: Set<string> | undefined, watched = false): boolean {
    if (!fields) {
      this.#names.add(collection);
      return false;
    }
    this.#names.add(listTag(collection));
    for (const field of fields) this.#names.add(watched ? watchTag(collection, field) : listTag(collection, field));
    return true;
  }

  /** The entries a list read answered (`answer`): each by its tag, or the whole collection past MOST_IDS. */
  #answered<T>(collection: string, answer: T, entries: readonly Doc[]): T {
    if (entries.length > MOST_IDS || entries.some((doc) => typeof doc.id !== 'number')) this.#names.add(collection);
    else for (const doc of entries) this.#names.add(entryTag(collection, doc.id));
    return answer;
  }

  /** `store`, with every read it answers recorded here. */
  recording(store: ReadStore): ReadStore {
    return {
      find: (collection, filter, options) => {
        const ids = idsOf(filter);
        if (ids && ids.length <= MOST_IDS) {
          for (const id of ids) this.#names.add(entryTag(collection, id));
          return store.find(collection, filter, options);
        }
        const fields = listFields(filter, options?.sort);
        const watched = watchable(options);
        if (!this.#list(collection, fields, watched)) return store.find(collection, filter, options);
        return store.find(collection, filter, options).then((docs) => {
          if (watched) this.#watches.push(pageWatch(collection, filter, fields!, options!, docs));
          return this.#answered(collection, docs, docs);
        });
      },
      count: (collection, filter) => {
        const fields = listFields(filter);
        if (this.#list(collection, fields, true)) this.#watches.push({ collection, filter, fields: fields! });
        return store.count(collection, filter);
      },
      aggregate: (collection, pipeline) => {
        const joined = joinedCollections(pipeline);
        for (const name of joined) this.#names.add(name);
        if (!this.#list(collection, joined.size === 0 ? pipelineFields(pipeline) : undefined)) return store.aggregate(collection, pipeline);
        return store.aggregate(collection, pipeline).then((rows) => this.#answered(collection, rows, entriesIn(rows)));
      },
    };
  }
}

/** The collections a pipeline's stages read besides its own: `$lookup`'s `from`, at any depth (sub-pipelines included). */
export function joinedCollections(pipeline: readonly Filter[]): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if ((key === '$lookup' || key === '$graphLookup') && typeof (inner as { from?: unknown })?.from === 'string') found.add((inner as { from: string }).from);
        if (key === '$unionWith') found.add(typeof inner === 'string' ? inner : String((inner as { coll?: unknown })?.coll));
        visit(inner);
      }
    }
  };
  visit(pipeline);
  return found;
}
