// A REST request's shape -> its plan: the validated RestQuery, the operation, and the GraphQL
// document with its variables, checked against the schema once. Plans are kept in an LRU bounded in
// bytes, keyed by what decides them (the caller's access key, the route, the query string), so a repeated
// shape skips parsing, validation, building and schema validation. Ids are variables, set per
// request. Each plan keeps one document object, so a shape used often runs compiled (compile.ts).
import { validate, type GraphQLSchema } from 'graphql';
import type { LRUCache } from 'lru-cache';
import type { CostModel } from '../graphql/cost.ts';
import { documentBytes } from '../graphql/document-cache.ts';
import { type CacheSize, byteBoundedCache, sizeOf } from '../limits/byte-cache.ts';
import type { ContentModel } from '../model/types.ts';
import { type BuiltDocument, type RestRead, buildDocument, operationFor, rootField } from './document.ts';
import { parseQueryString } from './parse.ts';
import type { RestQuery } from './query.ts';
import type { Route } from './routes.ts';
import { type ValidationScope, validateQuery } from './validate.ts';

export interface Plan {
  readonly query: RestQuery;
  /** The operation as planned; a by-id plan serves every id (see {@link variablesFor}). */
  readonly operation: RestRead;
  readonly built: BuiltDocument;
  /** The root field the answer is under. */
  readonly field: string;
  /** The cost model the entry budget last passed with; checked again when the data is measured anew. */
  budgetPassed?: CostModel;
}

/**
 * Heap bytes of a plan per character of its query string, beside its document: the parsed query
 * string (qs), the validated RestQuery and the variables each hold a copy of what it says.
 */
const PLAN_BYTES_PER_CHARACTER = 16;

/** The bytes a plan keeps alive, its key included: an estimate that errs high. */
function planBytes(plan: Plan, key: string): number {
  return PLAN_BYTES_PER_CHARACTER * key.length + documentBytes(plan.built.document);
}

export class PlanCache {
  private readonly plans: LRUCache<string, Plan>;

  /** @param maxBytes bytes of plans kept at most (an estimate, see {@link planBytes}). */
  constructor(private readonly model: ContentModel, private readonly schema: GraphQLSchema, maxBytes: number) {
    this.plans = byteBoundedCache(maxBytes, planBytes);
  }

  /** The plans' bytes now, and the bound. */
  size(): CacheSize {
    return sizeOf(this.plans);
  }

  /**
   * The plan for this request shape, made on first use.
   * @param accessKey who may share answers (callers with one key are validated alike).
   * @param userId the logged-in user, for `/api/users/me`.
   * @throws ValidationError for a query string Strapi would refuse.
   */
  planFor(route: Route, search: string, scope: ValidationScope, accessKey: string, userId?: number): Plan {
    const key = `${accessKey}\n${route.kind}\n${route.target.uid}\n${route.operation.kind}\n${search}`;
    const found = this.plans.get(key);
    if (found) return found;
    const query = validateQuery(parseQueryString(search), route.target, scope, route.kind);
    const operation = operationFor(route.target, route.operation, query, userId === undefined ? undefined : { id: userId });
    const built = buildDocument(this.model, route.target, operation, query);
    const invalid = validate(this.schema, built.document);
    if (invalid.length > 0) {
      throw new Error(`REST façade built a document the schema rejects: ${invalid.map((e) => e.message).join('; ')}`);
    }
    const plan: Plan = { query, operation, built, field: rootField(route.target, operation) };
    this.plans.set(key, plan);
    return plan;
  }
}

/** The plan's variables for this request: its own id where the route names one (or `me`'s user). */
export function variablesFor(plan: Plan, route: Route, userId?: number): Record<string, unknown> {
  if (plan.operation.kind !== 'findOne') return plan.built.variables;
  const id = route.operation.kind === 'findOne' ? route.operation.id : String(userId);
  return { ...plan.built.variables, id };
}
