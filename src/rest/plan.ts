// A REST request's shape -> its plan: the validated RestQuery, the operation, and the GraphQL
// document with its variables, checked against the schema once. Plans are kept in a bounded LRU
// keyed by what decides them (the caller's access key, the route, the query string), so a repeated
// shape skips parsing, validation, building and schema validation. Ids are variables, set per
// request. Each plan keeps one document object, so a shape used often runs compiled (compile.ts).
import { validate, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { CostModel } from '../graphql/cost.ts';
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

/** How many plans are kept; a plan holds one small document (about 8 KB). */
export const PLAN_CACHE_SIZE = 1000;

export class PlanCache {
  private readonly plans = new LRUCache<string, Plan>({ max: PLAN_CACHE_SIZE });

  constructor(private readonly model: ContentModel, private readonly schema: GraphQLSchema) {}

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
