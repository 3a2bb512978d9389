// The HTTP edge as a list of steps around the routes: each step gets the request, this
// request's exchange and the next handler, and returns the response (changed or not).
import type { ClientSignal, Deadline } from '../../src/limits/deadline.ts';
import type { CollectionReads } from '../../src/store/collection-reads.ts';

/** What a request is for, as metrics and logs group it. */
export type RouteKind =
  | 'graphql'
  | 'rest'
  | 'health'
  | 'metrics'
  | 'uploads'
  | 'graphiql'
  | 'docs'
  | 'preflight'
  | 'home'
  | 'admin'
  | 'unknown';

/**
 * The edge's record of one request, passed to every step and route: made once at the edge and
 * filled in as the request goes through (the route kind by the router, the role once credentials
 * are read, the deadline by its step), for the log line, the metrics and the response cache.
 * Operations never see it: they run on an immutable scope (src/operations/scope.ts).
 */
export interface Exchange {
  /** The request id: the caller's `X-Request-Id` when acceptable, else a fresh UUID. */
  readonly id: string;
  /** Where this request's unexpected errors go: the gateway's error log, with the request's id. */
  readonly log: (error: unknown) => void;
  /** `performance.now()` when the request reached the edge. */
  readonly startedAt: number;
  kind: RouteKind;
  /** The role the request acted as; undefined until (or unless) credentials were accepted. */
  role?: string;
  /** Tells when the client went away (the server's); the Request's own signal when absent. */
  client?: ClientSignal;
  /** The peer's address (the server's socket); absent for a request made in process. */
  readonly peer?: string;
  /** When this request's work must stop; set by the deadline step. */
  deadline?: Deadline;
  /** Who is calling, read once per request (by the response cache or the route, whichever is first). */
  access?: Promise<unknown>;
  /** Set by a route whose 200 must not be served again (a GraphQL answer with errors). */
  uncacheable?: boolean;
  /** The collections the request's operations read, recorded for the response cache (set by it, once). */
  reads?: CollectionReads;
  /** The response cache's entry this request stored or was answered from. */
  kept?: { edge?: Array<[string, string]> };
}

/** Where unexpected errors go, with the id of the request that met one (none outside a request). */
export type ErrorLog = (error: unknown, requestId?: string) => void;

export type Handler = (request: Request, exchange: Exchange) => Promise<Response>;
export type Step = (request: Request, exchange: Exchange, next: Handler) => Promise<Response>;

/** `steps[0]` runs first and sees the final response last, as in Koa or Express. */
export function compose(steps: readonly Step[], handler: Handler): Handler {
  return steps.reduceRight<Handler>((next, step) => (request, exchange) => step(request, exchange, next), handler);
}
