// SQL's three-valued logic over MongoDB filters: Strapi answers filters in SQL, where a
// comparison with NULL is UNKNOWN and NOT UNKNOWN is still UNKNOWN, so `ne`, `notIn`, `not`…
// never match a NULL value. A condition is compiled for one polarity: the documents for which it
// is TRUE, or those for which it is FALSE; UNKNOWN is in neither.
import type { Filter } from '../store/store.ts';

export type Truth = 'true' | 'false' | 'unknown';

/** Which documents a compiled condition selects: those where it is TRUE, or where it is FALSE. */
export type Polarity = boolean;

/** Matches every document. */
export const ALWAYS: Filter = Object.freeze({});
/** Matches no document (an id no entry has, as no entry has an id in an empty list). */
export const NEVER: Filter = Object.freeze({ id: { $in: [] } });

const isAlways = (filter: Filter) => Object.keys(filter).length === 0;

/** Documents every filter matches. */
export function allOf(filters: readonly Filter[]): Filter {
  if (filters.includes(NEVER)) return NEVER;
  const parts = filters.filter((filter) => !isAlways(filter));
  if (parts.length === 0) return ALWAYS;
  return parts.length === 1 ? parts[0] : { $and: parts };
}

/** Documents at least one filter matches. */
export function anyOf(filters: readonly Filter[]): Filter {
  if (filters.some(isAlways)) return ALWAYS;
  const parts = filters.filter((filter) => filter !== NEVER);
  if (parts.length === 0) return NEVER;
  return parts.length === 1 ? parts[0] : { $or: parts };
}

/** `AND` of the conditions for a polarity: all TRUE, or any FALSE (De Morgan). */
export function conjunction(polarity: Polarity, parts: readonly Filter[]): Filter {
  return polarity ? allOf(parts) : anyOf(parts);
}

/** `OR` of the conditions for a polarity: any TRUE, or all FALSE. */
export function disjunction(polarity: Polarity, parts: readonly Filter[]): Filter {
  return polarity ? anyOf(parts) : allOf(parts);
}

export function andTruth(values: readonly Truth[]): Truth {
  if (values.includes('false')) return 'false';
  return values.includes('unknown') ? 'unknown' : 'true';
}

export function orTruth(values: readonly Truth[]): Truth {
  if (values.includes('true')) return 'true';
  return values.includes('unknown') ? 'unknown' : 'false';
}

export function notTruth(value: Truth): Truth {
  return value === 'unknown' ? 'unknown' : value === 'true' ? 'false' : 'true';
}

/** Whether a condition whose value is `truth` is selected under `polarity`. */
export function selects(truth: Truth, polarity: Polarity): boolean {
  return truth === (polarity ? 'true' : 'false');
}
