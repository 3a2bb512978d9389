// The server's fast path: a kept answer to an anonymous read (no Authorization, Origin or
// If-None-Match) is found by the same key the response cache step uses, and written with every
// header the edge sent it with, without a fetch Request or Response; its log line and metrics are
// the normal path's (recordRequest).
import { type CacheSize, byteBoundedCache, sizeOf } from '../src/limits/byte-cache.ts';
import { cacheKey, cacheableRead, type ResponseCacheStep } from './http/response-cache.ts';
import { boundRequestTarget, recordRequest } from './http/observe.ts';
import type { ErrorLog, Exchange } from './http/pipeline.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from './http/request-id.ts';
import type { Logger } from './observability/logger.ts';
import type { GatewayMetrics } from './observability/metrics.ts';
import type { WholeBody } from '../src/whole-response.ts';

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

export interface FastPathDeps {
  responses: Pick<ResponseCacheStep, 'lookup'>;
  /** Parses request targets, keeping those that keep coming. */
  targets: Pick<TargetParser, 'parse'>;
  /** The answer key of a caller without credentials, and its role; undefined while starting. */
  anonymousKey(): { key: string; role: string } | undefined;
  logger: Logger;
  /** The gateway's error log (the exchange's; a kept answer runs nothing that could fail). */
  log: ErrorLog;
  metrics: GatewayMetrics;
}

/** Longer request targets are parsed each time: a few such keys would fill the bound. */
const PARSED_TARGET_LENGTH = 2048;
/** Heap bytes of a parsed URL beside its target: its href and parts, and the object. */
const PARSED_URL_BYTES = 512;

export interface TargetParser {
  parse(target: string): URL;
  size(): CacheSize;
}

/**
 * The request target (`/api/articles?…`) as a URL, parsed once while it keeps coming: a repeated
 * read sends the same target again and again. The URL objects are only read.
 */
export function targetParser(maxBytes: number): TargetParser {
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

/** Whether a request may be answered by the fast path at all, before any lookup. */
function eligible(head: RequestHead): boolean {
  if (head.header('authorization') !== undefined || head.header('origin') !== undefined || head.header('if-none-match') !== undefined) return false;
  return head.method !== 'POST' || head.body !== undefined;
}

/** The fast path: a kept reply, or undefined when the request must go through `fetch`. */
export function fastPath(deps: FastPathDeps): (head: RequestHead) => KeptReply | undefined {
  const { logger, metrics } = deps;
  return (head) => {
    if (!eligible(head)) return undefined;
    const url = deps.targets.parse(head.url);
    if (!cacheableRead(head.method, url.pathname, head.header('content-type'))) return undefined;
    const anonymous = deps.anonymousKey();
    if (!anonymous) return undefined;
    const startedAt = performance.now();
    const key = cacheKey({
      access: anonymous.key,
      method: head.method,
      target: url.pathname + url.search,
      accept: head.header('accept'),
      acceptEncoding: head.header('accept-encoding'),
      body: head.body ?? '',
    });
    const entry = deps.responses.lookup(key, false);
    if (!entry?.edge) return undefined;
    metrics.recordCacheLookup('response', true);
    metrics.inFlight(1);
    const id = requestIdFrom(head.header(REQUEST_ID_HEADER));
    const exchange: Exchange = { id, log: (error) => deps.log(error, id), startedAt, kind: entry.kind, role: anonymous.role };
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
  };
}
