// The gateway's routes as OpenAPI path items: per content-type its REST routes (list, by id, or
// the single type; reads and writes), the media library, and the routes around them (GraphQL,
// health, metrics, media).
import { pascalCase, typeName } from '../model/naming.ts';
import { MEDIA_UID, USER_UID, type ContentModel, type ContentType } from '../model/types.ts';
import { type OperationKind, queryParameters } from './parameters.ts';
import { isWritable } from './input-schemas.ts';
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

/**
 * `/api/...` for every `api::` content-type of the model, the media library and the users; the
 * users-permissions roles and permissions have no REST route (Strapi's are admin routes).
 */
export function restPaths(model: ContentModel, locales: readonly string[]): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const target of model.contentTypes.values()) {
    if (target.uid === MEDIA_UID) {
      paths['/api/upload/files'] = { get: operation(model, target, 'files', locales) };
      paths['/api/upload/files/{id}'] = { get: operation(model, target, 'file', locales) };
    } else if (target.uid === USER_UID) {
      paths['/api/users'] = { get: operation(model, target, 'users', locales) };
      paths['/api/users/me'] = { get: operation(model, target, 'me', locales) };
      paths['/api/users/{id}'] = { get: operation(model, target, 'user', locales) };
    } else if (isWritable(target)) {
      Object.assign(paths, contentApiPaths(model, target, locales));
    }
  }
  return paths;
}

/** A content API type's routes, reads and writes; a method a path does not take is a 405. */
function contentApiPaths(model: ContentModel, target: ContentType, locales: readonly string[]): Record<string, PathItem> {
  const write = (action: Parameters<typeof writeOperation>[2]) => writeOperation(model, target, action, locales);
  if (target.kind === 'singleType') {
    return {
      [`/api/${target.singularName}`]: {
        description: 'A single type: `POST` is a 405 (`MethodNotAllowedError`, `Allow: GET, HEAD, PUT, DELETE`)',
        get: operation(model, target, 'single', locales),
        put: write('update'),
        delete: write('delete'),
      },
    };
  }
  return {
    [`/api/${target.pluralName}`]: { get: operation(model, target, 'list', locales), post: write('create') },
    [`/api/${target.pluralName}/{id}`]: { get: operation(model, target, 'one', locales), put: write('update'), delete: write('delete') },
    ...(target.localized
      ? { [`/api/${target.pluralName}/{id}/localizations`]: { description: 'Only `POST` (any other method is a 405)', post: write('createLocalization') } }
      : {}),
  };
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
