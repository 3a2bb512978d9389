// An aggregation pipeline over the embedded store's document views -> its answer: each stage of a
// form the gateway sends (src/query/read.ts, sort.ts) run natively, and from the first
// stage of any other form on, mingo. Answers as mingo would (test/store/pipeline.test.ts).
import { aggregate as mingoAggregate } from 'mingo';
import { compare, resolve } from 'mingo/util';
import type { Filter } from '../store.ts';
import { reader } from './predicate.ts';
import { compiledFilter } from './queries.ts';

type Row = Record<string, unknown>;
type Stage = (rows: Row[]) => Row[];

export interface PipelineSources {
  /** Every document of another collection, for a `$lookup` of a form not run natively. */
  collection(name: string): Row[];
  /** The documents of another collection whose `field` holds one of `values` (as `$in` matches). */
  lookup(name: string, field: string, values: unknown[]): Row[];
}

export function runPipeline(rows: Row[], stages: readonly Filter[], sources: PipelineSources): Row[] {
  let current = rows;
  for (let i = 0; i < stages.length; i++) {
    const fused = firstPerParent(stages.slice(i, i + FIRST_PER_PARENT_STAGES));
    if (fused) {
      current = fused(current);
      i += FIRST_PER_PARENT_STAGES - 1;
      continue;
    }
    const stage = nativeStage(stages[i], sources);
    if (!stage) return mingoAggregate(current, stages.slice(i) as Filter[], { collectionResolver: (name: string) => sources.collection(name) }) as Row[];
    const next = stage(current);
    current = next;
  }
  return current;
}

const FIRST_PER_PARENT_STAGES = 4;

/** What the four stages of a per-parent read say (see {@link firstPerParentSpec}). */
export interface FirstPerParentSpec {
  /** The field each row's parent is added as (`P`). */
  readonly parent: string;
  /** The top-level list (or single) field holding the parents (`list`). */
  readonly source: string;
  /** The `$match` on the parent: `{ P: { $in: [...] } }`. */
  readonly filter: Filter;
  /** The parents the `$in` names. */
  readonly parents: readonly unknown[];
  /** The field each group's rows are collected in. */
  readonly docs: string;
  /** Rows kept per parent. */
  readonly n: number;
}

/**
 * The spec of `stages` when they are exactly `{ $addFields: { P: '$list' } }`, `{ $unwind: '$P' }`,
 * `{ $match: { P: { $in: [...] } } }` and `{ $group: { _id: '$P', docs: { $firstN: { input:
 * '$$ROOT', n } } } }` (top-level fields): the first n rows per parent of a list field, as
 * src/query/read.ts (`readPerParent`) asks them. Undefined for any other stages.
 */
export function firstPerParentSpec(stages: readonly Filter[]): FirstPerParentSpec | undefined {
  if (stages.length !== FIRST_PER_PARENT_STAGES) return undefined;
  const [add, unwound, matched, grouped] = stages as Array<Record<string, unknown>>;
  const added = Object.entries((Object.keys(add).length === 1 && add.$addFields) || {});
  if (added.length !== 1) return undefined;
  const [parent, source] = [added[0][0], fieldPath(added[0][1])];
  if (source === undefined || source.includes('.') || parent.includes('.') || parent.startsWith('$')) return undefined;
  if (Object.keys(unwound).length !== 1 || unwound.$unwind !== `$${parent}`) return undefined;
  const filter = Object.keys(matched).length === 1 ? (matched.$match as Record<string, unknown> | undefined) : undefined;
  const inList = (filter?.[parent] as { $in?: unknown } | undefined)?.$in;
  if (!filter || Object.keys(filter).length !== 1 || !Array.isArray(inList) || Object.keys(filter[parent] as object).length !== 1) return undefined;
  const group = Object.keys(grouped).length === 1 ? (grouped.$group as Record<string, unknown> | undefined) : undefined;
  const { _id, ...accumulators } = group ?? {};
  const collected = Object.entries(accumulators);
  const firstN = (collected[0]?.[1] as { $firstN?: { input?: unknown; n?: unknown } } | undefined)?.$firstN;
  if (_id !== `$${parent}` || collected.length !== 1 || firstN?.input !== '$$ROOT' || !Number.isInteger(firstN.n) || (firstN.n as number) <= 0) return undefined;
  return { parent, source, filter, parents: inList, docs: collected[0][0], n: firstN.n as number };
}

/**
 * The four stages of {@link firstPerParentSpec} as one stage. The answer is theirs, row for row
 * and in their order, but only the rows kept are made: not one copy per row and item.
 */
export function firstPerParent(stages: readonly Filter[]): Stage | undefined {
  const spec = firstPerParentSpec(stages);
  if (!spec) return undefined;
  const { parent, source, docs, n } = spec;
  const { test } = compiledFilter(spec.filter);
  const unfused = (rows: Row[]) => stages.reduce((current, stage) => nativeStage(stage, NO_SOURCES)!(current), rows);
  return (rows) => {
    const groups = new Map<unknown, Row>();
    for (const row of rows) {
      const value = row[source];
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        if (!test({ [parent]: item })) continue;
        const key = groupKey(item);
        if (key === undefined) return unfused(rows);
        let out = groups.get(key);
        if (!out) groups.set(key, (out = { _id: item ?? null, [docs]: [] }));
        const list = out[docs] as Row[];
        if (list.length < n) list.push({ ...row, [parent]: item });
      }
    }
    return [...groups.values()];
  };
}

/** No other collection: the stages firstPerParent fuses read none. */
const NO_SOURCES: PipelineSources = { collection: () => [], lookup: () => [] };

/** The stage as a function, or undefined when its form is not one run natively. */
function nativeStage(stage: Filter, sources: PipelineSources): Stage | undefined {
  const [name, spec, ...others] = Object.entries(stage).flat();
  if (others.length > 0) return undefined;
  switch (name) {
    case '$match':
      return match(spec as Filter);
    case '$sort':
      return sort(spec as Record<string, 1 | -1>);
    case '$skip':
      return typeof spec === 'number' ? (rows) => rows.slice(spec) : undefined;
    case '$limit':
      return typeof spec === 'number' ? (rows) => rows.slice(0, spec) : undefined;
    case '$addFields':
      return addFields(spec as Record<string, unknown>);
    case '$unwind':
      return unwind(spec);
    case '$group':
      return group(spec as Record<string, unknown>);
    case '$project':
      return project(spec as Record<string, unknown>);
    case '$lookup':
      return lookup(spec as Record<string, unknown>, sources);
    default:
      return undefined;
  }
}

/** `$field` (not `$$variable`) -> `field`; undefined for anything else. */
function fieldPath(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('$') && !value.startsWith('$$') ? value.slice(1) : undefined;
}

function match(filter: Filter): Stage {
  const { test } = compiledFilter(filter);
  return (rows) => rows.filter((row) => test(row));
}

/** Stable, by each key in turn; a missing value sorts as null. Arrays (min/max rules) go to mingo. */
function sort(keys: Record<string, 1 | -1>): Stage | undefined {
  const entries = Object.entries(keys);
  if (entries.some(([, direction]) => direction !== 1 && direction !== -1)) return undefined;
  return (rows) => sortRows(rows, entries);
}

/**
 * `rows` in the order of `keys`, as MongoDB (and mingo) sort them; ties keep their order. With
 * `first`, only that many leading rows are wanted: a small page of a large set is selected in one
 * pass (each row compared with the page's last) instead of sorting the whole set.
 */
export function sortRows<T extends Row>(rows: T[], keys: ReadonlyArray<readonly [string, number]>, first?: number): T[] {
  // Each key's values as a column: a top-level field read directly (each with its own reader), a dotted path as mingo resolves it.
  const columns = keys.map(([path]) => {
    const read = path.includes('.') ? (row: Row) => resolve(row, path) : reader(path);
    const column: unknown[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) column[i] = read(rows[i]) ?? null;
    return column;
  });
  const order = sortedIndexes(columns, keys.map(([, direction]) => direction), first);
  if (order) return order.map((index) => rows[index]);
  const sorted = mingoAggregate(rows, [{ $sort: Object.fromEntries(keys) }]) as T[];
  return first === undefined ? sorted : sorted.slice(0, first);
}

/**
 * Row indexes in the order of the keys, where `columns[k][i]` is row i's value of key k (null when
 * missing) and `directions[k]` its direction; ties keep their order. Only the `first` leading rows
 * when given. Undefined when a value is an array: an array sorts by its least or greatest item, as
 * MongoDB's rules say, and mingo sorts those.
 */
export function sortedIndexes(columns: ReadonlyArray<readonly unknown[]>, directions: readonly number[], first?: number): number[] | undefined {
  if (columns.some((column) => column.some(Array.isArray))) return undefined;
  const n = columns[0]?.length ?? 0;
  const order = (a: number, b: number) => {
    for (let k = 0; k < columns.length; k++) {
      const x = columns[k][a];
      const y = columns[k][b];
      // Two numbers compare as numbers (MongoDB's order); anything else as mingo orders BSON types.
      const difference = typeof x === 'number' && typeof y === 'number' ? (x < y ? -1 : x > y ? 1 : 0) : compare(x, y);
      if (difference !== 0) return difference * directions[k];
    }
    return a - b;
  };
  if (first !== undefined && first < n / 4) return topRows(n, first, order);
  const indexes = Array.from({ length: n }, (_, index) => index);
  indexes.sort(order);
  return first === undefined ? indexes : indexes.slice(0, first);
}

/** The `k` first of `n` indexes in `order`, kept sorted by binary insertion. */
function topRows(n: number, k: number, order: (a: number, b: number) => number): number[] {
  const best: number[] = [];
  if (k <= 0) return best;
  for (let index = 0; index < n; index++) {
    if (best.length === k && order(index, best[k - 1]) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (order(best[middle], index) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, index);
    if (best.length > k) best.pop();
  }
  return best;
}

/** `{ f: '$path' }` and `{ f: { $arrayElemAt: ['$path', i] } }`, `i` a number or a `'$path'` to one (null: null). */
function addFields(spec: Record<string, unknown>): Stage | undefined {
  const readers: Array<[string, (row: Row) => unknown]> = [];
  for (const [field, expression] of Object.entries(spec)) {
    const path = fieldPath(expression);
    const element = (expression as { $arrayElemAt?: unknown[] } | null)?.$arrayElemAt;
    const index = Array.isArray(element) ? arrayIndex(element[1]) : undefined;
    if (path !== undefined) {
      readers.push([field, (row) => resolve(row, path)]);
    } else if (Array.isArray(element) && element.length === 2 && fieldPath(element[0]) !== undefined && index !== undefined) {
      const listPath = fieldPath(element[0])!;
      readers.push([field, (row) => {
        const list = resolve(row, listPath);
        const at = index(row);
        if (list === undefined || list === null || at === null) return null;
        if (!Array.isArray(list) || at === undefined) return NOT_AN_ARRAY;
        return list[at];
      }]);
    } else {
      return undefined;
    }
  }
  return (rows) => {
    const out: Row[] = [];
    for (const row of rows) {
      const added: Row = { ...row };
      for (const [field, read] of readers) {
        const value = read(row);
        // MongoDB refuses a non-array there; mingo says so in its words.
        if (value === NOT_AN_ARRAY) return mingoAggregate(rows, [{ $addFields: spec }]) as Row[];
        if (value === undefined) delete added[field];
        else added[field] = value;
      }
      out.push(added);
    }
    return out;
  };
}

const NOT_AN_ARRAY = Symbol('not an array');

/**
 * An `$arrayElemAt` index run natively: a number at least 0, or a `'$path'` holding one (or null,
 * which makes the element null); undefined for any other form, and (per row) for any other value.
 */
function arrayIndex(spec: unknown): ((row: Row) => number | null | undefined) | undefined {
  if (Number.isInteger(spec) && (spec as number) >= 0) return () => spec as number;
  const path = fieldPath(spec);
  if (path === undefined) return undefined;
  return (row) => {
    const value = resolve(row, path) ?? null;
    return value === null || (Number.isInteger(value) && (value as number) >= 0) ? (value as number | null) : undefined;
  };
}

/**
 * `'$field'` or `{ path: '$field', includeArrayIndex }` (a top-level field): one row per item, with
 * its index when asked (null for a value that is not an array); a missing, null or empty field
 * drops the row.
 */
function unwind(spec: unknown): Stage | undefined {
  const { path, includeArrayIndex: index, ...others } = (typeof spec === 'object' && spec !== null ? spec : { path: spec }) as Record<string, unknown>;
  const field = fieldPath(path);
  if (field === undefined || field.includes('.') || Object.keys(others).length > 0 || (index !== undefined && (typeof index !== 'string' || index.includes('.')))) return undefined;
  const at = (row: Row, position: number | null): Row => (index === undefined ? row : { ...row, [index as string]: position });
  return (rows) => rows.flatMap((row) => {
    const value = row[field];
    if (value === undefined || value === null) return [];
    return Array.isArray(value) ? value.map((item, position) => at({ ...row, [field]: item }, position)) : [at(row, null)];
  });
}

/** A value as a Map key: scalars as themselves, dates by time; undefined for anything else. */
function groupKey(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return `date:${value.getTime()}`;
  if (typeof value === 'object') return typeof (value as { toJSON?: unknown }).toJSON === 'function' ? `text:${String(value)}` : undefined;
  return value;
}

/** `_id: '$path'` with `$firstN` or `$push` of `$$ROOT`; groups in the order first met. */
function group(spec: Record<string, unknown>): Stage | undefined {
  const { _id, ...accumulators } = spec;
  const idPath = fieldPath(_id);
  if (idPath === undefined) return undefined;
  const collectors: Array<[string, number]> = [];
  for (const [field, accumulator] of Object.entries(accumulators)) {
    const firstN = (accumulator as { $firstN?: { input?: unknown; n?: unknown } } | null)?.$firstN;
    const push = (accumulator as { $push?: unknown } | null)?.$push;
    if (firstN && firstN.input === '$$ROOT' && Number.isInteger(firstN.n) && (firstN.n as number) > 0) collectors.push([field, firstN.n as number]);
    else if (push === '$$ROOT') collectors.push([field, Number.POSITIVE_INFINITY]);
    else return undefined;
  }
  return (rows) => {
    const groups = new Map<unknown, Row>();
    for (const row of rows) {
      const id = resolve(row, idPath);
      const key = groupKey(id);
      if (key === undefined) return mingoAggregate(rows, [{ $group: spec }]) as Row[];
      let out = groups.get(key);
      if (!out) {
        out = { _id: id ?? null, ...Object.fromEntries(collectors.map(([field]) => [field, []])) };
        groups.set(key, out);
      }
      for (const [field, n] of collectors) {
        const list = out[field] as Row[];
        if (list.length < n) list.push(row);
      }
    }
    return [...groups.values()];
  };
}

/** Inclusions (`1`, `'$path'`) or exclusions (`0`), `_id` apart, as MongoDB allows. */
function project(spec: Record<string, unknown>): Stage | undefined {
  const entries = Object.entries(spec);
  const excluded = entries.filter(([, value]) => value === 0 || value === false).map(([field]) => field);
  const included = entries.filter(([, value]) => value === 1 || value === true || fieldPath(value) !== undefined);
  if (excluded.length + included.length !== entries.length || entries.some(([field]) => field.includes('.'))) return undefined;
  if (included.length === 0) {
    return (rows) => rows.map((row) => {
      const out: Row = { ...row };
      for (const field of excluded) delete out[field];
      return out;
    });
  }
  if (excluded.some((field) => field !== '_id')) return undefined;
  const keepId = !excluded.includes('_id') && !included.some(([field]) => field === '_id');
  return (rows) => rows.map((row) => {
    const out: Row = {};
    if (keepId && row._id !== undefined) out._id = row._id;
    for (const [field, value] of included) {
      const path = fieldPath(value);
      const found = path === undefined ? row[field] : resolve(row, path);
      if (found !== undefined) out[field] = found;
    }
    return out;
  });
}

/** `{ from, localField, foreignField, as }`: a local list matches any of its items. */
function lookup(spec: Record<string, unknown>, sources: PipelineSources): Stage | undefined {
  const { from, localField, foreignField, as, ...rest } = spec;
  if (Object.keys(rest).length > 0 || typeof from !== 'string' || typeof localField !== 'string' || typeof foreignField !== 'string' || typeof as !== 'string') return undefined;
  return (rows) => {
    // Only the foreign documents the local values name are read, never the whole collection.
    const locals = new Map<unknown, unknown>();
    for (const row of rows) {
      const local = resolve(row, localField);
      for (const value of Array.isArray(local) ? local : [local]) locals.set(groupKey(value) ?? value, value ?? null);
    }
    const byKey = new Map<unknown, Row[]>();
    for (const foreign of sources.lookup(from, foreignField, [...locals.values()])) {
      const values = resolve(foreign, foreignField);
      for (const value of Array.isArray(values) ? values : [values]) {
        const key = groupKey(value);
        if (key === undefined) return mingoAggregate(rows, [{ $lookup: spec }], { collectionResolver: (name: string) => sources.collection(name) }) as Row[];
        const list = byKey.get(key) ?? [];
        if (!list.includes(foreign)) list.push(foreign);
        byKey.set(key, list);
      }
    }
    return rows.map((row) => {
      const local = resolve(row, localField);
      const keys = (Array.isArray(local) ? local : [local]).map(groupKey);
      const found = new Set<Row>();
      for (const key of keys) for (const foreign of byKey.get(key) ?? []) found.add(foreign);
      return { ...row, [as]: [...found] };
    });
  };
}
