// A server URL + a write scenario + a bearer token -> acknowledged writes per second under load,
// with autocannon (as bench/load.ts uses it), each request's body numbered so every write differs.
import autocannon from 'autocannon';
import type { WriteScenario } from './scenarios.ts';

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
  firstError?: string;
}

function run(url: string, scenario: WriteScenario, token: string, runName: string, settings: { connections: number; durationS: number }): Promise<Run> {
  let n = 0;
  return new Promise((resolve, reject) => {
    let firstError: string | undefined;
    const instance = autocannon(
      {
        url,
        connections: settings.connections,
        duration: settings.durationS,
        timeout: 120,
        requests: [
          {
            method: scenario.method,
            path: scenario.path,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: scenario.body(runName, n++) }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, firstError })),
    );
    instance.on('reqError', (error: unknown) => {
      firstError ??= error instanceof Error ? `${(error as NodeJS.ErrnoException).code ?? error.name}: ${error.message}` : String(error);
    });
  });
}

function toMeasure({ result, firstError }: Run): WriteMeasure {
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count ?? 0] as const);
  const acknowledged = statuses.find(([status]) => status === '200')?.[1] ?? 0;
  return {
    writesPerSec: acknowledged / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    acknowledged,
    otherStatuses: Object.fromEntries(statuses.filter(([status, count]) => status !== '200' && count > 0)),
    errors: result.errors,
    ...(firstError === undefined ? {} : { firstError }),
  };
}

/** Writes for `warmupS` (bodies named `<run>w-<n>`); the numbers are thrown away. */
export async function warmUpWrites(url: string, scenario: WriteScenario, token: string, runName: string, settings: WriteLoadSettings): Promise<void> {
  if (settings.warmupS > 0) await run(url, scenario, token, `${runName}w`, { connections: settings.connections, durationS: settings.warmupS });
}

/**
 * Measures `durationS` of writes named `<run>-<n>`. A timed run ends with writes in flight: the
 * server may still apply them unanswered, so a target stores at least its acknowledged writes,
 * possibly a few more.
 */
export async function measureWrites(url: string, scenario: WriteScenario, token: string, runName: string, settings: WriteLoadSettings): Promise<WriteMeasure> {
  return toMeasure(await run(url, scenario, token, runName, settings));
}
