// The gateway's /metrics text -> the response cache's lookups so far (hits, misses), and the hit
// rate between two readings.

export interface CacheLookups {
  hits: number;
  misses: number;
}

/** The response cache's hits and misses in Prometheus text (0 when a counter is absent). Pure. */
export function responseCacheLookups(metrics: string): CacheLookups {
  const count = (name: string) => Number(new RegExp(`^${name}\\{cache="response"\\} (\\d+(?:\\.\\d+)?)`, 'm').exec(metrics)?.[1] ?? 0);
  return { hits: count('gateway_cache_hits_total'), misses: count('gateway_cache_misses_total') };
}

/** Hits over lookups between two readings (0 when there was no lookup), and the lookups. Pure. */
export function hitRateBetween(before: CacheLookups, after: CacheLookups): { hitRate: number; lookups: number } {
  const hits = after.hits - before.hits;
  const lookups = hits + after.misses - before.misses;
  return { hitRate: lookups === 0 ? 0 : hits / lookups, lookups };
}

/** Reads the gateway's /metrics now. */
export async function readCacheLookups(gatewayUrl: string): Promise<CacheLookups> {
  const response = await fetch(`${gatewayUrl}/metrics`);
  if (response.status !== 200) throw new Error(`${gatewayUrl}/metrics answered ${response.status}`);
  return responseCacheLookups(await response.text());
}
