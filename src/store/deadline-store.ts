// A store's reads held to a request's deadline: none starts once it has passed, and a read still
// running when it passes is given up (its result dropped) so the request can answer at once.
import type { Deadline } from '../limits/deadline.ts';
import type { ReadStore } from './store.ts';

export function withDeadline(store: ReadStore, deadline: Deadline): ReadStore {
  const held = <T>(read: () => Promise<T>): Promise<T> => (deadline.passed ? Promise.reject(deadline.reason) : deadline.race(read()));
  return {
    find: (collection, filter, options) => held(() => store.find(collection, filter, options)),
    count: (collection, filter) => held(() => store.count(collection, filter)),
    aggregate: (collection, pipeline) => held(() => store.aggregate(collection, pipeline)),
  };
}
