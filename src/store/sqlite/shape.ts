// A MongoDB filter and sort -> the shape a rank group answers (rank-index.ts): equalities and
// null tests that pick a group of entries, the field the group is ordered by, and at most one
// range on that field. Anything else (an `$or`, a list, a second range, arrays) is no shape, and
// the read goes to plain SQL. Pure: the key columns are passed in.
import type { Filter, FindOptions, SortDirection } from '../store.ts';
import { compareKeys, scalarKey, typeBounds, type Key } from './keys.ts';
import { isOperatorObject, type KeyColumns } from './translate.ts';

/** One condition picking the group: the field's key equals `key`, or is (not) NULL. */
export type GroupTerm =
  | { readonly field: string; readonly test: 'eq'; readonly key: Key }
  | { readonly field: string; readonly test: 'null' | 'notnull' };

/** One end of a range, on the order field's keys. */
export interface Bound {
  readonly key: Key;
  readonly inclusive: boolean;
}

export interface RankShape {
  /** Sorted by field. */
  readonly terms: readonly GroupTerm[];
  /** `id`, or a key column's field. */
  readonly order: { readonly field: string; readonly direction: SortDirection };
  /** Both ends always set: MongoDB compares within a type, so a range stops at its type's end. */
  readonly range?: { readonly low: Bound; readonly high: Bound };
  /**
   * The page is read in the exact reverse of `order` (whose ties are by id ascending): a sort by a
   * key with ties by id descending (`publishDate` descending, then `id` descending) is the group of
   * the key's other direction, walked from its end.
   */
  readonly reversed?: boolean;
}

type Conditions = Map<string, { terms: GroupTerm[]; range?: { low: Bound; high: Bound } }>;

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);

/**
 * The rank shape of a read, or undefined when a rank group cannot answer it. A page without a
 * sort is in id order; a count has no order, so a range's field orders its group.
 */
export function rankShape(filter: Filter, sort: FindOptions['sort'] | 'count', columns: KeyColumns): RankShape | undefined {
  const conditions: Conditions = new Map();
  if (!collect(filter, columns, conditions)) return undefined;
  const ranged = [...conditions].filter(([, found]) => found.range);
  if (ranged.length > 1) return undefined;
  const sorted = sort === 'count' ? { order: { field: ranged[0]?.[0] ?? 'id', direction: 1 as const } } : orderOf(sort, columns);
  const order = sorted?.order;
  if (!order || (ranged.length === 1 && ranged[0][0] !== order.field)) return undefined;
  const terms = sortedTerms(conditions);
  if (terms.some((term, i) => i > 0 && terms[i - 1].field === term.field)) return undefined;
  if (terms.some((term) => term.field === order.field)) return undefined;
  return { terms, order, range: ranged[0]?.[1].range, ...(sorted.reversed ? { reversed: true } : {}) };
}

/** A page of a conjunction of equalities and null tests, sorted on several key fields (then id). */
export interface SortShape {
  readonly terms: readonly GroupTerm[];
  /** Two or more, none of them id; directions flipped when the ties by id are descending. */
  readonly keys: ReadonlyArray<readonly [string, SortDirection]>;
  /** The ties by id are descending: the page is the exact reverse of `keys`' order (ties by id ascending). */
  readonly reversed?: boolean;
}

/**
 * The shape of a page sorted on several keys, which no rank group answers but an index of its
 * equal fields and keys in order serves (rank-index.ts `learnSortIndex`); undefined for anything
 * else (a range, an `$or`, a key holding arrays).
 */
export function sortShape(filter: Filter, sort: FindOptions['sort'], columns: KeyColumns): SortShape | undefined {
  const keys = sortKeys(sort, columns);
  const conditions: Conditions = new Map();
  if (!keys || !collect(filter, columns, conditions) || [...conditions.values()].some((found) => found.range)) return undefined;
  const terms = sortedTerms(conditions);
  if (terms.some((term) => keys.some(([field]) => field === term.field))) return undefined;
  const last = sort?.at(-1);
  return { terms, keys, ...(last?.[0] === 'id' && last[1] === -1 ? { reversed: true } : {}) };
}

/**
 * A sort on two or more key fields (then id), each a column of scalars, none twice; ties by id
 * descending flip every key, as an index read backwards serves the mirror of its order.
 */
function sortKeys(sort: FindOptions['sort'], columns: KeyColumns): SortShape['keys'] | undefined {
  const keys = [...(sort ?? [])];
  const ties = keys.length > 0 && keys[keys.length - 1][0] === 'id' ? keys.pop()![1] : 1;
  if (keys.length < 2 || keys.some(([field], i) => field === 'id' || !plainColumn(field, columns) || keys.findIndex(([other]) => other === field) !== i)) return undefined;
  return keys.map(([field, direction]) => [field, ties === 1 ? direction : direction === 1 ? -1 : 1] as const);
}

/** A page of a conjunction of equalities and null tests with one range, sorted on another key. */
export interface WalkShape {
  readonly terms: readonly GroupTerm[];
  /** The sort's first key (id, or a key column's field), as {@link RankShape}'s order. */
  readonly order: RankShape['order'];
  /** A sort on several keys: those after the first (as {@link SortShape}'s keys). */
  readonly then?: SortShape['keys'];
  /** The field of the range, which is not the order's. */
  readonly ranged: string;
}

/**
 * The shape of a page with a range on one field and a sort on others (`views >= x`, newest
 * first), which no rank group answers. An index of its equal fields, its order, the id, then the
 * fields it tests and the range's (rank-index.ts `learnWalkIndex`) lets SQLite choose, by the
 * planner's statistics of the range, between walking the page's order and testing each entry in
 * the index (a range holding most entries: a page of 25 reads about 25 / share entries), and
 * reading the range then sorting it (a narrow range). Undefined for anything else.
 */
export function walkShape(filter: Filter, sort: FindOptions['sort'], columns: KeyColumns): WalkShape | undefined {
  const conditions: Conditions = new Map();
  if (!collect(filter, columns, conditions)) return undefined;
  const ranged = [...conditions].filter(([, found]) => found.range);
  const single = orderOf(sort, columns)?.order;
  const keys = single ? undefined : sortKeys(sort, columns);
  const order = single ?? (keys && { field: keys[0][0], direction: keys[0][1] });
  const sorted = keys?.map(([field]) => field) ?? [single?.field];
  if (ranged.length !== 1 || !order || ranged[0][0] === 'id' || sorted.includes(ranged[0][0])) return undefined;
  const terms = sortedTerms(conditions);
  if (terms.some((term, i) => (i > 0 && terms[i - 1].field === term.field) || sorted.includes(term.field))) return undefined;
  return { terms, order, ...(keys ? { then: keys.slice(1) } : {}), ranged: ranged[0][0] };
}

/**
 * The order a page is walked in: its one sort key (ties by id ascending), or id; a key with ties
 * by id descending is its other direction's order, reversed.
 */
function orderOf(sort: FindOptions['sort'], columns: KeyColumns): { order: RankShape['order']; reversed?: boolean } | undefined {
  const keys = sort ?? [];
  const [field, direction] = keys[0] ?? ['id', 1];
  const ties = keys.length === 2 && keys[1][0] === 'id' && field !== 'id' ? keys[1][1] : undefined;
  if (keys.length > (ties === undefined ? 1 : 2)) return undefined;
  if (field !== 'id' && !plainColumn(field, columns)) return undefined;
  return ties === -1 ? { order: { field, direction: direction === 1 ? -1 : 1 }, reversed: true } : { order: { field, direction } };
}

function plainColumn(field: string, columns: KeyColumns): boolean {
  return columns.column(field) !== undefined && columns.holds(field) === 0;
}

/** The conditions' terms, by field. */
function sortedTerms(conditions: Conditions): GroupTerm[] {
  return [...conditions.values()].flatMap((found) => found.terms).sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}

/** Adds the filter's conditions (a conjunction) to `into`; false when one is not a shape's. */
function collect(filter: Filter, columns: KeyColumns, into: Conditions): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (key === '$and') return Array.isArray(value) && value.every((part) => collect(part as Filter, columns, into));
    if (key.startsWith('$') || (key !== 'id' && !plainColumn(key, columns))) return false;
    const found = condition(key, value);
    if (!found || into.has(key)) return false;
    into.set(key, found);
    return true;
  });
}

function condition(field: string, value: unknown): { terms: GroupTerm[]; range?: { low: Bound; high: Bound } } | undefined {
  if (!isOperatorObject(value)) return field === 'id' ? undefined : equality(field, value);
  const operators = Object.keys(value);
  if (operators.length === 1 && operators[0] === '$eq') return field === 'id' ? undefined : equality(field, value.$eq);
  // A list of one value (a filter through a relation: the ids it matched) on a field of scalars is its equality.
  if (operators.length === 1 && operators[0] === '$in' && Array.isArray(value.$in) && value.$in.length === 1 && field !== 'id') return equality(field, value.$in[0]);
  if (operators.length === 1 && operators[0] === '$ne' && value.$ne === null && field !== 'id') return { terms: [{ field, test: 'notnull' }] };
  if (!operators.every((operator) => RANGE_OPERATORS.has(operator))) return undefined;
  const range = operators.map((operator) => rangeOf(operator, value[operator]));
  return range.every(Boolean) ? { terms: [], range: range.reduce((a, b) => intersect(a!, b!))! } : undefined;
}

function equality(field: string, value: unknown): { terms: GroupTerm[] } | undefined {
  const key = scalarKey(value);
  if (key === undefined) return undefined;
  return { terms: [key === null ? { field, test: 'null' } : { field, test: 'eq', key }] };
}

/** One operator's range, kept within its value's type as MongoDB compares. */
function rangeOf(operator: string, value: unknown): { low: Bound; high: Bound } | undefined {
  const key = scalarKey(value);
  const bounds = key === undefined || key === null ? undefined : typeBounds(key);
  if (!bounds || key === undefined) return undefined;
  const typeLow = { key: bounds.low, inclusive: true };
  const typeHigh = { key: bounds.high, inclusive: false };
  switch (operator) {
    case '$gt':
    case '$gte':
      return { low: { key, inclusive: operator === '$gte' }, high: typeHigh };
    default:
      return { low: typeLow, high: { key, inclusive: operator === '$lte' } };
  }
}

function intersect(a: { low: Bound; high: Bound }, b: { low: Bound; high: Bound }): { low: Bound; high: Bound } {
  return { low: tighter(a.low, b.low, 1), high: tighter(a.high, b.high, -1) };
}

/** The stricter of two bounds: the greater low (`side` 1) or the smaller high (`side` -1). */
function tighter(a: Bound, b: Bound, side: 1 | -1): Bound {
  const order = compareKeys(a.key, b.key) * side;
  if (order !== 0) return order > 0 ? a : b;
  return a.inclusive ? b : a;
}
