// The one place errors become answers: Strapi's REST envelope, and GraphQL errors with
// `extensions.code`. Unknown errors are logged and answered without their internals. Total: any
// thrown value (a string, null, an object without `extensions`, an error whose getters throw)
// gets an answer, and nothing here throws.
import { GraphQLError } from 'graphql';
import { ApplicationError } from './errors.ts';

export interface RestErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** Apollo's code for an error that names none; Strapi's GraphQL plugin answers it too. */
export const INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR';

/** `read()`, or `fallback` when reading throws (a getter, a proxy's trap, a revoked proxy). */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** Reports `error` without letting the report fail the answer. */
function report(log: (e: unknown) => void, error: unknown): void {
  safely(() => log(error), undefined);
}

/** The error a GraphQL result carries may wrap ours; find it (at most a few levels down). */
export function originalError(error: unknown): unknown {
  let current = error;
  for (let level = 0; level < 16; level++) {
    const inner: unknown = safely(() => (current instanceof GraphQLError ? current.originalError : undefined), undefined);
    if (inner === undefined || inner === null) return current;
    current = inner;
  }
  return current;
}

/** Our error with what an answer shows of it, or undefined for anything else (or one whose fields cannot be read). */
function ours(error: unknown): { status: number; name: string; message: string; details: Record<string, unknown> } | undefined {
  return safely(() => {
    if (!(error instanceof ApplicationError)) return undefined;
    const { status, name, message, details } = error;
    if (typeof status !== 'number' || typeof name !== 'string' || typeof message !== 'string') return undefined;
    return { status, name, message, details: details !== null && typeof details === 'object' ? details : {} };
  }, undefined);
}

/** Status and body of Strapi's REST error envelope for any thrown value. */
export function toRestError(error: unknown, log: (e: unknown) => void = console.error): { status: number; body: RestErrorBody } {
  const found = originalError(error);
  const known = ours(found);
  if (known) return { status: known.status, body: { data: null, error: known } };
  report(log, found);
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

/** The answer to an error we cannot read: logged, and masked. */
function internalError(found: unknown, log: (e: unknown) => void, at?: Pick<GraphQLError, 'nodes' | 'path'>): GraphQLError {
  report(log, found);
  return new GraphQLError('Internal Server Error', { nodes: at?.nodes, path: at?.path, extensions: { code: INTERNAL_SERVER_ERROR } });
}

/**
 * Rewrites one GraphQL error (or any thrown value): ours get Strapi's code and message, and no
 * `path` or `locations` (Strapi's plugin reports none: a relation the caller may not read is one
 * such error per entry, as there); unknown ones are logged and masked. Errors graphql-js raised
 * itself (syntax, validation) pass through.
 */
export function toGraphQLError(error: unknown, log: (e: unknown) => void = console.error): GraphQLError {
  const found = originalError(error);
  const known = ours(found);
  if (known) {
    const message = GRAPHQL_MESSAGES[known.name] ?? known.message;
    // Strapi's plugin reports neither path nor locations, and `extensions.error` before `code`.
    return new GraphQLError(message, {
      extensions: { error: { name: known.name, message, details: known.details }, code: graphQLCode(known.name) },
    });
  }
  const own = safely(() => (error instanceof GraphQLError && (!error.originalError || error.originalError instanceof GraphQLError) ? error : undefined), undefined);
  if (own) return own;
  const at = safely(() => (error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : undefined), undefined);
  return internalError(found, log, at);
}

/**
 * `error` as a GraphQLError carrying `extensions.code` (`code` when it has none): every GraphQL
 * error a client receives names one, as the README promises. Anything that is not a readable
 * GraphQLError is answered as an internal error.
 */
export function withCode(error: unknown, code: string, log: (e: unknown) => void = console.error): GraphQLError {
  const readable = safely(() => (error instanceof GraphQLError ? { error, code: error.extensions?.code } : undefined), undefined);
  if (!readable) return toGraphQLError(error, log);
  if (typeof readable.code === 'string') return readable.error;
  return safely(
    () => new GraphQLError(readable.error.message, { nodes: readable.error.nodes, source: readable.error.source, positions: readable.error.positions, path: readable.error.path, extensions: { ...readable.error.extensions, code } }),
    internalError(error, log),
  );
}

/**
 * An error met before a GraphQL operation could run (a body too large, bad credentials, the
 * database not ready) as a GraphQL error carrying its HTTP status, for a GraphQL client to read.
 */
export function toGraphQLRequestError(error: unknown, log: (e: unknown) => void = console.error): { status: number; error: GraphQLError } {
  const found = originalError(error);
  const known = ours(found);
  const formatted = known ? toGraphQLError(found, log) : internalError(found, log);
  const status = known?.status ?? 500;
  return { status, error: new GraphQLError(formatted.message, { extensions: { ...formatted.extensions, http: { status } } }) };
}
