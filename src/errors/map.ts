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

const GRAPHQL_CODES: Record<string, string> = {
  ValidationError: 'BAD_USER_INPUT',
  UnauthorizedError: 'UNAUTHENTICATED',
  ForbiddenError: 'FORBIDDEN',
  NotFoundError: 'NOT_FOUND',
  ServiceUnavailableError: 'SERVICE_UNAVAILABLE',
};

/** Strapi's GraphQL messages for the errors clients see most. */
const GRAPHQL_MESSAGES: Record<string, string> = {
  ForbiddenError: 'Forbidden access',
};

/**
 * Rewrites one GraphQL error: ours get Strapi's code and message, and no `path` (Strapi's plugin
 * reports none); unknown ones are logged and masked. Errors graphql-js raised itself (syntax,
 * validation) pass through.
 */
export function toGraphQLError(error: GraphQLError, log: (e: unknown) => void = console.error): GraphQLError {
  const found = originalError(error);
  if (found instanceof ApplicationError) {
    const message = GRAPHQL_MESSAGES[found.name] ?? found.message;
    return new GraphQLError(message, {
      nodes: error.nodes,
      path: undefined,
      extensions: { code: GRAPHQL_CODES[found.name] ?? 'BAD_USER_INPUT', error: { name: found.name, message: found.message, details: found.details } },
    });
  }
  if (!error.originalError || error.originalError instanceof GraphQLError) return error;
  log(found);
  return new GraphQLError('Internal Server Error', { nodes: error.nodes, path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}
