// The gateway's fetch handler: the HTTP edge (request id, log and metrics, CORS, security
// headers, compression, error guard) around the routes (/graphql, /api, /uploads, /_health,
// /metrics, GraphiQL, the API reference). Both protocols build their context here, so they share
// loaders, roles and permission checks.
import type { GraphQLSchema } from 'graphql';
import type { AccessSettings } from '../src/auth/access.ts';
import { ApiTokenLookup } from '../src/auth/api-tokens.ts';
import { anonymous, authenticate, type Caller } from '../src/auth/credentials.ts';
import { JwtVerifier } from '../src/auth/jwt.ts';
import { ServiceUnavailableError } from '../src/errors/errors.ts';
import { USER_UID } from '../src/model/types.ts';
import { createContext, type GatewayContext } from '../src/graphql/context.ts';
import { DocumentCompiler } from '../src/graphql/compile.ts';
import { documentCache } from '../src/graphql/document-cache.ts';
import { costModel, type CostModel } from '../src/graphql/cost.ts';
import { type CacheSize, byteBoundedCache, sizeOf } from '../src/limits/byte-cache.ts';
import type { ClientSignal } from '../src/limits/deadline.ts';
import type { WholeBody } from '../src/whole-response.ts';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from '../src/limits/request-limits.ts';
import { withMediaBaseUrl } from '../src/graphql/media-base-url.ts';
import type { ContentModel } from '../src/model/types.ts';
import { buildOpenApiDocument } from '../src/openapi/document.ts';
import { createRestHandler } from '../src/rest/handler.ts';
import { PlanCache } from '../src/rest/plan.ts';
import { measureCardinality } from '../src/store/cardinality.ts';
import type { Store } from '../src/store/store.ts';
import { type CacheSettings, DEFAULT_HTTP_SETTINGS, cacheControlFor, type HttpSettings } from './config/file-config.ts';
import { catchErrorsStep } from './http/catch-errors.ts';
import { compressStep } from './http/compress.ts';
import { corsStep } from './http/cors.ts';
import { deadlineStep } from './http/deadline.ts';
import { boundRequestTarget, observeStep, recordRequest } from './http/observe.ts';
import { cacheKey, cacheableRead, responseCacheStep } from './http/response-cache.ts';
import { type Exchange, type Step, compose, currentExchange } from './http/pipeline.ts';
import { REQUEST_ID_HEADER, echoRequestId, requestIdFrom, requestIdOf } from './http/request-id.ts';
import { securityHeadersStep } from './http/security-headers.ts';
import { silentLogger, type Logger } from './observability/logger.ts';
import { MeasuredStore } from './observability/measured-store.ts';
import { createMetrics, type GatewayMetrics } from './observability/metrics.ts';
import { docsAsset, docsPage, openApiRoute } from './routes/docs.ts';
import { graphiqlAsset } from './routes/graphiql.ts';
import { graphqlErrorResponse, graphqlRoute } from './routes/graphql.ts';
import { liveness, readiness } from './routes/health.ts';
import { metricsRoute } from './routes/metrics.ts';
import { router } from './routes/router.ts';
import { sampleQuery } from './routes/sample-query.ts';
import { uploadsRoute } from './routes/uploads.ts';

export { MAX_BODY_BYTES } from './http/body-limit.ts';

export interface GatewayDeps {
  model: ContentModel;
  schema: GraphQLSchema;
  store: Store;
  /** Access settings once the store is ready; undefined while starting. */
  settings(): AccessSettings | undefined;
  /** Strapi's API_TOKEN_SALT and JWT_SECRET; without one, that kind of credential is refused. */
  secrets?: { apiTokenSalt?: string; jwtSecret?: string };
  /** Where unexpected errors go (answered as 500 without internals); the logger when absent. */
  log?: (error: unknown) => void;
  /** Request and error log; silent when absent. */
  logger?: Logger;
  /** A fresh registry when absent. */
  metrics?: GatewayMetrics;
  /** CORS, security headers, compression...: the config file's, Strapi's defaults when absent. */
  http?: HttpSettings;
  /** GraphiQL for browsers on GET /graphql (default true). */
  graphiql?: boolean;
  /** The API reference page at /documentation (default true); the OpenAPI document is always served. */
  docs?: boolean;
  /** The media folder served at /uploads/ (Strapi's public/uploads); none when absent. */
  uploadsDir?: string;
  /** A public base URL put before media URLs that are paths (`/uploads/…`). */
  mediaUrl?: string;
  /** What one request may cost (entries, GraphQL document size, time); the defaults when absent. */
  limits?: RequestLimits;
  /**
   * The entry estimate's model; when absent, the gateway measures the store's data
   * (src/store/cardinality.ts) on the first request that needs it, and again on `remeasure()`.
   */
  costs?(): Promise<CostModel>;
  /** Keep answers to reads in memory and serve repeats from there (default false; `npm start` turns it on). */
  responseCache?: boolean;
  /**
   * Read only the fields a document needs (projection pushdown): worth it on MongoDB, where less
   * is sent; the embedded store hands out its own documents, so narrowing them only copies.
   */
  projectReads?: boolean;
}

/** A request as node:http gives it, before any fetch Request is made of it. */
export interface RequestHead {
  method: string;
  /** The request target: path and query string. */
  url: string;
  header(name: string): string | undefined;
  /** A POST's body, when the server read it whole (its length known and within the limit). */
  body?: string;
}

/** A kept answer to write as it is (see {@link Gateway.kept}). */
export interface KeptReply {
  headers: ReadonlyArray<readonly [string, string]>;
  /** Undefined for HEAD. */
  body: WholeBody | undefined;
  /** Call once it is written, or the client left: logs and measures the request. */
  done(bytes: number, aborted: boolean): void;
}

export interface Gateway {
  /** `client`, when given, says when the client went away (else the request's own signal does). */
  fetch(request: Request, client?: ClientSignal): Promise<Response>;
  /**
   * The server's fast path: a kept answer to an anonymous GET or HEAD without `Origin` or
   * `If-None-Match`, with every header the edge would have sent, and the request's id. Undefined
   * when the request must go through `fetch` (which still serves kept answers to everyone else).
   */
  kept(head: RequestHead): KeptReply | undefined;
  /** Shutdown began: readiness answers 503 from now on, so load balancers stop sending work. */
  drain(): void;
  /** Measures the data again for the entry estimate (after an import by another process). */
  remeasure(): Promise<void>;
  /** The data or the access settings changed (an import): kept answers and measurements are dropped. */
  dataChanged(): void;
  readonly metrics: GatewayMetrics;
}

/** How long the entry estimate goes unmeasured after a failed measurement of the data. */
const REMEASURE_AFTER_FAILURE_MS = 60_000;

/** Longer request targets are parsed each time: a few such keys would fill the bound. */
const PARSED_TARGET_LENGTH = 2048;
/** Heap bytes of a parsed URL beside its target: its href and parts, and the object. */
const PARSED_URL_BYTES = 512;

/**
 * The request target (`/api/articles?…`) as a URL, parsed once while it keeps coming: a repeated
 * read sends the same target again and again. The URL objects are only read.
 */
function targetParser(maxBytes: number): { parse(target: string): URL; size(): CacheSize } {
  const parsed = byteBoundedCache<string, URL>(maxBytes, (_url, target) => 3 * target.length + PARSED_URL_BYTES);
  return {
    parse(target) {
      let url = parsed.get(target);
      if (!url) {
        url = new URL(target, 'http://gateway.invalid');
        if (target.length <= PARSED_TARGET_LENGTH) parsed.set(target, url);
      }
      return url;
    },
    size: () => sizeOf(parsed),
  };
}

/** The caches keyed by client input, each within its bound in bytes (the config file's `cache` section). */
function boundedCaches(model: ContentModel, schema: GraphQLSchema, bounds: CacheSettings) {
  return {
    compiler: new DocumentCompiler(schema, { maxBytes: bounds.compiledMaxBytes, maxDocumentBytes: bounds.maxKeptDocumentBytes }),
    documents: documentCache(bounds.documentsMaxBytes, bounds.maxKeptDocumentBytes),
    plans: new PlanCache(model, schema, bounds.plansMaxBytes),
    targets: targetParser(bounds.targetsMaxBytes),
  };
}

/** The whole gateway as one fetch handler: the edge's steps around the routes. */
export function createGateway(deps: GatewayDeps): Gateway {
  const logger = deps.logger ?? silentLogger;
  const log = deps.log ?? ((error: unknown) => logger.error({ err: error }, 'unexpected error'));
  const metrics = deps.metrics ?? createMetrics();
  const http = deps.http ?? DEFAULT_HTTP_SETTINGS;
  const store = new MeasuredStore(deps.store, metrics);
  const schema = deps.mediaUrl ? withMediaBaseUrl(deps.schema, deps.mediaUrl) : deps.schema;
  const limits = deps.limits ?? DEFAULT_REQUEST_LIMITS;
  const { compiler, documents, plans, targets } = boundedCaches(deps.model, schema, http.cache);
  const measure = () => measureCardinality(deps.model, deps.store).then((cardinality) => costModel(deps.model, cardinality));
  // Measured once, on first need. Until a failed measurement may be tried again, lists are bounded
  // by their page sizes alone: stricter, but the gateway keeps answering.
  const unmeasured = costModel(deps.model);
  let measured: Promise<CostModel> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  const costs = deps.costs ?? (() => {
    if (!measured && performance.now() - failedAt < REMEASURE_AFTER_FAILURE_MS) return Promise.resolve(unmeasured);
    return (measured ??= measure().catch((error: unknown) => {
      logger.warn({ err: error }, 'measuring the data for the entry estimate failed: lists are bounded by their page sizes until it is tried again');
      failedAt = performance.now();
      measured = undefined;
      return unmeasured;
    }));
  });
  let draining = false;

  const apiTokens = deps.secrets?.apiTokenSalt ? new ApiTokenLookup(store, deps.secrets.apiTokenSalt) : undefined;
  const jwt = deps.secrets?.jwtSecret ? new JwtVerifier(deps.secrets.jwtSecret) : undefined;
  const users = deps.model.contentTypes.get(USER_UID)!;
  const user = async (id: number) => (await store.find(users.collectionName, { id }, { limit: 1 }))[0];

  // Plans and cached answers are per access key; new settings (roles, tokens) start a new generation.
  const generations = new WeakMap<AccessSettings, number>();
  let lastGeneration = 0;
  const generationOf = (settings: AccessSettings) => {
    if (!generations.has(settings)) generations.set(settings, ++lastGeneration);
    return generations.get(settings)!;
  };
  /** Callers with one key see the same data (plans are kept per key): the generation and the caller's class. */
  const classKeyOf = (settings: AccessSettings, caller: Caller) => `${generationOf(settings)}:${caller.accessKey}`;
  /** Callers with one key may be given each other's kept answers: the class, and the user, whose `me` is their own. */
  const answerKeyOf = (settings: AccessSettings, caller: Caller) =>
    caller.kind === 'user' ? `${classKeyOf(settings, caller)}:user:${caller.user?.id}` : classKeyOf(settings, caller);

  /** Who is calling under which settings: read once per request, by the cache or the route. */
  interface Access {
    caller: Caller;
    settings: AccessSettings;
    /** {@link classKeyOf} the caller. */
    key: string;
  }
  async function readAccess(request: Request, exchange: Exchange | undefined): Promise<Access> {
    const settings = deps.settings();
    if (!settings) throw new ServiceUnavailableError('The gateway is starting: the database is not ready yet');
    const caller = await authenticate(request.headers.get('authorization'), { model: deps.model, settings, apiTokens, jwt, user });
    if (exchange) exchange.role = caller.role.name;
    return { caller, settings, key: classKeyOf(settings, caller) };
  }
  function accessOf(request: Request, exchange = currentExchange()): Promise<Access> {
    if (!exchange) return readAccess(request, exchange);
    return (exchange.access ??= readAccess(request, exchange)) as Promise<Access>;
  }

  async function contextFor(request: Request): Promise<GatewayContext> {
    const { caller, settings, key } = await accessOf(request);
    return createContext({
      model: deps.model, store, role: caller.role, user: caller.user, locales: settings.locales, deadline: currentExchange()?.deadline,
      accessKey: key,
      projectReads: deps.projectReads,
    });
  }

  const graphiql = deps.graphiql ?? true;
  const docs = deps.docs ?? true;
  let openApi: unknown;
  /** Built on first request once the locales are known, for the examples (the default first). */
  const openApiDocument = () => {
    const locales = deps.settings()?.locales;
    if (!locales) return buildOpenApiDocument(deps.model);
    return (openApi ??= buildOpenApiDocument(deps.model, { locales: [locales.defaultLocale, ...locales.codes] }));
  };
  const routes = router({
    readiness: readiness({ store, settings: deps.settings, draining: () => draining, log }),
    liveness,
    graphql: graphqlRoute({ schema, contextFor, log, limits, costs, compiler, documents, graphiql, defaultQuery: sampleQuery(deps.model) }),
    rest: createRestHandler({ model: deps.model, schema, contextFor, log, limits, costs, compiler, plans }),
    metrics: http.metrics ? metricsRoute(metrics) : undefined,
    uploads: deps.uploadsDir ? uploadsRoute({ dir: deps.uploadsDir, maxAge: http.uploads.maxAge, log }) : undefined,
    graphiqlAsset: graphiql ? graphiqlAsset : undefined,
    docsPage: docs ? docsPage : undefined,
    docsAsset: docs ? docsAsset : undefined,
    openApi: openApiRoute(openApiDocument),
  });

  const responses = responseCacheStep({
    enabled: deps.responseCache ?? false,
    maxBytes: http.cache.maxBytes,
    cacheControl: cacheControlFor(deps.model, http.cache),
    accessKey: async (request, exchange) => {
      const { caller, settings } = await accessOf(request, exchange);
      return answerKeyOf(settings, caller);
    },
    refused: (error) => graphqlErrorResponse(error, log),
    metrics,
  });
  for (const [name, cache] of Object.entries({ response: responses, documents, compiled: compiler, plans, targets })) metrics.watchCache(name, () => cache.size());

  // Outermost first. The deadline is inside the headers' steps, so a 503 it answers gets them too.
  const steps: Step[] = [
    echoRequestId,
    observeStep({ logger, metrics }),
    corsStep(http.cors),
    securityHeadersStep(http.security),
    responses.step,
    deadlineStep(limits.timeoutMs, log),
    compressStep(http.compression),
    catchErrorsStep(log),
  ];
  const handle = compose(steps, routes);

  return {
    async fetch(request, client) {
      const exchange: Exchange = { id: requestIdOf(request), startedAt: performance.now(), kind: 'unknown', client };
      const response = await handle(request, exchange);
      // The edge's headers, once, for the fast path: a GET's or POST's 200 without Origin (no CORS headers).
      const kept = exchange.kept;
      if (kept && !kept.edge && request.method !== 'HEAD' && response.status === 200 && !request.headers.has('origin')) {
        kept.edge = [...response.headers].filter(([name]) => name !== REQUEST_ID_HEADER);
      }
      return response;
    },
    kept(head) {
      if (head.header('authorization') !== undefined || head.header('origin') !== undefined || head.header('if-none-match') !== undefined) return undefined;
      if (head.method === 'POST' && head.body === undefined) return undefined;
      const url = targets.parse(head.url);
      if (!cacheableRead(head.method, url.pathname, head.header('content-type'))) return undefined;
      const settings = deps.settings();
      if (!settings) return undefined;
      const startedAt = performance.now();
      const caller = anonymous(settings);
      const key = cacheKey({
        access: answerKeyOf(settings, caller),
        method: head.method,
        target: url.pathname + url.search,
        accept: head.header('accept'),
        acceptEncoding: head.header('accept-encoding'),
        body: head.body ?? '',
      });
      const entry = responses.lookup(key, false);
      if (!entry?.edge) return undefined;
      metrics.recordCacheLookup('response', true);
      metrics.inFlight(1);
      const exchange: Exchange = { id: requestIdFrom(head.header(REQUEST_ID_HEADER)), startedAt, kind: entry.kind, role: caller.role.name };
      return {
        headers: [...entry.edge, [REQUEST_ID_HEADER, exchange.id]],
        body: head.method === 'HEAD' ? undefined : entry.body,
        done(bytes, aborted) {
          metrics.inFlight(-1);
          entry.logTargets ??= new Map();
          let target = entry.logTargets.get(head.method);
          if (!target) entry.logTargets.set(head.method, (target = boundRequestTarget(logger, head.method, url)));
          recordRequest({ logger, metrics }, target, exchange, 200, bytes, aborted);
        },
      };
    },
    drain() {
      draining = true;
    },
    dataChanged() {
      responses.clear();
      measured = undefined;
      failedAt = Number.NEGATIVE_INFINITY;
    },
    async remeasure() {
      const next = await measure();
      measured = Promise.resolve(next);
    },
    metrics,
  };
}
