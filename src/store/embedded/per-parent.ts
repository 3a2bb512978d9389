// An aggregation pipeline -> the per-parent read it asks for, when it is src/query/read.ts's
// `readPerParent` ($match, $sort, then the first n rows per parent): a filter and sort per parent,
// so the embedded store reads each parent's page in SQL (n documents) rather than every document
// of every parent, sorted in memory. Pure.
import type { Filter, FindOptions, SortDirection } from '../store.ts';
import { firstPerParentSpec, type FirstPerParentSpec } from './pipeline.ts';

type Row = Record<string, unknown>;

export interface PerParentRead {
  /** Every parent, once, in the order the `$in` names them. */
  readonly parents: ReadonlyArray<number | string>;
  readonly sort: NonNullable<FindOptions['sort']>;
  /** Rows kept per parent. */
  readonly n: number;
  /** The stages after the grouping (a `$project`), run over the groups. */
  readonly rest: readonly Filter[];
  /**
   * Whether a stage after the grouping may compare or compute with the rows' values (anything but
   * a `$project`), so the rows must be views (values.ts) rather than the stored documents.
   */
  readonly restReadsValues: boolean;
  /** The documents whose list holds `parent` among those the pipeline's `$match` selects. */
  filterOf(parent: number | string): Filter;
  /** The group of `parent` from its first documents (views, or stored documents) in order, as the `$group` makes it; undefined when none. */
  group(parent: number | string, views: readonly Row[]): Row | undefined;
}

const LEADING_STAGES = 2;
const GROUPING_STAGES = 4;

/** The per-parent read `pipeline` is, or undefined for any other pipeline. */
export function perParentRead(pipeline: readonly Filter[]): PerParentRead | undefined {
  const [matched, sorted] = pipeline as Array<Record<string, unknown>>;
  const match = onlyKey(matched, '$match') as Filter | undefined;
  const sort = sortEntries(onlyKey(sorted, '$sort'));
  const spec = firstPerParentSpec(pipeline.slice(LEADING_STAGES, LEADING_STAGES + GROUPING_STAGES));
  if (!match || !sort || !spec) return undefined;
  const parents = [...new Set(spec.parents)];
  const rest = pipeline.slice(LEADING_STAGES + GROUPING_STAGES);
  if (!parents.every((parent) => typeof parent === 'string' || (typeof parent === 'number' && Number.isFinite(parent)))) return undefined;
  return {
    parents: parents as Array<number | string>,
    sort,
    n: spec.n,
    rest,
    restReadsValues: rest.some((stage) => onlyKey(stage as Record<string, unknown>, '$project') === undefined),
    filterOf: (parent) => narrowed(match, spec.source, parent),
    group: (parent, views) => groupOf(spec, parent, views),
  };
}

function onlyKey(stage: Record<string, unknown> | undefined, key: string): unknown {
  return stage && Object.keys(stage).length === 1 ? stage[key] : undefined;
}

/** `{ a: 1, b: -1 }` as sort entries; undefined when a direction is anything else. */
function sortEntries(spec: unknown): PerParentRead['sort'] | undefined {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return undefined;
  const entries = Object.entries(spec);
  if (entries.some(([, direction]) => direction !== 1 && direction !== -1)) return undefined;
  return entries as Array<[string, SortDirection]>;
}

/**
 * `filter` and `{ [field]: parent }`. A `{ [field]: { $in: [...parent...] } }` of it (the batch's
 * key filter, at its top or in its top `$and`) is what `parent` narrows: it is replaced by the
 * equality, which implies it, so SQL tests one parent and not the whole batch.
 */
function narrowed(filter: Filter, field: string, parent: number | string): Filter {
  const parts = Object.keys(filter).length === 1 && Array.isArray(filter.$and) ? (filter.$and as Filter[]) : [filter];
  let replaced = false;
  const kept = parts.map((part) => {
    if (replaced || !holdsInList(part, field, parent)) return part;
    replaced = true;
    return { [field]: parent };
  });
  if (!replaced) kept.push({ [field]: parent });
  return kept.length === 1 ? kept[0] : { $and: kept };
}

function holdsInList(part: Filter, field: string, parent: number | string): boolean {
  const condition = Object.keys(part).length === 1 ? (part[field] as { $in?: unknown } | undefined) : undefined;
  return typeof condition === 'object' && condition !== null && Object.keys(condition).length === 1 && Array.isArray(condition.$in) && condition.$in.includes(parent);
}

/**
 * `{ _id: parent, [docs]: rows }`: each view once per time its list holds `parent` (as `$unwind`
 * makes rows), with the parent added, the first n of them.
 */
function groupOf(spec: FirstPerParentSpec, parent: number | string, views: readonly Row[]): Row | undefined {
  const rows: Row[] = [];
  for (const view of views) {
    const value = view[spec.source];
    const times = Array.isArray(value) ? value.filter((item) => item === parent).length : value === parent ? 1 : 0;
    for (let i = 0; i < times && rows.length < spec.n; i++) rows.push({ ...view, [spec.parent]: parent });
  }
  return rows.length > 0 ? { _id: parent, [spec.docs]: rows } : undefined;
}
