// POST/GET /graphql through graphql-yoga: the body read within its limit first; the document's
// length checked before it is parsed, and parsed documents kept within a bound in bytes; GraphQL
// Armor's limits on the document (tokens, depth, aliases, directives); the variables' size checked before
// coercion; the entry budget checked before execution; the answer written in slices within the
// request's deadline; subscriptions refused as Strapi refuses them; errors in Strapi's codes, every
// one with a code; GraphiQL for browsers when it is switched on; a multipart request's files
// streamed to disk within the upload limits (multipart-uploads.ts).
import { GraphQLError } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { PLUGIN_ACTIONS } from '../../../src/access/actions.ts';
import { toGraphQLError, toGraphQLRequestError, toRestError } from '../../../src/errors/map.ts';
import { ForbiddenError, ServiceUnavailableError, UnauthorizedError } from '../../../src/errors/errors.ts';
import { isMultipart } from '../../../src/rest/call.ts';
import { receiveMultipart, removeReceived, type MultipartBody } from '../../../src/upload/multipart.ts';
import { WholeResponse } from '../../../src/whole-response.ts';
import { MAX_BODY_BYTES, withBoundedBody } from '../../http/body-limit.ts';
import type { Exchange } from '../../http/pipeline.ts';
import { jsonResponse } from '../../http/responses.ts';
import { renderGraphiQLPage } from '../graphiql.ts';
import { documentLimits } from './armor-limits.ts';
import type { GraphQLRouteDeps, ServerContext } from './context.ts';
import { documentSizeLimit } from './document-size-limit.ts';
import { entryBudget } from './entry-budget.ts';
import { errorsAreNotKept } from './errors-not-kept.ts';
import { uploadedOperations, uploadedParams } from './multipart-uploads.ts';
import { errorsHaveCodes } from './errors-have-codes.ts';
import { MaskedErrors } from './masked-errors.ts';
import { mutationsAreNotKept } from './mutations-not-kept.ts';
import { nestingLimit } from './nesting-limit.ts';
import { requestError } from './request-error.ts';
import { requestErrorsAre400 } from './request-errors-400.ts';
import { scopedExecution } from './scoped-execution.ts';
import { slicedAnswer } from './sliced-answer.ts';
import { subscriptionsRefused } from './subscriptions-refused.ts';
import { variablesLimit } from './variables-limit.ts';

export type { GraphQLRouteDeps } from './context.ts';

/** Node's own fetch classes, so answers are standard Responses; a string body is kept known (WholeResponse). */
const NATIVE_FETCH_API = { Request, Response: WholeResponse, Headers, ReadableStream, WritableStream, TransformStream, TextEncoder, TextDecoder, Blob, FormData, File, URL, URLSearchParams, fetch };

/** The /graphql route: yoga behind the body limit, with the gateway's context and error codes. */
export function graphqlRoute(deps: GraphQLRouteDeps): (request: Request, exchange: Exchange) => Promise<Response> {
  const masked = new MaskedErrors();
  const yoga = createYoga<ServerContext>({
    schema: deps.schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    logging: false,
    // CORS is the edge's (gateway/http/cors.ts), the same for every route.
    cors: false,
    graphiql: deps.graphiql ? { title: 'Content API · GraphiQL', defaultQuery: deps.defaultQuery } : false,
    renderGraphiQL: renderGraphiQLPage,
    fetchAPI: NATIVE_FETCH_API,
    // Multipart requests are read by multipart-uploads.ts, streaming files to disk within the upload limits.
    multipart: false,
    // Parsed documents by their text, within a bound in bytes (yoga's own is bounded by count).
    parserAndValidationCache: deps.documents,
    plugins: [
      errorsHaveCodes(masked), uploadedOperations, documentSizeLimit(deps.limits), nestingLimit(deps.limits), ...documentLimits(deps.limits), requestErrorsAre400(),
      variablesLimit(deps.limits), subscriptionsRefused, mutationsAreNotKept, entryBudget(deps), scopedExecution(deps), slicedAnswer(), errorsAreNotKept],
    context: async ({ request, exchange }) => {
      try {
        return await deps.baseFor(request, exchange);
      } catch (error) {
        throw requestError(error, exchange.log);
      }
    },
    maskedErrors: { maskError: masked.mask },
  });

  return async (request, exchange) => {
    if (request.method === 'POST' && isMultipart(request)) return multipartAnswer(deps, yoga, request, exchange);
    let bounded: Request;
    try {
      bounded = await withBoundedBody(request, MAX_BODY_BYTES);
    } catch (error) {
      return graphqlErrorResponse(error, exchange.log);
    }
    const refused = await refusedCredentials(deps, bounded, exchange);
    return refused ?? yoga.fetch(bounded, { exchange });
  };
}

/**
 * A multipart request (files for `upload`, `multipleUpload`): read only for a caller that may upload
 * (any other is refused as the mutation would refuse it, before a byte of a file is stored), its
 * files streamed within the upload limits, run by yoga, and its temporary files removed after.
 */
async function multipartAnswer(deps: GraphQLRouteDeps, yoga: YogaServerInstance<ServerContext, object>, request: Request, exchange: Exchange): Promise<Response> {
  const refused = await refusedCredentials(deps, request, exchange);
  if (refused) return refused;
  let body: MultipartBody | undefined;
  try {
    const base = await deps.baseFor(request, exchange);
    if (!base.access.allows(PLUGIN_ACTIONS.upload.upload)) {
      const forbidden = toGraphQLError(new GraphQLError('Forbidden', { originalError: new ForbiddenError('Forbidden') }), exchange.log);
      return jsonResponse(200, { errors: [forbidden.toJSON()], data: null });
    }
    if (!deps.uploads) throw new ServiceUnavailableError('This gateway does not store uploads');
    body = await receiveMultipart(request, deps.uploads.settings.tmpDir, deps.uploads.settings.limits);
    // Its body is read: yoga gets the request without it (its own body limit would read it again).
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    return await yoga.fetch(new Request(request.url, { method: 'POST', headers, signal: request.signal }), { exchange, uploaded: uploadedParams(body) });
  } catch (error) {
    return graphqlErrorResponse(error, exchange.log);
  } finally {
    if (body) await removeReceived(body);
  }
}

/**
 * Bad credentials are answered as Strapi answers them on /graphql too: a 401 in the REST envelope
 * (its auth runs before the GraphQL layer; test/fixtures/http/strapi-credentials.json). Any other
 * failure to read them (the gateway starting) is the context's to report, as a GraphQL error.
 */
async function refusedCredentials(deps: GraphQLRouteDeps, request: Request, exchange: Exchange): Promise<Response | undefined> {
  try {
    await deps.credentials(request, exchange);
    return undefined;
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) return undefined;
    const { status, body } = toRestError(error, exchange.log);
    return jsonResponse(status, body);
  }
}

/** An error met outside yoga (the body limit, the deadline at the edge) as a GraphQL answer. */
export function graphqlErrorResponse(error: unknown, log: (e: unknown) => void): Response {
  const { status, error: graphqlError } = toGraphQLRequestError(error, log);
  const { http: _http, ...extensions } = graphqlError.extensions;
  return jsonResponse(status, { errors: [{ message: graphqlError.message, extensions }] });
}
