// The gateway's fetch handler: /graphql (graphql-yoga), /api (the REST façade), /_health.
// Both protocols build their context here, so they share loaders, roles and permission checks.
import { createYoga, type Plugin } from 'graphql-yoga';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { AccessSettings } from '../src/auth/access.ts';
import { ApiTokenLookup } from '../src/auth/api-tokens.ts';
import { authenticate } from '../src/auth/credentials.ts';
import { JwtVerifier } from '../src/auth/jwt.ts';
import { USER_UID } from '../src/model/types.ts';
import { PayloadTooLargeError, ServiceUnavailableError } from '../src/errors/errors.ts';
import { toGraphQLError, toRestError } from '../src/errors/map.ts';
import { createContext, type GatewayContext } from '../src/graphql/context.ts';
import { queryLimitRule } from '../src/graphql/limits.ts';
import type { ContentModel } from '../src/model/types.ts';
import { createRestHandler } from '../src/rest/handler.ts';
import type { Store } from '../src/store/store.ts';

export interface GatewayDeps {
  model: ContentModel;
  schema: GraphQLSchema;
  store: Store;
  /** Access settings once the store is ready; undefined while starting. */
  settings(): AccessSettings | undefined;
  /** Strapi's API_TOKEN_SALT and JWT_SECRET; without one, that kind of credential is refused. */
  secrets?: { apiTokenSalt?: string; jwtSecret?: string };
  log?: (error: unknown) => void;
}

export interface Gateway {
  fetch(request: Request): Promise<Response>;
}

/** Largest request body read; a GraphQL document past it is not one a client needs to send. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The request with its body read, refusing (413) once it passes `limit` bytes, whatever Content-Length says. */
async function withBoundedBody(request: Request, limit: number): Promise<Request> {
  if (!request.body) return request;
  const tooLarge = () => new PayloadTooLargeError(`Request body larger than ${limit} bytes`, { limit });
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return new Request(request, { body: Buffer.concat(chunks) });
}

/** Refuses documents deeper or wider than the limits before they run. */
const limitQueries: Plugin = { onValidate: ({ addValidationRule }) => addValidationRule(queryLimitRule()) };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

export function createGateway(deps: GatewayDeps): Gateway {
  const log = deps.log ?? console.error;

  const apiTokens = deps.secrets?.apiTokenSalt ? new ApiTokenLookup(deps.store, deps.secrets.apiTokenSalt) : undefined;
  const jwt = deps.secrets?.jwtSecret ? new JwtVerifier(deps.secrets.jwtSecret) : undefined;
  const users = deps.model.contentTypes.get(USER_UID)!;
  const user = async (id: number) => (await deps.store.find(users.collectionName, { id }, { limit: 1 }))[0];

  async function contextFor(request: Request): Promise<GatewayContext> {
    const settings = deps.settings();
    if (!settings) throw new ServiceUnavailableError('The gateway is starting: the database is not ready yet');
    const caller = await authenticate(request.headers.get('authorization'), { model: deps.model, settings, apiTokens, jwt, user });
    return createContext({ model: deps.model, store: deps.store, role: caller.role, user: caller.user, locales: settings.locales });
  }

  const yoga = createYoga<Record<string, unknown>>({
    schema: deps.schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    plugins: [limitQueries],
    logging: false,
    context: async ({ request }) => {
      try {
        return await contextFor(request);
      } catch (error) {
        const { status, body } = toRestError(error, log);
        throw new GraphQLError(body.error.message, { extensions: { code: body.error.name, http: { status } } });
      }
    },
    maskedErrors: { maskError: (error) => (error instanceof GraphQLError ? toGraphQLError(error, log) : toGraphQLError(new GraphQLError(String(error), { originalError: error as Error }), log)) },
  });

  const rest = createRestHandler({ model: deps.model, schema: deps.schema, contextFor });

  async function health(): Promise<Response> {
    try {
      if (!deps.settings()) throw new ServiceUnavailableError('The gateway is starting: the database is not ready yet');
      await deps.store.ping();
      return new Response(null, { status: 204 });
    } catch (error) {
      const { status, body } = toRestError(error instanceof ServiceUnavailableError ? error : new ServiceUnavailableError('The database is not reachable'), log);
      return json(status, body);
    }
  }

  return {
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (pathname === '/_health') return health();
      if (pathname === '/graphql' || pathname.startsWith('/graphql/')) {
        try {
          return yoga.fetch(await withBoundedBody(request, MAX_BODY_BYTES));
        } catch (error) {
          const { status, body } = toRestError(error, log);
          return json(status, body);
        }
      }
      if (pathname === '/api' || pathname.startsWith('/api/')) return rest(request);
      return json(404, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    },
  };
}
