// HTTP request under /api -> Strapi v4 REST response. The pipeline: route -> plan (qs parse ->
// validate -> GraphQL document, once per request shape) -> entry budget -> execute on the
// gateway's schema -> reshape -> JSON written in slices. Never throws.
import { execute, type GraphQLSchema } from 'graphql';
import { ApplicationError, ForbiddenError, NotFoundError, ValidationError } from '../errors/errors.ts';
import { originalError, toRestError } from '../errors/map.ts';
import type { GatewayContext } from '../graphql/context.ts';
import type { DocumentCompiler } from '../graphql/compile.ts';
import { costModel, type CostModel } from '../graphql/cost.ts';
import { narrowReads } from '../graphql/projection.ts';
import { DEFAULT_CACHE_BOUNDS } from '../limits/byte-cache.ts';
import { DEFAULT_REQUEST_LIMITS, checkEntryBudget, type RequestLimits } from '../limits/request-limits.ts';
import { stringifyInSlices } from '../limits/stringify.ts';
import type { ContentModel } from '../model/types.ts';
import { WholeResponse } from '../whole-response.ts';
import type { Operation } from './document.ts';
import { explain } from './explain.ts';
import { type Plan, PlanCache, variablesFor } from './plan.ts';
import type { RestQuery } from './query.ts';
import { reshapeCollection, reshapeEntry, reshapeEveryLocale, reshapePlain } from './reshape.ts';
import { ALLOWED_METHODS, type Route, requiredAction, resolveRoute } from './routes.ts';

export interface RestHandlerDeps {
  model: ContentModel;
  schema: GraphQLSchema;
  contextFor(request: Request): Promise<GatewayContext>;
  /** Where unexpected errors (answered as 500) are reported; console.error by default. */
  log?: (error: unknown) => void;
  /** `maxEntries` bounds what one request may answer; the default when absent. */
  limits?: Pick<RequestLimits, 'maxEntries'>;
  /** The entry estimate's model, bounded by the data as last measured; by the list limits alone when absent. */
  costs?(): CostModel | Promise<CostModel>;
  /** Compiles documents used often (graphql-jit); every document runs on graphql-js when absent. */
  compiler?: DocumentCompiler;
  /** Where plans are kept (the gateway's, whose size it reports); one of the default bound when absent. */
  plans?: PlanCache;
}

/** The media type that asks for the GraphQL document a request becomes, not its result. */
const EXPLAIN_TYPE = 'application/graphql';

export function createRestHandler(deps: RestHandlerDeps): (request: Request) => Promise<Response> {
  const log = deps.log ?? console.error;
  const maxEntries = deps.limits?.maxEntries ?? DEFAULT_REQUEST_LIMITS.maxEntries;
  const unmeasured = deps.costs ? undefined : costModel(deps.model);
  const costs = deps.costs ?? (() => unmeasured!);

  const plans = deps.plans ?? new PlanCache(deps.model, deps.schema, DEFAULT_CACHE_BOUNDS.plansMaxBytes);

  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const route = resolveRoute(deps.model, request.method, url.pathname);
    const context = await deps.contextFor(request);
    const action = requiredAction(route);
    if (action ? !context.role.can(action, route.target.uid) : !context.user) throw new ForbiddenError('Forbidden');

    const scope = { model: deps.model, role: context.role, locales: context.locales.codes };
    const plan = plans.planFor(route, url.search, scope, context.accessKey, context.user?.id);
    // Reading oneself needs no findOne permission on users; the root field is told which entry that is.
    if (route.operation.kind === 'me') context.self = context.user!.id;
    const variables = variablesFor(plan, route, context.user?.id);
    if (wantsExplain(request)) {
      return new Response(explain({ document: plan.built.document, variables }), { status: 200, headers: { 'content-type': EXPLAIN_TYPE } });
    }
    // The GraphQL result is held by no variable here, so it can be collected once reshaped, while
    // the answer is written out (a large answer's objects are many, and several are in flight).
    const body = await reshape(route, plan.operation, plan.query, await run(plan, variables, context), context);
    return json(200, await stringifyInSlices(body, context.deadline));
  }

  async function run(plan: Plan, variables: Record<string, unknown>, context: GatewayContext): Promise<unknown> {
    // The same budget as /graphql: a request past it is the caller's to fix (400), not our bug.
    const model = await costs();
    if (plan.budgetPassed !== model) {
      checkEntryBudget(deps.schema, model, maxEntries, plan.built.document, variables);
      plan.budgetPassed = model;
    }
    narrowReads(context, deps.schema, plan.built.document);
    const compiled = deps.compiler?.compiledFor(plan.built.document, variables);
    const result = compiled
      ? await compiled.query(undefined, context, variables)
      : await execute({ schema: deps.schema, document: plan.built.document, variableValues: variables, contextValue: context });
    // Past the deadline whatever was resolved is dropped: the answer is the 503.
    context.deadline.check();
    if (result.errors?.length) {
      // The error that explains the answer best is ours (a 403, a 400), not a consequence of it.
      const ours = result.errors.find((e) => originalError(e) instanceof ApplicationError);
      if (ours) throw ours;
      // Without a path, the error is about the request's values (a variable the schema's scalars
      // refuse), which validation should have caught: still the caller's value, so a 400.
      const first = result.errors[0];
      throw first.path === undefined ? new ValidationError(first.message) : first;
    }
    return result.data?.[plan.field];
  }

  async function reshape(route: Route, operation: Operation, query: RestQuery, root: unknown, { deadline }: GatewayContext): Promise<unknown> {
    if (route.kind !== 'entries') {
      const plain = await reshapePlain(deps.model, route.target, query, root, deadline);
      if (plain === null) throw new NotFoundError('Not Found');
      return plain;
    }
    if (operation.kind === 'findMany') return reshapeCollection(deps.model, route.target, query, root, deadline);
    if (operation.kind === 'findEveryLocale') return reshapeEveryLocale(deps.model, route.target, query, root, deadline);
    const body = await reshapeEntry(deps.model, route.target, query, root, deadline);
    if (body.data === null) throw new NotFoundError('Not Found');
    return body;
  }

  async function answerOrError(request: Request): Promise<Response> {
    try {
      return await answer(request);
    } catch (error) {
      const { status, body } = toRestError(error, log);
      return json(status, JSON.stringify(body), status === 405 ? { allow: ALLOWED_METHODS.join(', ') } : undefined);
    }
  }

  return async (request) => {
    const response = await answerOrError(request);
    return request.method === 'HEAD' ? new Response(null, response) : response;
  };
}

function wantsExplain(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.split(',').some((part) => part.split(';')[0].trim().toLowerCase() === EXPLAIN_TYPE);
}

function json(status: number, text: string, headers?: Record<string, string>): Response {
  return new WholeResponse(text, {
    status,
    // The length lets compression leave small answers alone.
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers },
  });
}
