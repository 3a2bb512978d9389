// A server URL + a cursor over a write scenario's requests + a bearer token -> acknowledged writes
// per second under load, with autocannon (as bench/load.ts uses it); each acknowledged write is
// told to the caller (a create's answer holds the id the next scenarios write to).
import autocannon from 'autocannon';
import type { RequestCursor } from '../request-cursor.ts';
import type { BenchRequest } from '../scenarios.ts';

export interface WriteLoadSettings {
  connections: number;
  /** Measured seconds per scenario and target. */
  durationS: number;
  /** Seconds of the same writes before measuring, whose numbers are thrown away. */
  warmupS: number;
}

/** What one target did under one write scenario's load. */
export interface WriteMeasure {
  /** 200 answers (acknowledged writes) per second of the measured run. */
  writesPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** 200 answers. */
  acknowledged: number;
  /** Answers other than 200, by status. */
  otherStatuses: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  firstError?: string;
}

interface Run {
  result: autocannon.Result;
  /**
   * Seconds from the start to the last answer, as measured here: autocannon ends a run of an
   * `amount` of requests at its next one-second sample, so its `duration` counted up to a second
   * of nothing after the last answer.
   */
  seconds: number;
  firstError?: string;
}

/** Told of each write answered 200: the request sent, and the answer's body. */
export type OnAcknowledged = (request: BenchRequest, body: string) => void;

/** How a run ends: after `durationS`, or after `amount` answers. */
export type WriteStop = { durationS: number } | { amount: number };

function run(url: string, cursor: RequestCursor, token: string, connections: number, stop: WriteStop, onAcknowledged?: OnAcknowledged): Promise<Run> {
  // With one request template, autocannon gives each request a fresh context, and the answer the same one.
  type Sent = { request?: BenchRequest };
  const setupRequest = (request: autocannon.Request, context: Sent) => {
    const next = cursor.next();
    context.request = next;
    return { ...request, method: next.method, path: next.path, headers: { ...next.headers, authorization: `Bearer ${token}` }, body: next.body };
  };
  let lastAnswer = performance.now();
  const onResponse = (status: number, body: string, context: Sent) => {
    lastAnswer = performance.now();
    if (status === 200 && context.request) onAcknowledged?.(context.request, body);
  };
  return new Promise((resolve, reject) => {
    let firstError: string | undefined;
    const started = performance.now();
    const instance = autocannon(
      // autocannon refuses more connections than requests: a short run uses fewer.
      { url, ...('amount' in stop ? { amount: stop.amount, connections: Math.min(connections, stop.amount) } : { duration: stop.durationS, connections }), timeout: 120, requests: [{ setupRequest, onResponse }] } as autocannon.Options,
      (error, result) => (error ? reject(error) : resolve({ result, seconds: Math.max(lastAnswer - started, 1) / 1000, firstError })),
    );
    instance.on('reqError', (error: unknown) => {
      firstError ??= error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : String(error);
    });
  });
}

function toMeasure({ result, seconds, firstError }: Run): WriteMeasure {
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count ?? 0] as const);
  const acknowledged = statuses.find(([status]) => status === '200')?.[1] ?? 0;
  return {
    writesPerSec: acknowledged / seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    acknowledged,
    otherStatuses: Object.fromEntries(statuses.filter(([status, count]) => status !== '200' && count > 0)),
    errors: result.errors,
    ...(firstError === undefined ? {} : { firstError }),
  };
}

/** Sends the cursor's next writes until `stop`; only what they acknowledged is kept (told to `onAcknowledged`). */
export async function warmUpWrites(url: string, cursor: RequestCursor, token: string, connections: number, stop: WriteStop, onAcknowledged?: OnAcknowledged): Promise<void> {
  await run(url, cursor, token, connections, stop, onAcknowledged);
}

/**
 * Measures the cursor's next writes until `stop`. A timed run ends with writes in flight: the
 * server may still apply them unanswered, so a target stores at least its acknowledged writes,
 * possibly a few more.
 */
export async function measureWrites(url: string, cursor: RequestCursor, token: string, connections: number, stop: WriteStop, onAcknowledged?: OnAcknowledged): Promise<WriteMeasure> {
  return toMeasure(await run(url, cursor, token, connections, stop, onAcknowledged));
}
