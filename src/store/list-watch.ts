// A list or count read kept in an answer, and an update of one entry of its collection -> whether
// the answer may have changed. A page holds the same entries in the same order, and a count the
// same number, when the entry matched the filter before and after alike (or neither time), and, for
// a page, lay on the same side of it before and after: both before its first entry or both after
// its last. Every test answers "unsure" for what it cannot decide exactly (a value of another type
// than the one compared, an array, an operator it does not know), and unsure means changed. Pure.
import type { Doc, Filter, FindOptions, SortDirection } from './store.ts';
import { compareKeys, scalarKey } from './sqlite/keys.ts';
import { isOperatorObject } from './sqlite/translate.ts';

/** An entry's values of the sort's fields (those it holds). */
export type SortValues = Readonly<Record<string, unknown>>;

/** The page a find answered: its order, where it began, and its first and last entries' sort values. */
export interface PageWindow {
  /** Top-level fields, each with its direction; `id` breaks ties (src/query/sort.ts). */
  readonly sort: ReadonlyArray<readonly [string, SortDirection]>;
  readonly skip: number;
  /** The first entry's sort values; absent when the page was empty. */
  readonly first?: SortValues;
  /** The last entry's sort values; absent when the page reached the last match (a whole page may not have). */
  readonly last?: SortValues;
}

/** A list read an answer was made from: what it tested, and for a find, the page it answered (absent for a count). */
export interface ListWatch {
  readonly collection: string;
  readonly filter: Filter;
  /** The top-level fields its filter and sort test. */
  readonly fields: ReadonlySet<string>;
  readonly page?: PageWindow;
}

/** An update of one entry: its state before and after, and the top-level fields that differ. */
export interface Move {
  readonly collection: string;
  readonly before: Doc;
  readonly after: Doc;
  readonly fields: readonly string[];
}

/** Whether a find of `filter` sorted by `options.sort` can be watched: its sort on top-level fields, ending in `id`. */
export function watchable(options: FindOptions | undefined): boolean {
  const sort = options?.sort ?? [];
  return sort.length > 0 && sort.every(([field]) => !field.includes('.')) && sort.at(-1)![0] === 'id';
}

/** The watch of a find that answered `docs`. */
export function pageWatch(collection: string, filter: Filter, fields: ReadonlySet<string>, options: FindOptions, docs: readonly Doc[]): ListWatch {
  const sort = options.sort ?? [];
  const values = (doc: Doc | undefined): SortValues | undefined => (doc ? Object.fromEntries(sort.filter(([field]) => field in doc).map(([field]) => [field, doc[field]])) : undefined);
  const full = options.limit !== undefined && options.limit > 0 && docs.length >= options.limit;
  return { collection, filter, fields, page: { sort, skip: options.skip ?? 0, first: values(docs[0]), last: full ? values(docs.at(-1)) : undefined } };
}

/** Whether `move` may have changed the answer of the read `watch` describes. */
export function moveChanges(watch: ListWatch, move: Move): boolean {
  const was = matches(watch.filter, move.before);
  const is = matches(watch.filter, move.after);
  if (was === undefined || is === undefined || was !== is) return true;
  if (!was || !watch.page) return false;
  const before = side(watch.page, move.before);
  return before === undefined || before === 'inside' || before !== side(watch.page, move.after);
}

type Side = 'before' | 'inside' | 'after';

/** Where `doc` lies in the sort's order against the page; undefined when unsure. */
function side(page: PageWindow, doc: Doc): Side | undefined {
  // An empty page past the first: every match lies before it, and one more would have to come.
  if (!page.first) return page.skip > 0 ? 'after' : undefined;
  const toFirst = compareInOrder(page.sort, doc, page.first);
  if (toFirst === undefined || toFirst < 0) return toFirst === undefined ? undefined : 'before';
  if (!page.last) return 'inside';
  const toLast = compareInOrder(page.sort, doc, page.last);
  return toLast === undefined ? undefined : toLast > 0 ? 'after' : 'inside';
}

/** `doc` against sort values `at`, in the sort's order; undefined when a key cannot be compared exactly. */
function compareInOrder(sort: PageWindow['sort'], doc: Doc, at: SortValues): number | undefined {
  for (const [field, direction] of sort) {
    if (!(field in doc) || !(field in at)) return undefined;
    const order = compareAlike(doc[field], at[field]);
    if (order === undefined) return undefined;
    if (order !== 0) return order * direction;
  }
  return 0;
}

/** Two values of one kind (numbers, strings, booleans, dates) as every store orders them; undefined for anything else. */
function compareAlike(a: unknown, b: unknown): number | undefined {
  const kind = kindOf(a);
  if (kind === undefined || kind !== kindOf(b)) return undefined;
  return compareKeys(scalarKey(a)!, scalarKey(b)!);
}

function kindOf(value: unknown): string | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isNaN(value) ? undefined : 'number';
    case 'bigint':
      return scalarKey(value) === undefined ? undefined : 'number';
    case 'string':
    case 'boolean':
      return typeof value;
    default:
      return value instanceof Date && !Number.isNaN(value.getTime()) ? 'date' : undefined;
  }
}

/** Whether `doc` matches `filter` (MongoDB's meaning); undefined when unsure. */
export function matches(filter: Filter, doc: Doc): boolean | undefined {
  return every(Object.entries(filter), ([key, condition]) => {
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(condition) || !condition.every(isPlainObject)) return undefined;
      const parts = condition as Filter[];
      if (key === '$and') return every(parts, (part) => matches(part, doc));
      const some = not(every(parts, (part) => not(matches(part, doc))));
      return key === '$or' ? some : not(some);
    }
    if (key.startsWith('$') || key.includes('.')) return undefined;
    return fieldMatches(doc[key], key in doc, condition);
  });
}

/** One field's value against its condition: a value (equality) or an object of operators. */
function fieldMatches(value: unknown, present: boolean, condition: unknown): boolean | undefined {
  if (!isOperatorObject(condition)) return equals(value, condition);
  return every(Object.entries(condition), ([operator, operand]) => operatorMatches(value, present, operator, operand));
}

function operatorMatches(value: unknown, present: boolean, operator: string, operand: unknown): boolean | undefined {
  switch (operator) {
    case '$eq':
      return equals(value, operand);
    case '$ne':
      return not(equals(value, operand));
    case '$in':
      return Array.isArray(operand) ? not(every(operand, (item) => not(equals(value, item)))) : undefined;
    case '$nin':
      return Array.isArray(operand) ? every(operand, (item) => not(equals(value, item))) : undefined;
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return inRange(value, operator, operand);
    case '$exists':
      return typeof operand === 'boolean' ? present === operand : undefined;
    default:
      return undefined;
  }
}

/** Equality as MongoDB means it for scalars: null matches null and missing; values of two kinds are left unsure. */
function equals(value: unknown, operand: unknown): boolean | undefined {
  if (Array.isArray(value) || isObjectValue(value) || isObjectValue(operand) || Array.isArray(operand)) return undefined;
  if (operand === null || operand === undefined) return value === null || value === undefined;
  if (value === null || value === undefined) return false;
  const order = compareAlike(value, operand);
  return order === undefined ? undefined : order === 0;
}

/** A comparison of two values of one kind; a missing or null value matches none of a value; anything else unsure. */
function inRange(value: unknown, operator: string, operand: unknown): boolean | undefined {
  if (operand === null || operand === undefined || Array.isArray(value)) return undefined;
  if (value === null || value === undefined) return kindOf(operand) === undefined ? undefined : false;
  const order = compareAlike(value, operand);
  if (order === undefined) return undefined;
  return operator === '$gt' ? order > 0 : operator === '$gte' ? order >= 0 : operator === '$lt' ? order < 0 : order <= 0;
}

/** Three-valued AND: false if any is false, else unsure if any is unsure, else true. */
function every<T>(items: readonly T[], test: (item: T) => boolean | undefined): boolean | undefined {
  let result: boolean | undefined = true;
  for (const item of items) {
    const one = test(item);
    if (one === false) return false;
    if (one === undefined) result = undefined;
  }
  return result;
}

const not = (value: boolean | undefined) => (value === undefined ? undefined : !value);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

/** An object a field may hold that is not a scalar (a component, a regular expression, a buffer). */
function isObjectValue(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !(value instanceof Date);
}
