// Projections -> a store whose finds read only the fields a request needs: the protocol works out
// which fields each collection's entries need (src/graphql/projection.ts for a GraphQL document),
// and reads through this wrapper send only those (MongoDB) or leave apart fields unread (embedded).
import type { ReadStore } from '../store/store.ts';

/** Collection name -> inclusion projection. A collection absent from it is read whole. */
export type Projections = ReadonlyMap<string, Record<string, 1>>;

/** Finds that name no projection of their own read only the fields the request needs. */
export function withProjections(store: ReadStore, projections: Projections): ReadStore {
  return {
    find: (collection, filter, options) => {
      const projection = options?.projection ? undefined : projections.get(collection);
      return store.find(collection, filter, projection ? { ...options, projection } : options);
    },
    count: (collection, filter) => store.count(collection, filter),
    aggregate: (collection, pipeline) => store.aggregate(collection, pipeline),
  };
}
