// HTTP request under /api -> Strapi v4 REST response. The pipeline: route -> qs parse ->
// validate -> GraphQL document -> execute on the gateway's schema -> reshape. Never throws.
import { execute, validate, type GraphQLSchema } from 'graphql';
import { ApplicationError, ForbiddenError, NotFoundError, ValidationError } from '../errors/errors.ts';
import { originalError, toRestError } from '../errors/map.ts';
import type { GatewayContext } from '../graphql/context.ts';
import { queryLimitRule } from '../graphql/limits.ts';
import type { ContentModel } from '../model/types.ts';
import { type BuiltDocument, type Operation, buildDocument, operationFor, rootField } from './document.ts';
import { explain } from './explain.ts';
import { parseQueryString } from './parse.ts';
import type { RestQuery } from './query.ts';
import { reshapeCollection, reshapeEntry, reshapeEveryLocale, reshapePlain } from './reshape.ts';
import { ALLOWED_METHODS, type Route, requiredAction, resolveRoute } from './routes.ts';
import { validateQuery } from './validate.ts';

export interface RestHandlerDeps {
  model: ContentModel;
  schema: GraphQLSchema;
  contextFor(request: Request): Promise<GatewayContext>;
  /** Where unexpected errors (answered as 500) are reported; console.error by default. */
  log?: (error: unknown) => void;
}

/** The media type that asks for the GraphQL document a request becomes, not its result. */
const EXPLAIN_TYPE = 'application/graphql';

export function createRestHandler(deps: RestHandlerDeps): (request: Request) => Promise<Response> {
  const log = deps.log ?? console.error;

  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const route = resolveRoute(deps.model, request.method, url.pathname);
    const context = await deps.contextFor(request);
    const action = requiredAction(route);
    if (action ? !context.role.can(action, route.target.uid) : !context.user) throw new ForbiddenError('Forbidden');

    const scope = { model: deps.model, role: context.role, locales: context.locales.codes };
    const query = validateQuery(parseQueryString(url.search), route.target, scope, route.kind);
    const operation = operationFor(route.target, route.operation, query, context.user);
    // Reading oneself needs no findOne permission on users; the root field is told which entry that is.
    if (route.operation.kind === 'me') context.self = context.user!.id;
    const built = buildDocument(deps.model, route.target, operation, query);
    if (wantsExplain(request)) {
      return new Response(explain(built), { status: 200, headers: { 'content-type': EXPLAIN_TYPE } });
    }
    const root = await run(built, context, rootField(route.target, operation));
    return json(200, reshape(route, operation, query, root));
  }

  async function run(built: BuiltDocument, context: GatewayContext, field: string): Promise<unknown> {
    // The same bounds as /graphql: a request past them is the caller's to fix (400), not our bug.
    const tooCostly = validate(deps.schema, built.document, [queryLimitRule()]);
    if (tooCostly.length > 0) throw new ValidationError(tooCostly[0].message);
    const invalid = validate(deps.schema, built.document);
    if (invalid.length > 0) {
      throw new Error(`REST façade built a document the schema rejects: ${invalid.map((e) => e.message).join('; ')}`);
    }
    const result = await execute({
      schema: deps.schema,
      document: built.document,
      variableValues: built.variables,
      contextValue: context,
    });
    if (result.errors?.length) {
      // The error that explains the answer best is ours (a 403, a 400), not a consequence of it.
      const ours = result.errors.find((e) => originalError(e) instanceof ApplicationError);
      if (ours) throw ours;
      // Without a path, the error is about the request's values (a variable the schema's scalars
      // refuse), which validation should have caught: still the caller's value, so a 400.
      const first = result.errors[0];
      throw first.path === undefined ? new ValidationError(first.message) : first;
    }
    return result.data?.[field];
  }

  function reshape(route: Route, operation: Operation, query: RestQuery, root: unknown): unknown {
    if (route.kind !== 'entries') {
      const plain = reshapePlain(deps.model, route.target, query, root);
      if (plain === null) throw new NotFoundError('Not Found');
      return plain;
    }
    if (operation.kind === 'findMany') return reshapeCollection(deps.model, route.target, query, root);
    if (operation.kind === 'findEveryLocale') return reshapeEveryLocale(deps.model, route.target, query, root);
    const body = reshapeEntry(deps.model, route.target, query, root);
    if (body.data === null) throw new NotFoundError('Not Found');
    return body;
  }

  async function answerOrError(request: Request): Promise<Response> {
    try {
      return await answer(request);
    } catch (error) {
      const { status, body } = toRestError(error, log);
      return json(status, body, status === 405 ? { allow: ALLOWED_METHODS.join(', ') } : undefined);
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

function json(status: number, body: unknown, headers?: Record<string, string>): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    status,
    // The length lets compression leave small answers alone.
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers },
  });
}
