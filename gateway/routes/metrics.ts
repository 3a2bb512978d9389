// GET /metrics: the gateway's Prometheus metrics in the text exposition format.
import type { GatewayMetrics } from '../observability/metrics.ts';
import { textResponse } from '../http/responses.ts';

/** GET /metrics, never cached. */
export function metricsRoute(metrics: GatewayMetrics): () => Promise<Response> {
  return async () => textResponse(200, await metrics.registry.metrics(), metrics.registry.contentType, { 'cache-control': 'no-store' });
}
