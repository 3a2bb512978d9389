// A MongoDB filter and sort -> SQL over a collection's key table (`k`): a WHERE that selects a
// superset of the matching documents (exactly them when `exact`), and an ORDER BY when every sort
// key reads a key column that has only held scalars. Pure: the columns are passed in.
import type { Filter, FindOptions } from '../store.ts';
import { HOLDS_ARRAYS, HOLDS_OBJECTS, scalarKey, sqlDirection, typeBounds, type Key } from './keys.ts';

/** A collection's key columns, as the translation needs them. */
export interface KeyColumns {
  /** The SQL reference of the field's column (`k."f:views"`), undefined when it has none. */
  column(field: string): string | undefined;
  /** What the field's values have held (HOLDS_ARRAYS, HOLDS_OBJECTS). */
  holds(field: string): number;
  /** The side table with the keys of array items (`"i:articles"`). */
  readonly items: string;
  /**
   * Test each entry's items by a seek of its own (`EXISTS`), for a walk that tests a few entries;
   * else (the default) list the matching items' ids once (`IN`), which indexes read best.
   */
  readonly probesItems?: boolean;
}

export interface Sql {
  where: string;
  params: unknown[];
  /** The WHERE selects exactly the documents MongoDB would. */
  exact: boolean;
}

const ANY: Sql = { where: '1', params: [], exact: false };
const NONE: Sql = { where: '0', params: [], exact: true };

/** The WHERE of `filter`: exact where it can be, a superset (untranslated parts true) elsewhere. */
export function translateFilter(filter: Filter, columns: KeyColumns): Sql {
  return all(Object.entries(filter).map(([key, value]) => entry(key, value, columns)));
}

/** The ORDER BY of `sort`, or undefined when a key is not an exact column (it is sorted in JS). */
export function translateSort(sort: FindOptions['sort'], columns: KeyColumns): string | undefined {
  const keys = sort?.length ? sort : ([['id', 1]] as const);
  const terms: string[] = [];
  for (const [path, direction] of keys) {
    const column = columnOf(path, columns);
    if (!column || (path !== 'id' && columns.holds(path) !== 0)) return undefined;
    terms.push(`${column} ${sqlDirection(direction)}`);
  }
  if (!keys.some(([path]) => path === 'id')) terms.push('k.id ASC');
  return terms.join(', ');
}

function columnOf(path: string, columns: KeyColumns): string | undefined {
  return path === 'id' ? 'k.id' : columns.column(path);
}

function entry(key: string, value: unknown, columns: KeyColumns): Sql {
  switch (key) {
    case '$and':
      return Array.isArray(value) ? all(value.map((part) => translateFilter(part as Filter, columns))) : ANY;
    case '$or':
      return Array.isArray(value) ? any(value.map((part) => translateFilter(part as Filter, columns))) : ANY;
    case '$nor':
      return Array.isArray(value) ? not(any(value.map((part) => translateFilter(part as Filter, columns)))) : ANY;
    default:
      return key.startsWith('$') ? ANY : field(key, value, columns);
  }
}

function field(path: string, condition: unknown, columns: KeyColumns): Sql {
  const column = columnOf(path, columns);
  const holds = path === 'id' ? 0 : columns.holds(path);
  if (!column || holds & HOLDS_OBJECTS) return ANY;
  const target: Target = { path, column, arrays: (holds & HOLDS_ARRAYS) !== 0, id: path === 'id', items: columns.items, probe: columns.probesItems === true };
  if (!isOperatorObject(condition)) return equal(target, condition);
  return all(Object.entries(condition).map(([operator, value]) => operation(target, operator, value)));
}

interface Target {
  path: string;
  column: string;
  /** Some values were arrays: a condition also matches through the items' keys. */
  arrays: boolean;
  id: boolean;
  items: string;
  probe: boolean;
}

/** A condition of operators (`{ $gte: 5 }`), as against a value to equal. */
export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date || value instanceof RegExp) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

function operation(target: Target, operator: string, value: unknown): Sql {
  switch (operator) {
    case '$eq':
      return equal(target, value);
    case '$ne':
      // `IS NOT NULL` rather than a negated IS NULL: SQLite can read it from an index.
      if (value === null && !target.arrays) return target.id ? { where: '1', params: [], exact: true } : { where: `${target.column} IS NOT NULL`, params: [], exact: true };
      return not(equal(target, value));
    case '$in':
      return inList(target, value);
    case '$nin':
      return not(inList(target, value));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return range(target, operator, value);
    case '$not':
      return isOperatorObject(value) ? not(all(Object.entries(value).map(([inner, v]) => operation(target, inner, v)))) : ANY;
    default:
      return ANY;
  }
}

function equal(target: Target, value: unknown): Sql {
  const key = scalarKey(value);
  if (key === undefined) return ANY;
  if (target.id) return typeof key === 'number' || typeof key === 'bigint' ? { where: 'k.id = ?', params: [key], exact: true } : NONE;
  if (key === null) return target.arrays ? ANY : { where: `${target.column} IS NULL`, params: [], exact: true };
  return withItems(target, { where: `${target.column} = ?`, params: [key], exact: true }, '= ?', [key]);
}

const COMPARISON = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function range(target: Target, operator: keyof typeof COMPARISON, value: unknown): Sql {
  const key = scalarKey(value);
  const bounds = key === undefined || key === null ? undefined : typeBounds(key);
  if (!bounds) return ANY;
  const upward = operator === '$gt' || operator === '$gte';
  const within = upward ? `< ?` : `>= ?`;
  const bound: Key = upward ? bounds.high : bounds.low;
  const test = `${COMPARISON[operator]} ? AND `;
  if (target.id) return typeof key === 'number' || typeof key === 'bigint' ? { where: `k.id ${COMPARISON[operator]} ?`, params: [key], exact: true } : NONE;
  const own = { where: `(${target.column} ${test}${target.column} ${within})`, params: [key, bound], exact: true };
  return withItems(target, own, `${test}key ${within}`, [key, bound]);
}

/** `own`, or also the documents whose array holds an item passing `test` (`key <test>`). */
function withItems(target: Target, own: Sql, test: string, params: unknown[]): Sql {
  if (!target.arrays) return own;
  const items = target.probe
    ? `EXISTS (SELECT 1 FROM ${target.items} WHERE field = ? AND key ${test} AND id = k.id)`
    : `k.id IN (SELECT id FROM ${target.items} WHERE field = ? AND key ${test})`;
  return { where: `(${own.where} OR ${items})`, params: [...own.params, target.path, ...params], exact: true };
}

function all(parts: Sql[]): Sql {
  const kept = parts.filter((part) => part.where !== '1');
  if (kept.length === 0) return { where: '1', params: [], exact: parts.every((part) => part.exact) };
  return {
    where: kept.length === 1 ? kept[0].where : kept.map((part) => `(${part.where})`).join(' AND '),
    params: kept.flatMap((part) => part.params),
    exact: parts.every((part) => part.exact),
  };
}

/** SQLite takes at most 32,766 parameters in a statement: longer lists are left to the JS predicate. */
const MAX_LISTED = 8000;

/** `$in`: one equality per value, ORed as a balanced tree (a flat chain of n ORs is n deep, and SQLite stops at 1,000). */
function inList(target: Target, value: unknown): Sql {
  if (!Array.isArray(value) || value.length > MAX_LISTED) return ANY;
  return plainList(target, value) ?? balancedAny(value.map((item) => equal(target, item)));
}

/**
 * `IN (…)` over ids or a column without arrays, when every value is a plain scalar: one index
 * lookup per value, where a tree of ORs makes SQLite scan.
 */
function plainList(target: Target, values: readonly unknown[]): Sql | undefined {
  if (values.length === 0 || target.arrays) return undefined;
  const keys = values.map(scalarKey);
  if (keys.some((key) => key === undefined || key === null)) return undefined;
  const places = keys.map(() => '?').join(', ');
  if (target.id) {
    const ids = keys.filter((key) => typeof key === 'number' || typeof key === 'bigint');
    return { where: ids.length ? `k.id IN (${ids.map(() => '?').join(', ')})` : '0', params: ids, exact: true };
  }
  return { where: `${target.column} IN (${places})`, params: keys, exact: true };
}

function balancedAny(parts: Sql[]): Sql {
  if (parts.length <= 32) return any(parts);
  const middle = Math.ceil(parts.length / 2);
  return any([balancedAny(parts.slice(0, middle)), balancedAny(parts.slice(middle))]);
}

function any(parts: Sql[]): Sql {
  if (parts.length === 0) return NONE;
  if (parts.some((part) => part.where === '1')) return { where: '1', params: [], exact: parts.every((part) => part.exact) };
  return { where: parts.map((part) => `(${part.where})`).join(' OR '), params: parts.flatMap((part) => part.params), exact: parts.every((part) => part.exact) };
}

/** The complement, when `inner` is exact; NULL (a comparison with a missing key) counts as false. */
function not(inner: Sql): Sql {
  return inner.exact ? { where: `NOT coalesce((${inner.where}), 0)`, params: inner.params, exact: true } : ANY;
}
