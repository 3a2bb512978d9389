// A server URL + a scenario's request (one, repeated, or a cursor over a list of different ones)
// -> throughput and latency under load, measured over loopback with autocannon (a maintained HTTP
// load generator, the one issue 9 names).
import autocannon from 'autocannon';
import { RequestCursor } from './request-cursor.ts';
import type { BenchRequest } from './scenarios.ts';

export interface LoadSettings {
  connections: number;
  /** Measured seconds per scenario and target. */
  durationS: number;
  /** Seconds of the same load before measuring, whose numbers are thrown away. */
  warmupS: number;
}

/** What one target did under load; `non2xx` and `errors` must be 0 for the numbers to count. */
export interface LoadMeasure {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The first connection error or timeout autocannon saw, if any. */
  firstError?: string;
  /**
   * `duration`: answers in `durationS` seconds. `answers`: the time two answers per connection
   * took, for a target too slow to give that many in `durationS` (a timed run would count
   * almost nothing, and leave its requests running into the next measurement).
   */
  measuredOver: 'duration' | 'answers';
  /** With a list of requests: requests of the measured run sent a second time (the list ran out). */
  repeats?: number;
}

type Stop = { durationS: number } | { amount: number };

interface Run {
  result: autocannon.Result;
  firstError?: string;
}

/** autocannon's request options: one request it builds once, or the cursor's next at each send. */
function requestOptions(source: BenchRequest | RequestCursor): Partial<autocannon.Options> {
  if (!(source instanceof RequestCursor)) return { method: source.method, headers: source.headers, body: source.body };
  const setupRequest = (request: autocannon.Request) => {
    const next = source.next();
    return { ...request, method: next.method, path: next.path, headers: next.headers, body: next.body };
  };
  return { requests: [{ setupRequest }] };
}

function run(url: string, source: BenchRequest | RequestCursor, connections: number, stop: Stop): Promise<Run> {
  return new Promise((resolve, reject) => {
    let firstError: string | undefined;
    const instance = autocannon(
      {
        url: source instanceof RequestCursor ? url : url + source.path,
        ...requestOptions(source),
        connections,
        ...('amount' in stop ? { amount: stop.amount } : { duration: stop.durationS }),
        // The default (10 s) would cut off Strapi's slowest answers under 8 connections.
        timeout: 120,
      },
      (error, result) => (error ? reject(error) : resolve({ result, firstError })),
    );
    instance.on('reqError', (error: unknown) => {
      firstError ??= error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : String(error);
    });
  });
}

function toMeasure({ result, firstError }: Run, measuredOver: LoadMeasure['measuredOver']): LoadMeasure {
  const requests = result['2xx'] + result.non2xx;
  return {
    requestsPerSec: requests / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(firstError === undefined ? {} : { firstError }),
    measuredOver,
  };
}

/**
 * Probes the target with one request per connection (its first answers, thrown away); a target
 * fast enough is warmed up and measured for `durationS`, a slower one over two answers per
 * connection. A timed run ends with requests in flight, which the server still finishes: one
 * more request per connection afterwards waits for them, so they do not load the next run. A
 * cursor goes on through its list across the probe, the warm-up and the measured run, so a
 * target is sent each request of the list once until it runs out (then `repeats` counts).
 */
export async function measureLoad(url: string, request: BenchRequest | RequestCursor, settings: LoadSettings): Promise<LoadMeasure> {
  const { connections } = settings;
  const probe = await run(url, request, connections, { amount: connections });
  const expectedAnswers = (connections / probe.result.duration) * settings.durationS;
  if (expectedAnswers < 2 * connections) return counted(request, async () => toMeasure(await run(url, request, connections, { amount: 2 * connections }), 'answers'));
  if (settings.warmupS > 0) await run(url, request, connections, { durationS: settings.warmupS });
  const measure = await counted(request, async () => toMeasure(await run(url, request, connections, { durationS: settings.durationS }), 'duration'));
  await run(url, request, connections, { amount: connections });
  return measure;
}

/** `measure()`, with the repeats a cursor handed out while it ran. */
async function counted(source: BenchRequest | RequestCursor, measure: () => Promise<LoadMeasure>): Promise<LoadMeasure> {
  if (!(source instanceof RequestCursor)) return measure();
  const before = source.repeats;
  const result = await measure();
  return { ...result, repeats: source.repeats - before };
}
