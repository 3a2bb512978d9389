// POST/GET /graphql through graphql-yoga: the body read within its limit first, query limits as a
// validation rule, errors in Strapi's codes, and GraphiQL for browsers when it is switched on.
import { createYoga, type Plugin } from 'graphql-yoga';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { toGraphQLError, toGraphQLRequestError } from '../../src/errors/map.ts';
import type { GatewayContext } from '../../src/graphql/context.ts';
import { queryLimitRule } from '../../src/graphql/limits.ts';
import { MAX_BODY_BYTES, withBoundedBody } from '../http/body-limit.ts';
import { jsonResponse } from '../http/responses.ts';
import { renderGraphiQLPage } from './graphiql.ts';

export interface GraphQLRouteDeps {
  schema: GraphQLSchema;
  contextFor(request: Request): Promise<GatewayContext>;
  log: (error: unknown) => void;
  /** Whether a browser asking GET /graphql gets GraphiQL. */
  graphiql: boolean;
  /** GraphiQL's first query, before the user typed any. */
  defaultQuery?: string;
}

/** Refuses documents deeper or wider than the limits before they run. */
const limitQueries: Plugin = { onValidate: ({ addValidationRule }) => addValidationRule(queryLimitRule()) };

/** Node's own fetch classes, so answers are standard Responses the edge steps can stream. */
const NATIVE_FETCH_API = { Request, Response, Headers, ReadableStream, WritableStream, TransformStream, TextEncoder, TextDecoder, Blob, FormData, File, URL, URLSearchParams, fetch };

/** The /graphql route: yoga behind the body limit, with the gateway's context and error codes. */
export function graphqlRoute(deps: GraphQLRouteDeps): (request: Request) => Promise<Response> {
  const yoga = createYoga<Record<string, unknown>>({
    schema: deps.schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    logging: false,
    // CORS is the edge's (gateway/http/cors.ts), the same for every route.
    cors: false,
    graphiql: deps.graphiql ? { title: 'Content API · GraphiQL', defaultQuery: deps.defaultQuery } : false,
    renderGraphiQL: renderGraphiQLPage,
    fetchAPI: NATIVE_FETCH_API,
    plugins: [limitQueries],
    context: async ({ request }) => {
      try {
        return await deps.contextFor(request);
      } catch (error) {
        throw toGraphQLRequestError(error, deps.log).error;
      }
    },
    maskedErrors: {
      maskError: (error) =>
        toGraphQLError(error instanceof GraphQLError ? error : new GraphQLError(String(error), { originalError: error as Error }), deps.log),
    },
  });

  return async (request) => {
    let bounded: Request;
    try {
      bounded = await withBoundedBody(request, MAX_BODY_BYTES);
    } catch (error) {
      const { status, error: graphqlError } = toGraphQLRequestError(error, deps.log);
      const { http: _http, ...extensions } = graphqlError.extensions;
      return jsonResponse(status, { errors: [{ message: graphqlError.message, extensions }] });
    }
    return yoga.fetch(bounded);
  };
}
