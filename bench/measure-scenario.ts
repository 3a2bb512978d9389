// One scenario against each target in turn: its answer fetched once and checked (status, entry
// count), the limit server given the gateway's bytes, then each target measured under load.
import { measureLoad, type LoadMeasure, type LoadSettings } from './load.ts';
import type { LimitProcess } from './processes/limit-process.ts';
import type { TargetResult } from './report/results.ts';
import { countEntries, type Scenario } from './scenarios.ts';

export interface Answer {
  body: Buffer;
  contentType: string;
}

/** The target's answer to the scenario, or an explanation of why it is not a right one. */
export async function fetchAnswer(baseUrl: string, scenario: Scenario): Promise<Answer | string> {
  const { method, path, headers, body } = scenario.request;
  let response: Response;
  try {
    response = await fetch(baseUrl + path, { method, headers, body });
  } catch (error) {
    return `${baseUrl} did not answer: ${(error as Error).message}`;
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) return `${baseUrl} answered ${response.status}: ${bytes.toString().slice(0, 300)}`;
  const entries = countEntries(bytes.toString());
  if (entries !== scenario.entries) return `${baseUrl} answered ${typeof entries === 'number' ? `${entries} entries, expected ${scenario.entries}` : entries}`;
  return { body: bytes, contentType: response.headers.get('content-type') ?? 'application/json' };
}

/** Fetches the answer (which must be right), then measures the target under load. */
export async function measureTarget(baseUrl: string, scenario: Scenario, settings: LoadSettings, log: (line: string) => void, name: string): Promise<TargetResult> {
  const answer = await fetchAnswer(baseUrl, scenario);
  if (typeof answer === 'string') throw new Error(`${scenario.label} (${name}): ${answer}`);
  const measure = await measureLoad(baseUrl, scenario.request, settings);
  log(describe(scenario, name, measure));
  return { ...measure, bytes: answer.body.length };
}

/** Serves the gateway's answer from the limit server and measures that. */
export async function measureLimit(limit: LimitProcess, gatewayUrl: string, scenario: Scenario, settings: LoadSettings, log: (line: string) => void): Promise<TargetResult> {
  const answer = await fetchAnswer(gatewayUrl, scenario);
  if (typeof answer === 'string') throw new Error(`${scenario.label} (gateway): ${answer}`);
  await limit.serve(answer.body, answer.contentType);
  const measure = await measureLoad(limit.url, scenario.request, settings);
  log(describe(scenario, 'limit', measure));
  return { ...measure, bytes: answer.body.length };
}

function describe(scenario: Scenario, name: string, measure: LoadMeasure): string {
  const failed = measure.non2xx + measure.errors > 0 ? ` (${measure.non2xx} non-2xx, ${measure.errors} errors${measure.firstError ? `, first: ${measure.firstError}` : ''})` : '';
  const over = measure.measuredOver === 'answers' ? ` (too slow for a timed run: ${measure.requests} answers timed)` : '';
  return `  ${scenario.label} / ${name}: ${measure.requestsPerSec.toFixed(1)} req/s, p50 ${measure.p50Ms} ms, p99 ${measure.p99Ms} ms${over}${failed}`;
}
