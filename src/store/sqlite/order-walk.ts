// A page whose plain plan reads every match and sorts them (a filter through a to-many relation,
// an `$or`, a range on a field other than the sort's), read instead by walking the sort's order
// and testing each entry, when the matches are many: a page ending `wanted` matches in, among
// `matches` of `entries`, is met after about wanted × entries / matches entries of the order. The
// walk is bounded, so matches bunched late in the order (a filter on a field that grows with the
// sort's) cost at most the bound before SQL sorts as before. Pure: SQL text and numbers.
import type { FindOptions, SortDirection } from '../store.ts';
import { quoted, sqlLimit } from './database.ts';
import { sqlDirection } from './keys.ts';

/** The walk reads up to this many times the entries it expects to: room for matches spread unevenly. */
export const WALK_SLACK = 3;

/**
 * What sorting a match costs, in entries walked: a match read and sorted (its item listed, its row
 * read, its place in the sort) cost 1.8-2.7 µs at 200,000 articles, an entry walked and tested
 * about 0.5; half that ratio, so a walk that meets its bound has cost at most about half the sort.
 */
export const SORTED_PER_WALKED = 2;

/** The order a page is walked in: one key field then id, or id alone. */
export interface WalkOrder {
  /** A key field, or undefined for id order (the key table's own). */
  readonly field?: string;
  readonly direction: SortDirection;
  /** The direction of the ties by id (the field's order only). */
  readonly ties: SortDirection;
}

/** The walk order of a sort, or undefined when it has two key fields or more (or a field twice). */
export function walkOrder(sort: FindOptions['sort']): WalkOrder | undefined {
  const keys = sort ?? [];
  if (keys.length === 0) return { direction: 1, ties: 1 };
  const [[field, direction], tie] = keys;
  if (field === 'id') return keys.length === 1 ? { direction, ties: direction } : undefined;
  if (keys.length > 2 || (tie && tie[0] !== 'id')) return undefined;
  return { field, direction, ties: tie?.[1] ?? 1 };
}

/**
 * How many entries of the order a walk may read for a page ending `wanted` matches in, or
 * undefined when reading and sorting the matches costs less: {@link WALK_SLACK} times the entries
 * it expects to read, when those cost less than sorting the matches ({@link SORTED_PER_WALKED}).
 */
export function walkBudget(matches: number, entries: number, wanted: number): number | undefined {
  if (wanted <= 0 || matches <= wanted) return undefined;
  const budget = Math.ceil((WALK_SLACK * wanted * entries) / matches);
  return budget < SORTED_PER_WALKED * matches ? budget : undefined;
}

/**
 * The walk: the first `budget` entries of the order (the first parameter), in order, through
 * `index` (undefined: the key table by id), each tested by `where` (its entries as `k`), then the
 * page: `limit` entries (written in, sqlLimit) after OFFSET (the last parameter). The outer ORDER
 * BY names the walked columns, so SQLite keeps the walk's order rather than sorting again (a test
 * holds it to that plan). The budget differs from page to page; it is an expression (`? + 0`),
 * which SQLite does not plan with, so a new budget does not re-plan the statement: the walk's
 * plan is its index (INDEXED BY, NOT INDEXED) whatever the budget.
 */
export function walkSql(keys: string, order: WalkOrder, index: string | undefined, where: string, limit: number): string {
  const tie = sqlDirection(order.ties);
  const walked = order.field === undefined
    ? `SELECT id AS w FROM ${keys} NOT INDEXED ORDER BY id ${sqlDirection(order.direction)} LIMIT (? + 0)`
    : `SELECT id AS w, ${quoted(`f:${order.field}`)} AS s FROM ${keys} INDEXED BY ${quoted(index!)} ORDER BY ${quoted(`f:${order.field}`)} ${sqlDirection(order.direction)}, id ${tie} LIMIT (? + 0)`;
  const outer = order.field === undefined ? `w.w ${sqlDirection(order.direction)}` : `w.s ${sqlDirection(order.direction)}, w.w ${tie}`;
  return `SELECT k.id FROM (${walked}) AS w CROSS JOIN ${keys} AS k ON k.id = w.w WHERE ${where} ORDER BY ${outer} ${sqlLimit(limit)} OFFSET ?`;
}
