// The gateway (response cache on) + the mixed load's options -> reads alone, then 90 % reads and
// 10 % writes, each timed over the same connections: reads and writes per second, each kind's
// p50 and p99, and the response cache's hit rate during each phase (from /metrics).
import autocannon from 'autocannon';
import { RequestCursor } from '../request-cursor.ts';
import type { BenchRequest } from '../scenarios.ts';
import { hitRateBetween, readCacheLookups } from './cache-metrics.ts';
import { mixedRequests, readPool, type MixedRequestOptions } from './mixed-requests.ts';
import type { MixedPhase, MixedResult } from './results.ts';

export interface MixedLoadOptions extends Omit<MixedRequestOptions, 'writeEvery'> {
  url: string;
  connections: number;
  durationS: number;
  /** Seconds of reads before measuring, after every read of the pool was sent once. */
  warmupS: number;
  log(line: string): void;
}

interface Timed {
  reads: number[];
  writes: number[];
  failed: number;
  seconds: number;
}

/** Requests per phase: more than any phase sends (reads answered from the cache are fast). */
const PHASE_REQUESTS = 150_000;

function runTimed(url: string, cursor: RequestCursor, connections: number, stop: { durationS: number } | { amount: number }): Promise<Timed> {
  const timed: Timed = { reads: [], writes: [], failed: 0, seconds: 0 };
  // One request template: each request gets a fresh context, its answer the same one.
  type Sent = { write?: boolean; sentAt?: number };
  const setupRequest = (request: autocannon.Request, context: Sent) => {
    const next: BenchRequest = cursor.next();
    context.write = next.method === 'PUT';
    context.sentAt = performance.now();
    return { ...request, method: next.method, path: next.path, headers: next.headers, body: next.body };
  };
  const onResponse = (status: number, _body: string, context: Sent) => {
    (context.write ? timed.writes : timed.reads).push(performance.now() - (context.sentAt ?? 0));
    if (status !== 200) timed.failed += 1;
  };
  return new Promise((resolve, reject) => {
    const until = 'amount' in stop ? { amount: stop.amount } : { duration: stop.durationS };
    autocannon({ url, connections, ...until, timeout: 120, requests: [{ setupRequest, onResponse }] } as autocannon.Options, (error, result) => {
      if (error) reject(error);
      else resolve({ ...timed, failed: timed.failed + result.errors, seconds: result.duration });
    });
  });
}

/** The `p`-quantile (0..1) of `values`, 0 when empty. Pure. */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

async function phase(options: MixedLoadOptions, requests: BenchRequest[]): Promise<MixedPhase> {
  const before = await readCacheLookups(options.url);
  const timed = await runTimed(options.url, new RequestCursor(requests), options.connections, { durationS: options.durationS });
  const after = await readCacheLookups(options.url);
  // Requests still in flight when the phase ended finish before the next one starts.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return {
    readsPerSec: timed.reads.length / timed.seconds, readP50Ms: quantile(timed.reads, 0.5), readP99Ms: quantile(timed.reads, 0.99),
    writesPerSec: timed.writes.length / timed.seconds, writeP50Ms: quantile(timed.writes, 0.5), writeP99Ms: quantile(timed.writes, 0.99),
    failed: timed.failed, ...hitRateBetween(before, after),
  };
}

const describe = (name: string, p: MixedPhase) =>
  `${name}: reads ${p.readsPerSec.toFixed(0)}/s (p50 ${p.readP50Ms.toFixed(1)}, p99 ${p.readP99Ms.toFixed(1)} ms), writes ${p.writesPerSec.toFixed(0)}/s (p99 ${p.writeP99Ms.toFixed(0)} ms), hit rate ${(100 * p.hitRate).toFixed(1)} % of ${p.lookups}, ${p.failed} failed`;

/**
 * Every read of the pool once (the cache then holds all it can), reads for `warmupS`, then reads
 * alone, then one write in ten.
 */
export async function runMixedLoad(options: MixedLoadOptions): Promise<MixedResult> {
  const pool = readPool(options.facts, options.seed, options.pool);
  const requests = (writeEvery: number, name: string) => mixedRequests(pool, { ...options, writeEvery }, PHASE_REQUESTS, name);
  await runTimed(options.url, new RequestCursor(pool), options.connections, { amount: pool.length });
  await runTimed(options.url, new RequestCursor(requests(0, 'mixed warm-up')), options.connections, { durationS: options.warmupS });
  const readOnly = await phase(options, requests(0, 'mixed reads alone'));
  options.log(describe('reads alone', readOnly));
  const mixed = await phase(options, requests(10, 'mixed 90/10'));
  options.log(describe('90 % reads, 10 % writes', mixed));
  return { pool: pool.length, zipf: options.zipf, connections: options.connections, durationS: options.durationS, readOnly, mixed };
}
