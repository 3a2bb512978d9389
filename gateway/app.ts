// The gateway's fetch handler, composed of named parts: the HTTP edge's steps (request id, log and
// metrics, CORS, security headers, response cache, deadline, compression, error guard) around the
// routes (/graphql, /api, /uploads, /_health, /metrics, GraphiQL, the API reference), the callers
// (credentials -> the request base both protocols' operations run on), the entry estimate's
// costs, and the server's fast path for kept answers.
import type { GraphQLSchema } from 'graphql';
import type { AttributeRule } from '../src/access/rules.ts';
import type { AccessSettings } from '../src/auth/settings.ts';
import { DocumentCompiler } from '../src/graphql/compile.ts';
import { draftTolerantSchema } from '../src/graphql/schema/draft-tolerant.ts';
import { documentCache } from '../src/graphql/document-cache.ts';
import type { CostModel } from '../src/graphql/cost.ts';
import { withMediaBaseUrl } from '../src/graphql/media-base-url.ts';
import type { ClientSignal } from '../src/limits/deadline.ts';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from '../src/limits/request-limits.ts';
import type { ContentModel } from '../src/model/types.ts';
import { buildOpenApiDocument } from '../src/openapi/document.ts';
import { createRestHandler } from '../src/rest/handler.ts';
import { routeTable } from '../src/routes/api.ts';
import { RouteMatcher } from '../src/routes/match.ts';
import type { RouteRow, RouteTable } from '../src/routes/table.ts';
import { PlanCache } from '../src/rest/plan.ts';
import { changedBy, type BeforeOf } from '../src/store/collection-reads.ts';
import type { Change, Store } from '../src/store/store.ts';
import { Lifecycle } from '../src/operations/lifecycle.ts';
import { replacedEntries } from '../src/operations/events.ts';
import { authServices, type AuthServices } from '../src/operations/auth/services.ts';
import type { TrustProxy } from '../src/limits/client-address.ts';
import { settingsAfterWrites } from './written-settings.ts';
import { createWriter } from '../src/operations/write/writer.ts';
import { receiveMultipart } from '../src/upload/multipart.ts';
import { localProvider } from '../src/upload/providers/local.ts';
import type { Uploads } from '../src/upload/store-file.ts';
import { Callers } from './callers.ts';
import { type CacheSettings, DEFAULT_HTTP_SETTINGS, cacheControlFor, type HttpSettings } from './config/file-config.ts';
import { EntryCosts } from './entry-costs.ts';
import { MAX_BODY_BYTES, withBoundedBody } from './http/body-limit.ts';
import { fastPath, targetParser, type KeptReply, type RequestHead } from './fast-path.ts';
import { catchErrorsStep } from './http/catch-errors.ts';
import { compressStep } from './http/compress.ts';
import { corsStep } from './http/cors.ts';
import { deadlineStep } from './http/deadline.ts';
import { observeStep } from './http/observe.ts';
import { responseCacheStep, type ResponseCacheStep } from './http/response-cache.ts';
import { type ErrorLog, type Exchange, type Handler, type Step, compose } from './http/pipeline.ts';
import { REQUEST_ID_HEADER, echoRequestId, requestIdOf } from './http/request-id.ts';
import { securityHeadersStep } from './http/security-headers.ts';
import { silentLogger, type Logger } from './observability/logger.ts';
import { MeasuredStore } from './observability/measured-store.ts';
import { createMetrics, type GatewayMetrics } from './observability/metrics.ts';
import { docsAsset, docsPage, openApiRoute } from './routes/docs.ts';
import { graphiqlAsset } from './routes/graphiql.ts';
import { graphqlErrorResponse, graphqlRoute } from './routes/graphql/route.ts';
import { liveness, readiness } from './routes/health.ts';
import { homeRoute, restExampleOf } from './routes/home.ts';
import { metricsRoute } from './routes/metrics.ts';
import { router, type Routes } from './routes/router.ts';
import { sampleQuery } from './routes/sample-query.ts';
import { uploadsRoute } from './routes/uploads.ts';
import { adminCheck } from './admin-credential.ts';
import { adminRoute, webhookAdminRows } from './routes/admin.ts';
import { gatewayWebhooks, type GatewayWebhooks } from './webhooks.ts';

export { MAX_BODY_BYTES } from './http/body-limit.ts';

export interface GatewayDeps {
  model: ContentModel;
  schema: GraphQLSchema;
  store: Store;
  /** Access settings once the store is ready; undefined while starting. */
  settings(): AccessSettings | undefined;
  /** Strapi's API_TOKEN_SALT and JWT_SECRET; without one, that kind of credential is refused. */
  secrets?: { apiTokenSalt?: string; jwtSecret?: string };
  /** Where unexpected errors go (answered as 500 without internals), with the id of the request that met one; the logger when absent. */
  log?: ErrorLog;
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
  /**
   * Where uploaded files are stored, and how (the config's `uploads` settings); when absent, the
   * uploads folder (`uploadsDir`) with `http.uploads`, or no uploads without one.
   */
  uploads?: Uploads;
  /** A public base URL put before media URLs that are paths (`/uploads/…`). */
  mediaUrl?: string;
  /** What one request may cost (entries, GraphQL document size, time); the defaults when absent. */
  limits?: RequestLimits;
  /**
   * The entry estimate's model; when absent, the gateway reads the measurement the store keeps
   * (gateway/entry-costs.ts) on `loadMeasurement()` or the first request that needs it.
   */
  costs?(): Promise<CostModel>;
  /**
   * Other processes write to the store (MongoDB): the stored measurement is only ever raised,
   * never replaced by a measurement of the data (default false: one process, the embedded store).
   */
  sharedStore?: boolean;
  /** Keep answers to reads in memory and serve repeats from there (default false; `npm start` turns it on). */
  responseCache?: boolean;
  /**
   * Read only the fields a document needs (projection pushdown), true unless false: MongoDB sends
   * less, and the embedded store leaves the components and dynamic zones it keeps apart unread.
   */
  projectReads?: boolean;
  /**
   * Rules hiding attributes from roles, beyond Strapi's own (private and password attributes),
   * which always hold; both protocols follow them (src/access/).
   */
  accessRules?: readonly AttributeRule[];
  /** Rows added to the content API's route table (src/routes): served, access-checked and documented like its own. */
  routes?: readonly RouteRow[];
  /**
   * users-permissions' services: JWT issuing, mail, its settings (the config's `usersPermissions`),
   * the auth routes' rate limiter. Strapi's defaults, no mail, and `secrets.jwtSecret` when absent.
   */
  auth?: AuthServices;
  /** Which proxies' X-Forwarded-For the per-client limits believe (the config's `trustProxy`); none when absent. */
  trustProxy?: TrustProxy;
  /** This gateway's name in the webhook delivery lease; one per process when absent (gateway/webhooks.ts). */
  webhookHolder?: string;
}

export interface Gateway {
  /**
   * `client`, when given, says when the client went away (else the request's own signal does);
   * `peer` is the address the request came from (the server's socket), for per-client limits.
   */
  fetch(request: Request, client?: ClientSignal, peer?: string): Promise<Response>;
  /**
   * The server's fast path: a kept answer to an anonymous GET or HEAD without `Origin` or
   * `If-None-Match`, with every header the edge would have sent, and the request's id. Undefined
   * when the request must go through `fetch` (which still serves kept answers to everyone else).
   */
  kept(head: RequestHead): KeptReply | undefined;
  /** Shutdown began: readiness answers 503 from now on, so load balancers stop sending work. */
  drain(): void;
  /**
   * Reads the entry estimate's measurement from the store (one document and the entry counts), or
   * measures the data once and stores it when the store holds none that fits the model.
   */
  loadMeasurement(): Promise<void>;
  /** Measures the data again, a batch at a time, when writes since the last measurement may have loosened its bounds. */
  remeasure(): Promise<void>;
  /** The data or the access settings changed (an import): kept answers and measurements are dropped. */
  dataChanged(): void;
  /**
   * A write's changes are in the store (`store.write` resolved): every kept answer made from a
   * collection they touch is dropped (the entry's, lists of its type, answers that populated it,
   * the other side of its relations), none made meanwhile is kept, and the entry estimate's bounds
   * are raised to hold. The write path calls it before the write answers; other answers stay kept.
   */
  forget(changes: readonly Change[]): void;
  /**
   * Another gateway sharing this MongoDB wrote to these collections, and which entries is not
   * known (the write marks name collections only; a change event of a delete names MongoDB's `_id`
   * only): every kept answer made from anything of them, lists and entries, is dropped, and the
   * next remeasure reads the data.
   */
  forgetCollections(collections: readonly string[]): void;
  /** What changed is not known (the change stream lost its place): every kept answer is dropped. */
  forgetEverything(): void;
  /** Every acknowledged write of this gateway goes through it: subscribe to hear of them (webhooks, tests). */
  readonly lifecycle: Lifecycle;
  /** The config file's webhooks: recorded with each write; delivered once `webhooks.start()` (start.ts calls it). */
  readonly webhooks: GatewayWebhooks;
  readonly metrics: GatewayMetrics;
}

/** The caches keyed by client input, each within its bound in bytes (the config file's `cache` section). */
function boundedCaches(model: ContentModel, schemas: Schemas, bounds: CacheSettings) {
  // Each protocol compiles against its own schema; the bound is shared between them.
  const compiled = { maxBytes: Math.floor(bounds.compiledMaxBytes / 2), maxDocumentBytes: bounds.maxKeptDocumentBytes };
  return {
    compiler: new DocumentCompiler(schemas.graphql, compiled),
    restCompiler: new DocumentCompiler(schemas.rest, compiled),
    documents: documentCache(bounds.documentsMaxBytes, bounds.maxKeptDocumentBytes),
    plans: new PlanCache(model, schemas.rest, bounds.plansMaxBytes),
    targets: targetParser(bounds.targetsMaxBytes),
  };
}

type Caches = ReturnType<typeof boundedCaches>;

/**
 * The schema served on /graphql (Strapi's), and the one REST reads through: Strapi's with the
 * required values of drafts nullable, since a draft need not hold them (src/graphql/schema/draft-tolerant.ts).
 */
interface Schemas {
  readonly graphql: GraphQLSchema;
  readonly rest: GraphQLSchema;
}

/** The whole gateway as one fetch handler: the edge's steps around the routes. */
export function createGateway(deps: GatewayDeps): Gateway {
  const logger = deps.logger ?? silentLogger;
  const log: ErrorLog = deps.log ?? ((error, reqId) => logger.error(reqId ? { err: error, reqId } : { err: error }, 'unexpected error'));
  const metrics = deps.metrics ?? createMetrics();
  const http = deps.http ?? DEFAULT_HTTP_SETTINGS;
  const store = new MeasuredStore(deps.store, metrics);
  const entryCosts = new EntryCosts(deps.model, deps.store, logger, { shared: deps.sharedStore, serially: (work) => writer.serially(work) });
  // Each applied write, before it answers: the entry estimate's measurement rises in the same
  // write where a bound rose; kept answers made from what it changed are dropped (the response
  // cache is made below), and the estimate learns what was written.
  const forgetChanges = (changes: readonly Change[], beforeOf?: BeforeOf) => {
    responses.forget(changedBy(changes, beforeOf));
    entryCosts.wrote(changes);
  };
  const lifecycle = new Lifecycle(log);
  lifecycle.record((committed) => entryCosts.raises(committed.changes, replacedEntries(deps.model, committed)));
  // An update's events say what the entry was: only the answers testing a field it changed are dropped.
  lifecycle.subscribe((committed) => forgetChanges(committed.changes, replacedEntries(deps.model, committed)));
  const webhooks = webhooksOf(deps, { store, lifecycle, http, metrics, logger });
  const writer = createWriter(store, lifecycle, { shared: deps.sharedStore });
  // A role written through the API changes the settings this gateway grants at once (gateway/written-settings.ts).
  const settings = settingsAfterWrites(deps.settings, lifecycle);
  const auth = deps.auth ?? authServices({ jwtSecret: deps.secrets?.jwtSecret });
  const uploads = deps.uploads ?? (deps.uploadsDir ? { settings: http.uploads, provider: localProvider(deps.uploadsDir) } : undefined);
  const callers = new Callers({ model: deps.model, store, writer, uploads, settings, secrets: deps.secrets, accessRules: deps.accessRules, auth, trustProxy: deps.trustProxy });
  const state = { draining: false };
  const schema = deps.mediaUrl ? withMediaBaseUrl(deps.schema, deps.mediaUrl) : deps.schema;
  const schemas = { graphql: schema, rest: draftTolerantSchema(deps.model, schema) };
  const caches = boundedCaches(deps.model, schemas, http.cache);
  const parts = { schemas, caches, store, log, metrics, http, callers, uploads, costs: deps.costs ?? entryCosts.costs, draining: () => state.draining, webhooks };
  const routes = router(gatewayRoutes({ ...deps, settings }, parts));
  const responses = responseCacheStep({
    enabled: deps.responseCache ?? false,
    maxBytes: http.cache.maxBytes,
    cacheControl: cacheControlFor(deps.model, http.cache),
    accessKey: async (request, exchange) => {
      const { caller, settings } = await callers.accessOf(request, exchange);
      return callers.answerKeyOf(settings, caller);
    },
    refused: (error, exchange) => graphqlErrorResponse(error, exchange.log),
    metrics,
  });
  const { compiler, restCompiler, documents, plans, targets } = caches;
  const watched = { response: responses, documents, compiled: compiler, compiled_rest: restCompiler, plans, targets };
  for (const [name, cache] of Object.entries(watched)) metrics.watchCache(name, () => cache.size());
  const handle = compose(edgeSteps({ logger, log, metrics, http, responses, timeoutMs: (deps.limits ?? DEFAULT_REQUEST_LIMITS).timeoutMs, uploadTimeoutMs: uploads?.settings.timeoutMs }), routes);
  return {
    fetch: (request, client, peer) => fetchWithEdge(handle, log, request, client, peer),
    kept: fastPath({ responses, targets, anonymousKey: () => callers.anonymousKey(), logger, log, metrics }),
    drain() {
      state.draining = true;
    },
    dataChanged() {
      responses.clear();
      entryCosts.forget();
      writer.places.forget();
    },
    forget: forgetChanges,
    forgetCollections(collections) {
      responses.forgetWhole(collections);
      entryCosts.othersWrote();
      writer.places.forget();
    },
    forgetEverything() {
      responses.clear();
      writer.places.forget();
      entryCosts.othersWrote();
    },
    loadMeasurement: () => entryCosts.load(),
    remeasure: () => entryCosts.remeasure(),
    lifecycle,
    webhooks,
    metrics,
  };
}

/** The config file's webhooks on this gateway's lifecycle; their worker's failures logged as warnings. */
function webhooksOf(deps: GatewayDeps, parts: { store: Store; lifecycle: Lifecycle; http: HttpSettings; metrics: GatewayMetrics; logger: Logger }): GatewayWebhooks {
  const { store, lifecycle, http, metrics, logger } = parts;
  return gatewayWebhooks({
    model: deps.model, store, lifecycle, settings: http.webhooks, metrics: metrics.webhooks, shared: deps.sharedStore ?? false, holder: deps.webhookHolder,
    report: (error, doing) => logger.warn({ err: error }, `webhooks: ${doing} failed`),
  });
}

/** What the routes are built from besides the deps. */
interface RouteParts {
  /** The schemas served, media URLs made absolute when asked. */
  schemas: Schemas;
  caches: Caches;
  store: MeasuredStore;
  log: (error: unknown) => void;
  metrics: GatewayMetrics;
  http: HttpSettings;
  callers: Callers;
  /** Where uploaded files go; none: uploads are refused. */
  uploads: Uploads | undefined;
  costs(): Promise<CostModel>;
  draining(): boolean;
  webhooks: GatewayWebhooks;
}

/** Every route, each switched on or off as the deps say. */
function gatewayRoutes(deps: GatewayDeps, parts: RouteParts): Routes {
  const { schemas, caches, store, log, metrics, http, callers, costs, uploads } = parts;
  const limits = deps.limits ?? DEFAULT_REQUEST_LIMITS;
  const { compiler, documents, plans } = caches;
  const baseFor = (request: Request, exchange: Exchange | undefined, options?: { self: boolean }) => {
    if (!exchange) throw new Error('a request reached a route without its exchange');
    return callers.baseFor(request, exchange, options);
  };
  const common = { model: deps.model, schema: schemas.graphql, baseFor, projectReads: deps.projectReads ?? true, limits, costs, compiler };
  const table = routeTable(deps.model, deps.routes);
  const graphiql = deps.graphiql ?? true;
  const docs = deps.docs ?? true;
  return {
    readiness: readiness({ store, settings: deps.settings, draining: parts.draining }),
    liveness,
    graphql: graphqlRoute({ ...common, documents, graphiql, defaultQuery: sampleQuery(deps.model), credentials: (request, exchange) => callers.accessOf(request, exchange), uploads }),
    rest: createRestHandler({
      ...common,
      schema: schemas.rest,
      compiler: caches.restCompiler,
      routes: new RouteMatcher(table),
      plans,
      readBody: (request) => withBoundedBody(request, MAX_BODY_BYTES),
      receiveFiles: uploads && ((request) => receiveMultipart(request, uploads.settings.tmpDir, uploads.settings.limits)),
      log: (error, exchange) => (exchange ? exchange.log(error) : log(error)),
    }),
    metrics: http.metrics ? metricsRoute(metrics) : undefined,
    uploads: deps.uploadsDir ? uploadsRoute({ dir: deps.uploadsDir, maxAge: http.uploads.maxAge }) : undefined,
    graphiqlAsset: graphiql ? graphiqlAsset : undefined,
    docsPage: docs ? docsPage : undefined,
    docsAsset: docs ? docsAsset : undefined,
    openApi: openApiRoute(openApiDocumentOf(deps, table)),
    home: homeRoute({ graphiql, docs, restExample: restExampleOf(deps.model) }),
    admin: adminRoute(webhookAdminRows(parts.webhooks.admin), adminCheck(http.admin, deps.secrets?.apiTokenSalt)),
  };
}

/** The OpenAPI document, built on first request once the locales are known, for the examples (the default first). */
function openApiDocumentOf(deps: GatewayDeps, routes: RouteTable): () => unknown {
  let built: unknown;
  return () => {
    const locales = deps.settings()?.locales;
    if (!locales) return buildOpenApiDocument(deps.model, { routes });
    return (built ??= buildOpenApiDocument(deps.model, { routes, locales: [locales.defaultLocale, ...locales.codes] }));
  };
}

interface EdgeParts {
  logger: Logger;
  log: (error: unknown) => void;
  metrics: GatewayMetrics;
  http: HttpSettings;
  responses: ResponseCacheStep;
  timeoutMs: number;
  /** A request carrying files (multipart) gets this time instead, receiving them included. */
  uploadTimeoutMs?: number;
}

/** The edge's steps, outermost first. The deadline is inside the headers' steps, so a 503 it answers gets them too. */
function edgeSteps({ logger, log, metrics, http, responses, timeoutMs, uploadTimeoutMs }: EdgeParts): Step[] {
  return [
    echoRequestId,
    observeStep({ logger, metrics }),
    corsStep(http.cors),
    securityHeadersStep(http.security),
    responses.step,
    deadlineStep(timeoutMs, uploadTimeoutMs),
    compressStep(http.compression),
    catchErrorsStep(),
  ];
}

/** One request through the edge, on an exchange made for it. */
async function fetchWithEdge(handle: Handler, log: ErrorLog, request: Request, client?: ClientSignal, peer?: string): Promise<Response> {
  const id = requestIdOf(request);
  const exchange: Exchange = { id, log: (error) => log(error, id), startedAt: performance.now(), kind: 'unknown', client, peer };
  const response = await handle(request, exchange);
  // The edge's headers, once, for the fast path: a GET's or POST's 200 without Origin (no CORS headers).
  const kept = exchange.kept;
  if (kept && !kept.edge && request.method !== 'HEAD' && response.status === 200 && !request.headers.has('origin')) {
    kept.edge = [...response.headers].filter(([name]) => name !== REQUEST_ID_HEADER);
  }
  return response;
}
