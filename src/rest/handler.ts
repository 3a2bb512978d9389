// HTTP request under /api -> Strapi v4 REST response. The route table's row for the method and
// path (src/routes) names the action the caller needs, checked first; then a read takes these
// steps: plan (qs parse -> validate -> GraphQL document, once per request shape) -> bound the cost
// (entry budget) -> execute on the gateway's schema -> reshape -> JSON written in slices
// (steps.ts). A write goes to write.ts, any other operation to call.ts. Never throws.
import type { GraphQLSchema } from 'graphql';
import { UnauthorizedError } from '../errors/errors.ts';
import { toRestError } from '../errors/map.ts';
import type { DocumentCompiler } from '../graphql/compile.ts';
import type { CostModel } from '../graphql/cost.ts';
import { DEFAULT_CACHE_BOUNDS } from '../limits/byte-cache.ts';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from '../limits/request-limits.ts';
import { stringifyInSlices } from '../limits/stringify.ts';
import type { ContentModel } from '../model/types.ts';
import { authorizeAction } from '../operations/authorize.ts';
import { createScope, type RequestBase } from '../operations/scope.ts';
import { planProjections } from './plan-projections.ts';
import { routeMatcher } from '../routes/api.ts';
import type { RouteMatcher } from '../routes/match.ts';
import type { RouteRow } from '../routes/table.ts';
import type { MultipartBody } from '../upload/multipart.ts';
import { explain } from './explain.ts';
import { PlanCache, variablesFor } from './plan.ts';
import { requestPublicationState } from './query.ts';
import { callAnswer } from './call.ts';
import { json } from './json-response.ts';
import { readRoute } from './read-route.ts';
import { executionSteps, type ExecutionSteps } from './steps.ts';
import { writeAnswer } from './write.ts';

/** What the edge knows of a request before the REST API reads it. */
export interface BaseOptions {
  /** `/api/users/me`: the caller reads its own user entry, which needs no `findOne`. */
  self: boolean;
}

export interface RestHandlerDeps<Edge> {
  model: ContentModel;
  schema: GraphQLSchema;
  /** The route table, ready to match (src/routes); the model's own when absent. */
  routes?: RouteMatcher;
  /** The request's base (caller, rights, locales, deadline), read once at the edge. */
  baseFor(request: Request, edge: Edge | undefined, options: BaseOptions): Promise<RequestBase>;
  /** Read only the fields a document needs (MongoDB); whole documents otherwise. */
  projectReads?: boolean;
  /** Where unexpected errors (answered as 500) are reported, with the request's edge; console.error by default. */
  log?: (error: unknown, edge: Edge | undefined) => void;
  /** `maxEntries` bounds what one request may answer; the default when absent. */
  limits?: Pick<RequestLimits, 'maxEntries' | 'maxVariablesDepth'>;
  /** The entry estimate's model, bounded by the data as last measured; by the list limits alone when absent. */
  costs?(): CostModel | Promise<CostModel>;
  /** Compiles documents used often (graphql-jit); every document runs on graphql-js when absent. */
  compiler?: DocumentCompiler;
  /** Where plans are kept (the gateway's, whose size it reports); one of the default bound when absent. */
  plans?: PlanCache;
  /** Reads a write's body into memory within the gateway's limit (413 past it); as it comes when absent. */
  readBody?(request: Request): Promise<Request>;
  /** Streams a multipart body (an upload) to temporary files within the upload limits; uploads are refused when absent. */
  receiveFiles?(request: Request): Promise<MultipartBody>;
}

const identity = async (request: Request) => request;

/** The media type that asks for the GraphQL document a request becomes, not its result. */
const EXPLAIN_TYPE = 'application/graphql';

/** The REST route: `edge` is whatever the gateway's edge passes along (its exchange), handed to `baseFor`. */
export function createRestHandler<Edge>(deps: RestHandlerDeps<Edge>): (request: Request, edge?: Edge) => Promise<Response> {
  const logOf = (edge: Edge | undefined) => (error: unknown) => (deps.log ?? console.error)(error, edge);
  const plans = deps.plans ?? new PlanCache(deps.model, deps.schema, DEFAULT_CACHE_BOUNDS.plansMaxBytes);
  const steps = executionSteps(deps);
  const routes = deps.routes ?? routeMatcher(deps.model);
  const bodyLimits = { maxVariablesDepth: deps.limits?.maxVariablesDepth ?? DEFAULT_REQUEST_LIMITS.maxVariablesDepth };

  async function answer(request: Request, edge: Edge | undefined): Promise<Response> {
    const { row, params } = routes.match(request.method, new URL(request.url).pathname);
    const handler = row.handler;
    const base = await deps.baseFor(request, edge, { self: handler.kind === 'read' && handler.read === 'me' });
    authorizeAction(base, row.action);
    switch (handler.kind) {
      case 'read':
        return readAnswer({ ...deps, plans, steps }, request, row, params, base);
      case 'write': {
        const bounded = await (deps.readBody ?? identity)(request);
        return json(200, JSON.stringify(await writeAnswer({ model: deps.model, limits: bodyLimits, plans, steps }, bounded, { handler, id: params.id }, base)));
      }
      case 'call': {
        const calls = { model: deps.model, plans, steps, readBody: deps.readBody ?? identity, limits: bodyLimits, receiveFiles: deps.receiveFiles };
        return callAnswer(calls, request, { ...row, handler }, params, base, logOf(edge));
      }
    }
  }

  return async (request, edge) => {
    let response: Response;
    try {
      response = await answer(request, edge);
    } catch (error) {
      const { status, body } = toRestError(error, logOf(edge));
      response = json(status, JSON.stringify(body), status === 405 ? { allow: routes.allowed(new URL(request.url).pathname).join(', ') } : undefined);
    }
    return request.method === 'HEAD' ? new Response(null, response) : response;
  };
}

/** What a read needs of the handler: its dependencies, plans and steps. */
type ReadDeps = Pick<RestHandlerDeps<unknown>, 'model' | 'schema' | 'projectReads'> & { plans: PlanCache; steps: ExecutionSteps };

/** A read row's answer: planned, bounded, executed on the schema and reshaped (or the document, to explain it). */
async function readAnswer(deps: ReadDeps, request: Request, row: RouteRow, params: Readonly<Record<string, string>>, base: RequestBase): Promise<Response> {
  if (row.handler.kind !== 'read') throw new Error(`route ${row.method} ${row.path} is not a read`);
  const url = new URL(request.url);
  const route = readRoute(row.handler, params);
  // A caller that may ask for its own user but is none (a full-access API token): Strapi's 401.
  if (route.operation.kind === 'me' && !base.user) throw new UnauthorizedError('Unauthorized');
  const scope = { model: deps.model, access: base.access, locales: base.locales.codes };
  const plan = deps.plans.planFor(route, url.search, scope, base.accessKey, base.user?.id);
  const variables = variablesFor(plan, route, base.user?.id);
  if (wantsExplain(request)) {
    return new Response(explain({ document: plan.built.document, variables }), { status: 200, headers: { 'content-type': EXPLAIN_TYPE } });
  }
  await deps.steps.bound(plan, variables);
  const projections = deps.projectReads ? planProjections(deps.model, deps.schema, plan, route.target) : undefined;
  const run = createScope(base, projections, requestPublicationState(plan.query.publicationState));
  // The GraphQL result is held by no variable here, so it can be collected once reshaped, while
  // the answer is written out (a large answer's objects are many, and several are in flight).
  const body = await deps.steps.reshape(route, plan, await deps.steps.execute(plan, variables, run), run.deadline);
  return json(200, await stringifyInSlices(body, { deadline: run.deadline, entries: run.pacing.entries }));
}

function wantsExplain(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.split(',').some((part) => part.split(';')[0].trim().toLowerCase() === EXPLAIN_TYPE);
}
