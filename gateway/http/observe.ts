// One log line and one metrics sample per request, written when its answer has been produced
// to the last byte (or abandoned): method, path, status, duration, bytes, request id, role.
import { WholeResponse, wholeBody } from '../../src/whole-response.ts';
import type { Logger } from '../observability/logger.ts';
import type { GatewayMetrics } from '../observability/metrics.ts';
import type { Exchange, Step } from './pipeline.ts';

/** Longest query string kept in a log line; the rest is cut, so one request cannot flood the log. */
const MAX_LOGGED_QUERY = 1000;

export interface ObserveDeps {
  logger: Logger;
  metrics: GatewayMetrics;
}

/**
 * The response with its body counted as it is read; `done` runs once, when the body ends, fails
 * or is cancelled (the client went away), with the bytes read so far.
 */
export function countBody(response: Response, done: (bytes: number, aborted: boolean) => void): Response {
  // A body the gateway holds whole says itself when it is delivered: written, or read. (Asked
  // first: asking for its `body` would make it a stream.)
  if (wholeBody(response) !== undefined && response instanceof WholeResponse) {
    response.onDelivered(done);
    return response;
  }
  if (!response.body) {
    done(0, false);
    return response;
  }
  const reader = response.body.getReader();
  let bytes = 0;
  let finished = false;
  const finish = (aborted: boolean) => {
    if (finished) return;
    finished = true;
    done(bytes, aborted);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          controller.close();
          finish(false);
          return;
        }
        bytes += value.byteLength;
        controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        finish(true);
      }
    },
    cancel(reason) {
      finish(true);
      return reader.cancel(reason);
    },
    // Pull only when the consumer reads, so `bytes` counts what was taken, not what was buffered.
  }, { highWaterMark: 0 });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Logs and measures every request. */
export function observeStep({ logger, metrics }: ObserveDeps): Step {
  return async (request, exchange, next) => {
    metrics.inFlight(1);
    let response: Response;
    try {
      response = await next(request, exchange);
    } catch (error) {
      metrics.inFlight(-1);
      throw error;
    }
    // A HEAD answer's body is never sent (the server drops it), so there is nothing to count.
    const head = request.method === 'HEAD';
    if (head) void response.body?.cancel();
    const counted = head ? new Response(null, response) : response;
    return countBody(counted, (bytes, aborted) => {
      metrics.inFlight(-1);
      recordRequest({ logger, metrics }, requestTarget(request.method, new URL(request.url)), exchange, response.status, bytes, aborted);
    });
  };
}

/**
 * Where a request's log line goes, with the fields it shares with every request of its method
 * and URL: the gateway's logger, or a child logger with those fields bound (pino writes a child's
 * bindings out once), kept with an answer served again and again.
 */
export interface RequestTarget {
  readonly fields: TargetFields;
  readonly bound?: Logger;
}

interface TargetFields {
  method: string;
  path: string;
  query?: string;
}

/** Query parameters carrying one-use secrets (the email confirmation link's token): logged as `[redacted]`. */
const SECRET_PARAMETERS = /(^|&)(confirmation)=[^&]*/g;

export function requestTarget(method: string, url: URL): RequestTarget {
  const query = url.search ? url.search.slice(1).replace(SECRET_PARAMETERS, '$1$2=[redacted]').slice(0, MAX_LOGGED_QUERY) : undefined;
  return { fields: { method, path: url.pathname, ...(query !== undefined ? { query } : {}) } };
}

/** The target with its fields bound to a child of `logger`, for lines written many times. */
export function boundRequestTarget(logger: Logger, method: string, url: URL): RequestTarget {
  const { fields } = requestTarget(method, url);
  return { fields, bound: logger.child(fields) };
}

/** The request's log line and metrics sample, once its answer is sent (or abandoned). */
export function recordRequest({ logger, metrics }: ObserveDeps, target: RequestTarget, exchange: Exchange, status: number, bytes: number, aborted: boolean): void {
  const seconds = (performance.now() - exchange.startedAt) / 1000;
  metrics.observeRequest(exchange.kind, status, seconds);
  const line = {
    reqId: exchange.id,
    ...(target.bound ? {} : target.fields),
    status,
    durationMs: Math.round(seconds * 1e6) / 1e3,
    bytes,
    role: exchange.role ?? null,
    kind: exchange.kind,
    ...(aborted ? { aborted: true } : {}),
  };
  const log = target.bound ?? logger;
  if (status >= 500) log.error(line, 'request');
  else log.info(line, 'request');
}
