// Filters and pipelines over engine documents, evaluated by mingo: (documents, filter or
// pipeline) -> documents. `$sort` stages are evaluated here instead, with MongoDB's ordering.
// Known gap: in filters an int64 only compares with int64s (mingo compares same-type values),
// where MongoDB compares every numeric type by value; sorting does compare across them.
import { aggregate as mingoAggregate, Query } from 'mingo';
import { asCommandError } from './errors.ts';
import { sortDocuments, type SortSpec } from './order.ts';
import type { EngineDoc } from './values.ts';

export type Filter = Record<string, unknown>;
export type Stage = Record<string, unknown>;
export type CollectionResolver = (name: string) => EngineDoc[];

/** A predicate for one query filter; a filter mingo rejects fails as BadValue. */
export function compileFilter(filter: Filter = {}): (doc: EngineDoc) => boolean {
  try {
    const query = new Query(filter);
    return (doc) => query.test(doc);
  } catch (error) {
    throw asCommandError(error);
  }
}

/**
 * Runs a pipeline. mingo runs the runs of stages between `$sort`s (so `$lookup` can resolve
 * sibling collections); each `$sort` is applied by {@link sortDocuments}.
 */
export function runPipeline(docs: EngineDoc[], pipeline: readonly Stage[], resolve: CollectionResolver): EngineDoc[] {
  let current = docs;
  let pending: Stage[] = [];
  const flush = () => {
    if (pending.length) current = mingoAggregate(current, pending, { collectionResolver: resolve }) as EngineDoc[];
    pending = [];
  };
  try {
    for (const stage of pipeline) {
      if ('$sort' in stage) {
        flush();
        current = sortDocuments(current, stage.$sort as SortSpec);
      } else {
        pending.push(stage);
      }
    }
    flush();
    return current;
  } catch (error) {
    throw asCommandError(error);
  }
}

export interface FindSpec {
  filter?: Filter;
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Record<string, unknown>;
}

/** The stages a find runs after its filter (the caller filters first, before copying). */
export function findPipeline(spec: FindSpec): Stage[] {
  const stages: Stage[] = [];
  if (spec.sort && Object.keys(spec.sort).length) stages.push({ $sort: spec.sort });
  if (spec.skip) stages.push({ $skip: spec.skip });
  if (spec.limit) stages.push({ $limit: Math.abs(spec.limit) });
  if (spec.projection && Object.keys(spec.projection).length) stages.push({ $project: spec.projection });
  return stages;
}
