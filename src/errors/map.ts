// The one place errors become answers: Strapi's REST envelope, and GraphQL errors with
// `extensions.code`. Unknown errors are logged and answered without their internals.
import { GraphQLError } from 'graphql';
import { ApplicationError } from './errors.ts';

export interface RestErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** The error a GraphQL result carries may wrap ours; find it. */
export function originalError(error: unknown): unknown {
  let current = error;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}

/** Status and body of Strapi's REST error envelope for any thrown value. */
export function toRestError(error: unknown, log: (e: unknown) => void = console.error): { status: number; body: RestErrorBody } {
  const found = originalError(error);
  if (found instanceof ApplicationError) {
    return {
      status: found.status,
      body: { data: null, error: { status: found.status, name: found.name, message: found.message, details: found.details } },
    };
  }
  log(found);
  return {
    status: 500,
    body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } },
  };
}

/**
 * Strapi's GraphQL plugin codes: Apollo's `FORBIDDEN` and `BAD_USER_INPUT`, `STRAPI_<NAME>` for
 * any other of its errors. A bad token never reaches the GraphQL layer (the route answers it in
 * the REST envelope, as Strapi does); should one, it says `UNAUTHENTICATED`, Apollo's code for it.
 */
const GRAPHQL_CODES: Record<string, string> = {
  ValidationError: 'BAD_USER_INPUT',
  UnauthorizedError: 'UNAUTHENTICATED',
  ForbiddenError: 'FORBIDDEN',
};

/** `NotFoundError` -> `STRAPI_NOT_FOUND_ERROR`, as Strapi's plugin names codes it has no Apollo name for. */
export function graphQLCode(errorName: string): string {
  return GRAPHQL_CODES[errorName] ?? `STRAPI_${errorName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/** Strapi's GraphQL messages for the errors clients see most. */
const GRAPHQL_MESSAGES: Record<string, string> = {
  ForbiddenError: 'Forbidden access',
};

/**
 * Rewrites one GraphQL error: ours get Strapi's code and message, and no `path` or `locations`
 * (Strapi's plugin reports none: a relation the caller may not read is one such error per entry, as there); unknown ones are logged and masked. Errors graphql-js raised itself (syntax,
 * validation) pass through.
 */
export function toGraphQLError(error: GraphQLError, log: (e: unknown) => void = console.error): GraphQLError {
  const found = originalError(error);
  if (found instanceof ApplicationError) {
    const message = GRAPHQL_MESSAGES[found.name] ?? found.message;
    // Strapi's plugin reports neither path nor locations, and `extensions.error` before `code`.
    return new GraphQLError(message, {
      extensions: { error: { name: found.name, message, details: found.details }, code: graphQLCode(found.name) },
    });
  }
  if (!error.originalError || error.originalError instanceof GraphQLError) return error;
  log(found);
  return new GraphQLError('Internal Server Error', { nodes: error.nodes, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

/**
 * An error met before a GraphQL operation could run (a body too large, bad credentials, the
 * database not ready) as a GraphQL error carrying its HTTP status, for a GraphQL client to read.
 */
export function toGraphQLRequestError(error: unknown, log: (e: unknown) => void = console.error): { status: number; error: GraphQLError } {
  const found = originalError(error);
  const status = found instanceof ApplicationError ? found.status : 500;
  const formatted = toGraphQLError(new GraphQLError(found instanceof Error ? found.message : String(found), { originalError: found as Error }), log);
  return { status, error: new GraphQLError(formatted.message, { extensions: { ...formatted.extensions, http: { status } } }) };
}
