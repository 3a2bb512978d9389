// The gateway's routes as OpenAPI path items: a row of the route table each (src/routes), its
// read or write documented from its content-type, a call from the row's own schemas; and the
// routes around the REST API (GraphQL, health, metrics, media).
import { pascalCase, typeName } from '../model/naming.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import type { ReadKind, ReadShape, RouteHandler, RouteRow, RouteTable } from '../routes/table.ts';
import { type OperationKind, queryParameters } from './parameters.ts';
import { ref, schemaNames, type Schema } from './schemas.ts';
import { json, response, writeOperation } from './write-operations.ts';

type PathItem = Record<string, unknown>;

/** Error answers, each Strapi's envelope (`schema`: a narrower one than `ErrorResponse`). */
export const ERROR_RESPONSES: Record<string, { description: string; schema?: string }> = {
  BadRequest: { description: '`ValidationError`: an unknown or unusable field, a bad value, past the query limits' },
  InvalidBody: {
    description:
      '`ValidationError` listing every invalid attribute in `details.errors` (`message` is the one error’s, or `N errors occurred`); ' +
      '`ValidationError` `Missing "data" payload in the request body` (`details: {}`); `SyntaxError` for a body that is not JSON; ' +
      'or a bad query parameter, as on reads',
    schema: 'ValidationErrorResponse',
  },
  Unauthorized: { description: '`UnauthorizedError`: an `Authorization: Bearer` token that is not known' },
  Forbidden: { description: "`ForbiddenError`: the caller's role may not do this on this content-type" },
  NotFound: { description: '`NotFoundError`: no such route or entry (or a draft, in the live state)' },
  PayloadTooLarge: { description: '`PayloadTooLargeError`: a request body over 1 MiB' },
  ServiceUnavailable: { description: '`ServiceUnavailableError`: the database did not answer in time, or the gateway is starting or stopping' },
  TooManyRequests: { description: '`RateLimitError`: more than the auth routes allow a client (10 a minute by default; `X-RateLimit-*` headers say how many are left and when the count starts again)' },
};

function operation(model: ContentModel, target: ContentType, kind: Exclude<OperationKind, 'write'>, locales: readonly string[]): Record<string, unknown> {
  const type = typeName(target);
  const [operationId, summary, schema] = {
    list: [`find${pascalCase(target.pluralName)}`, `List ${target.displayName} entries`, ref(schemaNames.list(target))],
    one: [`findOne${type}`, `One ${target.displayName} entry by id`, ref(schemaNames.single(target))],
    single: [`find${type}`, `The ${target.displayName} single type`, ref(schemaNames.single(target))],
    files: ['findFiles', 'List media library files (a plain array)', { type: 'array', items: ref(schemaNames.file) }],
    file: ['findOneFile', 'One media library file by id (a plain object)', ref(schemaNames.file)],
    users: ['findUsers', 'List users (a plain array, paged by top-level `start` and `limit`)', { type: 'array', items: ref(schemaNames.user) }],
    user: ['findOneUser', 'One user by id (a plain object)', ref(schemaNames.user)],
    me: ['me', 'The user of the `Authorization: Bearer` JWT (a plain object); `fields` and `populate` as for one user', ref(schemaNames.user)],
  }[kind] as [string, string, Schema];
  const byId = kind === 'one' || kind === 'file' || kind === 'user';
  const plainList = kind === 'list' || kind === 'files' || kind === 'users';
  return {
    operationId,
    summary,
    tags: [target.displayName],
    parameters: [
      ...(byId ? [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, example: 1 }] : []),
      ...queryParameters(model, target, kind, locales),
    ],
    responses: {
      200: { description: 'OK', content: json(schema) },
      400: response('BadRequest'),
      401: response('Unauthorized'),
      403: response('Forbidden'),
      ...(plainList ? {} : { 404: response('NotFound') }),
      503: response('ServiceUnavailable'),
    },
  };
}

/** The OpenAPI operation kind of a read row. */
function readKind(handler: Extract<RouteHandler, { kind: 'read' }>): Exclude<OperationKind, 'write'> {
  const kinds: Record<ReadShape, Record<ReadKind, Exclude<OperationKind, 'write'>>> = {
    entries: { findMany: 'list', findOne: 'one', findSingle: 'single', me: 'me' },
    files: { findMany: 'files', findOne: 'file', findSingle: 'file', me: 'me' },
    users: { findMany: 'users', findOne: 'user', findSingle: 'user', me: 'me' },
  };
  return kinds[handler.shape][handler.read];
}

/** A call row's operation: its parameters from its path, its body and answer as its row documents them. */
function callOperation(row: RouteRow, handler: Extract<RouteHandler, { kind: 'call' }>): Record<string, unknown> {
  const params = [...row.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: name === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' } }));
  const { doc } = handler;
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    tags: [doc.tag],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(doc.requestBody ? { requestBody: { required: true, content: handler.body === 'multipart' ? { 'multipart/form-data': { schema: doc.requestBody } } : json(doc.requestBody) } } : {}),
    responses: {
      [doc.status ?? 200]: doc.status === 302 ? { description: 'A redirect (`Location`)' } : { description: 'OK', content: json(doc.response) },
      400: response(doc.requestBody ? 'InvalidBody' : 'BadRequest'),
      401: response('Unauthorized'),
      403: response('Forbidden'),
      ...(doc.requestBody ? { 413: response('PayloadTooLarge') } : {}),
      ...(doc.limited ? { 429: response('TooManyRequests') } : {}),
      503: response('ServiceUnavailable'),
    },
  };
}

function rowOperation(model: ContentModel, row: RouteRow, locales: readonly string[]): Record<string, unknown> {
  const { handler } = row;
  switch (handler.kind) {
    case 'read':
      return operation(model, handler.target, readKind(handler), locales);
    case 'write':
      return writeOperation(model, handler.target, handler.write, locales);
    case 'call':
      return callOperation(row, handler);
  }
}

/**
 * `/api/...`: a path item per path of the route table, an operation per row (with the action it
 * needs, `x-strapi-action`); a path that does not take every method says which it takes.
 */
export function restPaths(model: ContentModel, table: RouteTable, locales: readonly string[]): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const row of table) {
    const path = row.path.replace(/:(\w+)/g, '{$1}');
    const item = (paths[path] ??= {});
    item[row.method.toLowerCase()] = { ...rowOperation(model, row, locales), 'x-strapi-action': row.action };
  }
  for (const item of Object.values(paths)) {
    const methods = Object.keys(item).map((method) => method.toUpperCase());
    if (methods.length < 3) item.description = `Only ${[...(methods.includes('GET') ? ['GET', 'HEAD'] : []), ...methods.filter((m) => m !== 'GET')].join(', ')}: any other method is a 405 (\`MethodNotAllowedError\` with \`Allow\`)`;
  }
  return paths;
}

const GRAPHQL_RESPONSE: Schema = {
  type: 'object',
  description: 'A GraphQL response; `errors[].extensions.code` is one of FORBIDDEN, BAD_USER_INPUT, GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED, INTERNAL_SERVER_ERROR or STRAPI_<ERROR_NAME>',
  properties: {
    data: { type: ['object', 'null'] },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { message: { type: 'string' }, path: { type: 'array' }, extensions: { type: 'object', properties: { code: { type: 'string' } } } },
        required: ['message'],
      },
    },
  },
};

/** GraphQL, health, metrics and media files: the routes around the REST API. */
export function otherPaths(): Record<string, PathItem> {
  const graphqlResponses = {
    200: { description: 'The result (errors of a field come with `data`)', content: { 'application/json': { schema: GRAPHQL_RESPONSE }, 'application/graphql-response+json': { schema: GRAPHQL_RESPONSE } } },
    // Strapi's auth answers before its GraphQL layer: the REST envelope, as on /api.
    401: response('Unauthorized'),
    413: { description: 'A body over 1 MiB (`STRAPI_PAYLOAD_TOO_LARGE_ERROR`)', content: json(GRAPHQL_RESPONSE) },
    503: { description: 'The database is not ready (`STRAPI_SERVICE_UNAVAILABLE_ERROR`)', content: json(GRAPHQL_RESPONSE) },
  };
  return {
    '/graphql': {
      post: {
        operationId: 'graphql',
        summary: "GraphQL (Strapi v4's schema for this model); GraphiQL for a browser's GET when switched on",
        tags: ['GraphQL'],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: { query: { type: 'string' }, variables: { type: 'object' }, operationName: { type: 'string' } },
            required: ['query'],
            examples: [{ query: 'query ($id: ID) { post(id: $id) { data { id attributes { title } } } }', variables: { id: 1 } }],
          }),
        },
        responses: graphqlResponses,
      },
    },
    '/_health': {
      get: {
        operationId: 'readiness',
        summary: 'Readiness: 204 while the database is reachable and the gateway is not stopping',
        tags: ['Operations'],
        responses: { 204: { description: 'Ready' }, 503: response('ServiceUnavailable') },
      },
    },
    '/_health/live': {
      get: { operationId: 'liveness', summary: 'Liveness: 204 while the process answers', tags: ['Operations'], responses: { 204: { description: 'Alive' } } },
    },
    '/metrics': {
      get: {
        operationId: 'metrics',
        summary: 'Prometheus metrics',
        tags: ['Operations'],
        responses: { 200: { description: 'Text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
    },
    '/uploads/{file}': {
      get: {
        operationId: 'mediaFile',
        summary: "A media file from the uploads folder (Strapi's public/uploads): ranges, ETag and Last-Modified revalidation",
        tags: ['Media'],
        parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' }, example: 'harbour_dawn_3f9a1c.jpg' }],
        responses: {
          200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
          206: { description: 'The range asked for' },
          304: { description: 'Not modified since the ETag or date the client has' },
          404: response('NotFound'),
          416: { description: 'A range outside the file' },
        },
      },
    },
  };
}
