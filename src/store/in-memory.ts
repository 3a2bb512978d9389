// Filters and sorts documents already read, with the store's own query language: what repeatable
// components (kept inside their entry) need. The one door from the rest of the gateway to the
// embedded engine's matcher, so nothing else imports the store's internals.
import { find as mingoFind } from 'mingo';
import { compiledFilter } from './embedded/queries.ts';
import type { Filter, SortDirection } from './store.ts';

/** The items of `items` that `filter` matches, in their order (`items` itself for an empty filter). */
export function matching<T extends Record<string, unknown>>(items: T[], filter: Filter): T[] {
  return Object.keys(filter).length === 0 ? items : items.filter(compiledFilter(filter).test);
}

/** `items` sorted by `keys` (MongoDB's order of values), a new array. */
export function sorted<T extends Record<string, unknown>>(items: readonly T[], keys: ReadonlyArray<readonly [string, SortDirection]>): T[] {
  return mingoFind([...items], {}).sort(Object.fromEntries(keys)).all() as T[];
}
