// A server URL + a scenario's request -> throughput and latency under load, measured over
// loopback with autocannon (a maintained HTTP load generator, the one issue 9 names).
import autocannon from 'autocannon';
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
}

type Stop = { durationS: number } | { amount: number };

interface Run {
  result: autocannon.Result;
  firstError?: string;
}

function run(url: string, request: BenchRequest, connections: number, stop: Stop): Promise<Run> {
  return new Promise((resolve, reject) => {
    let firstError: string | undefined;
    const instance = autocannon(
      {
        url: url + request.path,
        method: request.method,
        headers: request.headers,
        body: request.body,
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
 * more request per connection afterwards waits for them, so they do not load the next run.
 */
export async function measureLoad(url: string, request: BenchRequest, settings: LoadSettings): Promise<LoadMeasure> {
  const { connections } = settings;
  const probe = await run(url, request, connections, { amount: connections });
  const expectedAnswers = (connections / probe.result.duration) * settings.durationS;
  if (expectedAnswers < 2 * connections) return toMeasure(await run(url, request, connections, { amount: 2 * connections }), 'answers');
  if (settings.warmupS > 0) await run(url, request, connections, { durationS: settings.warmupS });
  const result = await run(url, request, connections, { durationS: settings.durationS });
  await run(url, request, connections, { amount: connections });
  return toMeasure(result, 'duration');
}
