// A MongoDB filter -> mingo's compiled Query, kept in a bounded LRU by the filter's text:
// compiling costs more than testing a few hundred documents, and a request shape sends the same
// filters again and again.
import { Query } from 'mingo';
import { LRUCache } from 'lru-cache';
import type { Filter } from '../store.ts';
import { Int64 } from './values.ts';

const compiled = new LRUCache<string, Query>({ max: 500 });

export function compiledQuery(filter: Filter): Query {
  const key = filterKey(filter);
  let query = compiled.get(key);
  if (!query) {
    query = new Query(filter);
    compiled.set(key, query);
  }
  return query;
}

/**
 * The filter's text with every value told apart by kind: a pattern, a date or an int64 never has
 * the text of a string (values from a request are strings and numbers, never these objects).
 */
function filterKey(filter: Filter): string {
  return JSON.stringify(filter, function (this: Record<string, unknown>, key: string, value: unknown) {
    const original = this[key];
    if (original instanceof RegExp) return { $pattern: original.source, $flags: original.flags };
    if (original instanceof Date) return { $date: original.getTime() };
    if (original instanceof Int64) return { $int64: original.toString() };
    if (typeof original === 'bigint') return { $int64: original.toString() };
    return value;
  });
}
