// Prometheus metrics (prom-client), one registry per gateway: HTTP requests by route kind and
// status, store queries by operation, cache lookups and sizes, and Node's own (event-loop lag included).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CacheSize } from '../../src/limits/byte-cache.ts';
import type { WebhookMetrics } from '../../src/webhooks/metrics.ts';
import type { RouteKind } from '../http/pipeline.ts';

export interface GatewayMetrics {
  readonly registry: Registry;
  /** One answered request: its route kind, status and time until its body was fully produced. */
  observeRequest(kind: RouteKind, status: number, seconds: number): void;
  /** Requests being answered now (up on arrival, down once their body is sent). */
  inFlight(delta: 1 | -1): void;
  /** One store call: `find`, `count`, `aggregate`, ... on a collection, and whether it failed. */
  observeStoreQuery(op: string, collection: string, seconds: number, failed: boolean): void;
  /**
   * The hook for response caches: call it once per lookup. `cache` names the cache
   * (`response`, ...), so several can share the metric.
   */
  recordCacheLookup(cache: string, hit: boolean): void;
  /** Reports a cache's size at each scrape (`gateway_cache_bytes`, `gateway_cache_max_bytes`, `gateway_cache_entries`). */
  watchCache(cache: string, size: () => CacheSize): void;
  /** Webhook deliveries queued, and each attempt delivered, retried or failed. */
  readonly webhooks: WebhookMetrics;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WEBHOOK_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STORE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** A fresh registry with the gateway's metrics and Node's default ones. */
export function createMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Counter({ name: 'gateway_http_requests_total', help: 'HTTP requests answered, by route kind and status', labelNames: ['kind', 'status'], registers });
  const duration = new Histogram({ name: 'gateway_http_request_duration_seconds', help: 'Time from a request reaching the gateway to the end of its answer', labelNames: ['kind', 'status'], buckets: HTTP_BUCKETS, registers });
  const inFlight = new Gauge({ name: 'gateway_http_requests_in_flight', help: 'Requests being answered', registers });
  const storeQueries = new Counter({ name: 'gateway_store_queries_total', help: 'Store (database) calls, by operation, collection and outcome', labelNames: ['op', 'collection', 'outcome'], registers });
  const storeDuration = new Histogram({ name: 'gateway_store_query_duration_seconds', help: 'Time a store (database) call took', labelNames: ['op', 'collection'], buckets: STORE_BUCKETS, registers });
  const cacheHits = new Counter({ name: 'gateway_cache_hits_total', help: 'Cache lookups answered from the cache', labelNames: ['cache'], registers });
  const cacheMisses = new Counter({ name: 'gateway_cache_misses_total', help: 'Cache lookups the cache could not answer', labelNames: ['cache'], registers });
  const watched = new Map<string, () => CacheSize>();
  const sizeGauge = (name: string, help: string, read: (size: CacheSize) => number) =>
    new Gauge({
      name, help, labelNames: ['cache'], registers,
      collect() {
        for (const [cache, size] of watched) this.set({ cache }, read(size()));
      },
    });
  sizeGauge('gateway_cache_bytes', 'Estimated bytes a cache holds, keys included', (size) => size.bytes);
  sizeGauge('gateway_cache_max_bytes', "A cache's bound in bytes (the config file's cache section)", (size) => size.maxBytes);
  sizeGauge('gateway_cache_entries', 'Entries a cache holds', (size) => size.entries);
  return {
    registry,
    webhooks: webhookMetrics(registers),
    observeRequest(kind, status, seconds) {
      const labels = { kind, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    inFlight: (delta) => inFlight.inc(delta),
    observeStoreQuery(op, collection, seconds, failed) {
      storeQueries.inc({ op, collection, outcome: failed ? 'error' : 'ok' });
      storeDuration.observe({ op, collection }, seconds);
    },
    recordCacheLookup: (cache, hit) => (hit ? cacheHits : cacheMisses).inc({ cache }),
    watchCache: (cache, size) => void watched.set(cache, size),
  };
}

/** `gateway_webhook_deliveries_queued_total`, `..._delivered_total`, `..._retried_total`, `..._failed_total` by webhook, and each attempt's time. */
function webhookMetrics(registers: Registry[]): WebhookMetrics {
  const counter = (outcome: string, help: string) => new Counter({ name: `gateway_webhook_deliveries_${outcome}_total`, help, labelNames: ['webhook'], registers });
  // Counted in a map, handed to the counter at each scrape: a write adds one, where prom-client
  // would hash its labels each time.
  const queuedBy = new Map<string, number>();
  new Counter({
    name: 'gateway_webhook_deliveries_queued_total', help: 'Webhook deliveries recorded with a committed write of this gateway, or re-sent', labelNames: ['webhook'], registers,
    collect() {
      this.reset();
      for (const [webhook, count] of queuedBy) this.inc({ webhook }, count);
    },
  });
  const outcomes = {
    delivered: counter('delivered', 'Webhook deliveries the receiver accepted (a 2xx)'),
    retried: counter('retried', 'Webhook attempts that failed and will be tried again (timeout, connection error, 5xx, 429)'),
    failed: counter('failed', 'Webhook deliveries kept as failed (a refusal, or the last attempt failed)'),
  };
  const duration = new Histogram({ name: 'gateway_webhook_attempt_duration_seconds', help: 'Time a webhook attempt took, until the answer was read or it failed', labelNames: ['webhook'], buckets: WEBHOOK_BUCKETS, registers });
  return {
    queued: (webhook, count) => void queuedBy.set(webhook, (queuedBy.get(webhook) ?? 0) + count),
    attempted(webhook, outcome, seconds) {
      outcomes[outcome].inc({ webhook });
      duration.observe({ webhook }, seconds);
    },
  };
}
