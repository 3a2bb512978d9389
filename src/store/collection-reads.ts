// One request's reads -> what they read: the store wrapper records each collection a find, count
// or aggregate names (and each an aggregate joins with `$lookup`), or, for a find of given ids
// only, those entries (`articles#5`), so an answer kept by the response cache is tagged with the
// data it was made from, and a write to one entry leaves answers made from others.
import type { Change, Filter, ReadStore } from './store.ts';

/** Past this many ids, a find is recorded as reading its whole collection. */
const MOST_IDS = 100;

/** The tag of one entry of a collection. */
export const entryTag = (collection: string, id: number) => `${collection}#${id}`;

/** The collection a tag names, or whose entry it names. */
export const collectionOfTag = (tag: string) => {
  const mark = tag.lastIndexOf('#');
  return mark < 0 ? tag : tag.slice(0, mark);
};

/** What a write's changes touch, as read tags: each collection (its lists) and each entry. */
export function changedTags(changes: readonly Change[]): string[] {
  return [...new Set(changes.flatMap((change) => [change.collection, entryTag(change.collection, change.op === 'put' ? change.doc.id : change.id)]))];
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

  /** Every collection and entry read so far. */
  get names(): ReadonlySet<string> {
    return this.#names;
  }

  /** `store`, with every read it answers recorded here. */
  recording(store: ReadStore): ReadStore {
    return {
      find: (collection, filter, options) => {
        const ids = idsOf(filter);
        if (ids && ids.length <= MOST_IDS) for (const id of ids) this.#names.add(entryTag(collection, id));
        else this.#names.add(collection);
        return store.find(collection, filter, options);
      },
      count: (collection, filter) => {
        this.#names.add(collection);
        return store.count(collection, filter);
      },
      aggregate: (collection, pipeline) => {
        this.#names.add(collection);
        for (const joined of joinedCollections(pipeline)) this.#names.add(joined);
        return store.aggregate(collection, pipeline);
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
