// A MongoDB filter -> its compiled test of a document (predicate.ts), kept in a bounded LRU by
// the filter's text: compiling costs more than testing a few hundred documents, and a request
// shape sends the same filters again and again.
import { LRUCache } from 'lru-cache';
import type { Filter } from '../store.ts';
import { type CompiledPredicate, compileFilter } from './predicate.ts';
import { Int64 } from './values.ts';

const compiled = new LRUCache<string, CompiledPredicate>({ max: 500 });

export function compiledFilter(filter: Filter): CompiledPredicate {
  const key = filterKey(filter);
  let found = compiled.get(key);
  if (!found) {
    found = compileFilter(filter);
    compiled.set(key, found);
  }
  return found;
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
