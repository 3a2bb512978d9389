// POST/GET /graphql through graphql-yoga: the body read within its limit first; the document's
// length checked before it is parsed, and parsed documents kept within a bound in bytes; GraphQL
// Armor's limits on the document (tokens, depth, aliases, directives); the variables' size checked before
// coercion; the entry budget checked before execution; the answer written in slices within the
// request's deadline; errors in Strapi's codes; GraphiQL for browsers when it is switched on.
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { execute, getOperationAST, GraphQLError, OperationTypeNode, type ExecutionResult, type GraphQLSchema, type ValidationContext } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import { toGraphQLError, toGraphQLRequestError, toRestError } from '../../src/errors/map.ts';
import type { DocumentCompiler } from '../../src/graphql/compile.ts';
import type { DocumentCache } from '../../src/graphql/document-cache.ts';
import { PayloadTooLargeError, UnauthorizedError } from '../../src/errors/errors.ts';
import { projectionsFor } from '../../src/graphql/projection.ts';
import { checkEntryBudget, type CostModel } from '../../src/graphql/cost.ts';
import { checkArgumentSizes, checkDocumentNesting, checkVariablesSize, type RequestLimits } from '../../src/limits/request-limits.ts';
import { stringifyInSlices } from '../../src/limits/stringify.ts';
import { WholeResponse } from '../../src/whole-response.ts';
import { MAX_BODY_BYTES, withBoundedBody } from '../http/body-limit.ts';
import type { Exchange } from '../http/pipeline.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { createScope, type RequestBase } from '../../src/operations/scope.ts';
import { jsonResponse } from '../http/responses.ts';
import { renderGraphiQLPage } from './graphiql.ts';

export interface GraphQLRouteDeps {
  model: ContentModel;
  schema: GraphQLSchema;
  /** The request's base (caller, rights, locales, deadline), read once at the edge. */
  baseFor(request: Request, exchange: Exchange): Promise<RequestBase>;
  /** Reads the caller's credentials (once per exchange, shared with `baseFor`); rejects as they are refused. */
  credentials(request: Request, exchange: Exchange): Promise<unknown>;
  /** Read only the fields a document needs (MongoDB); whole documents otherwise. */
  projectReads?: boolean;
  log: (error: unknown) => void;
  limits: RequestLimits;
  /** The entry estimate's model, bounded by the data as last measured. */
  costs(): Promise<CostModel>;
  /** Compiles documents used often; shared with REST. */
  compiler: DocumentCompiler;
  /** Parsed and validated documents, by their text. */
  documents: DocumentCache;
  /** Whether a browser asking GET /graphql gets GraphiQL. */
  graphiql: boolean;
  /** GraphiQL's first query, before the user typed any. */
  defaultQuery?: string;
}

/** Node's own fetch classes, so answers are standard Responses; a string body is kept known (WholeResponse). */
const NATIVE_FETCH_API = { Request, Response: WholeResponse, Headers, ReadableStream, WritableStream, TransformStream, TextEncoder, TextDecoder, Blob, FormData, File, URL, URLSearchParams, fetch };

/** A refusal before execution: our error in Strapi's codes, answered with HTTP `status`. */
function requestError(error: unknown, log: (e: unknown) => void): GraphQLError {
  return toGraphQLRequestError(error, log).error;
}

/** GraphQL Armor's limits on the document; a refusal is a 400 naming the limit passed. */
function documentLimits(limits: RequestLimits): Plugin[] {
  // Armor reports its limits as syntax errors; they are the caller's to fix, as BAD_USER_INPUT.
  const refuse = (setting: keyof RequestLimits) => (context: ValidationContext | null, error: GraphQLError) => {
    const refusal = new GraphQLError(`${error.message.replace(/^Syntax Error: /, '')} (${setting})`, {
      extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
    });
    if (context) context.reportError(refusal);
    else throw refusal;
  };
  const common = { exposeLimits: true, propagateOnRejection: false } as const;
  return [
    maxTokensPlugin({ n: limits.maxTokens, ...common, onReject: [refuse('maxTokens')] }),
    maxDepthPlugin({ n: limits.maxDepth, flattenFragments: true, ignoreIntrospection: true, ...common, onReject: [refuse('maxDepth')] }),
    maxAliasesPlugin({ n: limits.maxAliases, ...common, onReject: [refuse('maxAliases')] }),
    maxDirectivesPlugin({ n: limits.maxDirectives, ...common, onReject: [refuse('maxDirectives')] }),
  ];
}

/**
 * A request that cannot run answers HTTP 400, as Strapi's Apollo server does (yoga answers 200 to
 * `Accept: application/json` for a syntax or validation error); a variable the schema's types
 * refuse is `BAD_USER_INPUT`, Strapi's code for it.
 */
const requestErrorsAre400: Plugin = {
  onExecute: () => ({
    onExecuteDone({ result, setResult }) {
      if (Symbol.asyncIterator in result || result.data !== undefined || !result.errors) return;
      setResult({
        errors: result.errors.map((error) =>
          error.extensions.code ? error : new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code: 'BAD_USER_INPUT' } }),
        ),
      });
    },
  }),
  onResultProcess({ result }) {
    if (Array.isArray(result) || Symbol.asyncIterator in result || result.data !== undefined) return;
    for (const error of result.errors ?? []) {
      if (!(error instanceof GraphQLError)) continue;
      const extensions = error.extensions as Record<string, unknown>;
      const http = extensions.http as { status?: number } | undefined;
      extensions.http = { ...http, spec: false, status: http?.status ?? 400 };
    }
  },
};

/** A document nested too deep for the parser, which recurses, is refused before it is parsed. */
function nestingLimit(limits: RequestLimits, log: (e: unknown) => void): Plugin {
  return {
    onParse({ params }) {
      try {
        checkDocumentNesting(typeof params.source === 'string' ? params.source : params.source.body, limits.maxNesting);
      } catch (error) {
        throw requestError(error, log);
      }
    },
  };
}

/**
 * A document past `maxDocumentBytes` is refused before it is parsed (413): parsing it, and
 * holding it meanwhile, would cost in proportion to a length no token limit sees.
 */
function documentSizeLimit(limits: RequestLimits, log: (e: unknown) => void): Plugin {
  return {
    onParams({ params, setResult }) {
      const { query } = params;
      // UTF-8 takes at most three bytes per UTF-16 unit: a short text needs no counting.
      if (typeof query !== 'string' || 3 * query.length <= limits.maxDocumentBytes) return;
      const bytes = Buffer.byteLength(query);
      if (bytes <= limits.maxDocumentBytes) return;
      const error = new PayloadTooLargeError(
        `The GraphQL document is ${bytes} bytes long, past the limit of ${limits.maxDocumentBytes} (maxDocumentBytes)`,
        { limit: 'maxDocumentBytes', maxDocumentBytes: limits.maxDocumentBytes, bytes },
      );
      setResult({ errors: [requestError(error, log)] });
    },
  };
}

/** Variables too deep or too many for the schema's coercion, which recurses, are refused first. */
function variablesLimit(limits: RequestLimits, log: (e: unknown) => void): Plugin {
  return {
    onParams({ params, setResult }) {
      try {
        checkVariablesSize(params.variables, limits);
      } catch (error) {
        setResult({ errors: [requestError(error, log)] });
      }
    },
  };
}

/** Filters and sorts as large as REST allows, and the entry budget: checked on the validated document. */
function entryBudget(deps: GraphQLRouteDeps): Plugin {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      try {
        checkArgumentSizes(args.schema, args.document, args.variableValues ?? undefined);
        checkEntryBudget(args.schema, await deps.costs(), deps.limits.maxEntries, args.document, args.variableValues ?? undefined, args.operationName);
      } catch (error) {
        setResultAndStopExecution({ errors: [requestError(error, deps.log)] });
      }
    },
  };
}

/**
 * The answer's JSON written in slices, within the deadline. Past the deadline, or when the client
 * left, the answer is a 503 alone: whatever part was resolved is dropped, not sent half-done.
 */
function slicedAnswer(log: (e: unknown) => void): Plugin {
  return {
    async onExecutionResult({ result, setResult, context }) {
      const { deadline, pacing } = context as Partial<RequestBase>;
      if (!deadline || !result || Symbol.asyncIterator in result) return;
      const single = result as ExecutionResult;
      try {
        deadline.check();
        if (single.data == null) return;
        const data = await stringifyInSlices(single.data, { deadline, entries: pacing?.entries });
        setResult({ ...single, stringify: (sanitized: ExecutionResult) => withData(sanitized, data) });
      } catch (error) {
        setResult({ errors: [requestError(deadline.passed ? deadline.reason : error, log)] });
      }
    },
  };
}

/** `result` as JSON with `data` already written: yoga's sanitised errors first, as graphql-js orders them. */
function withData(result: ExecutionResult, data: string): string {
  const { data: _written, ...rest } = result as ExecutionResult & { stringify?: unknown };
  const head = JSON.stringify(rest);
  return head === '{}' ? `{"data":${data}}` : `${head.slice(0, -1)},"data":${data}}`;
}

/**
 * An answer with errors is not served again from the response cache: a deadline or a failing
 * database is not the content's answer.
 */
const errorsAreNotKept: Plugin<Record<string, unknown>, ServerContext> = {
  onResultProcess({ result, serverContext }) {
    const results = Array.isArray(result) ? result : [result];
    if (results.some((one) => Symbol.asyncIterator in one || (one.errors?.length ?? 0) > 0)) serverContext.exchange.uncacheable = true;
  },
};

/** A mutation's answer is never kept, so an identical mutation runs again instead of being answered from the cache. */
const mutationsAreNotKept: Plugin<Record<string, unknown>, ServerContext> = {
  onExecute({ args }) {
    const { exchange } = args.contextValue as Partial<ServerContext>;
    if (exchange && getOperationAST(args.document, args.operationName)?.operation === OperationTypeNode.MUTATION) exchange.uncacheable = true;
  },
};

/**
 * Each operation runs in a scope made for its document, once: the request's base with its reads
 * narrowed to what the document needs, and its own loaders. A document used often runs compiled
 * (graphql-jit, see src/graphql/compile.ts), any other on graphql-js's `execute`, as REST's do.
 * Not on yoga's own executor (@graphql-tools/executor): it builds each object in the order its
 * fields' promises settle, so an answer's field order followed the store's timing instead of the
 * selection set (GraphQL spec §7.2.2).
 */
function scopedExecution(deps: GraphQLRouteDeps): Plugin {
  return {
    onExecute({ args, setExecuteFn }) {
      const base = args.contextValue as unknown as RequestBase;
      const scope = createScope(base, deps.projectReads ? projectionsFor(deps.model, args.schema, args.document) : undefined);
      const compiled = deps.compiler.compiledFor(args.document, args.variableValues ?? {});
      setExecuteFn((execution) =>
        compiled ? compiled.query(execution.rootValue, scope, execution.variableValues ?? {}) : execute({ ...execution, contextValue: scope }),
      );
    },
  };
}

/** What the edge hands yoga with each request. */
interface ServerContext {
  exchange: Exchange;
}

/** The /graphql route: yoga behind the body limit, with the gateway's context and error codes. */
export function graphqlRoute(deps: GraphQLRouteDeps): (request: Request, exchange: Exchange) => Promise<Response> {
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
    // Parsed documents by their text, within a bound in bytes (yoga's own is bounded by count).
    parserAndValidationCache: deps.documents,
    plugins: [documentSizeLimit(deps.limits, deps.log), nestingLimit(deps.limits, deps.log), ...documentLimits(deps.limits), requestErrorsAre400, variablesLimit(deps.limits, deps.log), mutationsAreNotKept, entryBudget(deps), scopedExecution(deps), slicedAnswer(deps.log), errorsAreNotKept],
    context: async ({ request, exchange }) => {
      try {
        return await deps.baseFor(request, exchange);
      } catch (error) {
        throw requestError(error, deps.log);
      }
    },
    maskedErrors: {
      maskError: (error) =>
        toGraphQLError(error instanceof GraphQLError ? error : new GraphQLError(String(error), { originalError: error as Error }), deps.log),
    },
  });

  return async (request, exchange) => {
    let bounded: Request;
    try {
      bounded = await withBoundedBody(request, MAX_BODY_BYTES);
    } catch (error) {
      return graphqlErrorResponse(error, deps.log);
    }
    const refused = await refusedCredentials(deps, bounded, exchange);
    return refused ?? yoga.fetch(bounded, { exchange });
  };
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
    const { status, body } = toRestError(error, deps.log);
    return jsonResponse(status, body);
  }
}

/** An error met outside yoga (the body limit, the deadline at the edge) as a GraphQL answer. */
export function graphqlErrorResponse(error: unknown, log: (e: unknown) => void): Response {
  const { status, error: graphqlError } = toGraphQLRequestError(error, log);
  const { http: _http, ...extensions } = graphqlError.extensions;
  return jsonResponse(status, { errors: [{ message: graphqlError.message, extensions }] });
}
