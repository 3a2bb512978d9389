// One request's reads -> the names of the collections they read: the store wrapper records each
// collection a find, count or aggregate names (and each an aggregate joins with `$lookup`), so an
// answer kept by the response cache is tagged with the data it was made from.
import type { Filter, ReadStore } from './store.ts';

/** The collections one request read; made once per request, added to only by its own wrapper. */
export class CollectionReads {
  readonly #names = new Set<string>();

  /** Every collection read so far. */
  get names(): ReadonlySet<string> {
    return this.#names;
  }

  /** `store`, with every read it answers recorded here. */
  recording(store: ReadStore): ReadStore {
    return {
      find: (collection, filter, options) => {
        this.#names.add(collection);
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
