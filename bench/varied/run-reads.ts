// The read scenarios against the limit server, the gateway with its response cache off and on,
// and Strapi when given: each first with one request repeated, then with every request different
// (the scenario's list, from its start on every target). The limit serves the gateway's own
// answers: to the repeated request, and to the last requests of the list, keyed by request.
import { loadavg } from 'node:os';
import { measureLoad, type LoadMeasure, type LoadSettings } from '../load.ts';
import type { LimitProcess } from '../processes/limit-process.ts';
import { RequestCursor } from '../request-cursor.ts';
import type { BenchRequest } from '../scenarios.ts';
import { fetchChecked, rootIds, type CheckedAnswer } from './answers.ts';
import type { DatasetFacts } from './dataset-facts.ts';
import { requestKey, requestList } from './request-list.ts';
import type { ModeResult, ReadResult } from './results.ts';
import type { VariedScenario } from './rest-scenarios.ts';

export interface ReadTargets {
  limit: LimitProcess;
  off: string;
  on: string;
  strapi?: string;
}

export interface ReadRunOptions {
  facts: DatasetFacts;
  seed: number;
  /** Different requests made per scenario. */
  listSize: number;
  load: LoadSettings;
  log(line: string): void;
}

/** Answers the limit server keeps per varied scenario: enough to differ, few enough to hold. */
const LIMIT_ANSWERS = 100;
/** Requests whose answers are compared with Strapi's. */
const COMPARED = 5;

async function answer(url: string, request: BenchRequest): Promise<CheckedAnswer> {
  const checked = await fetchChecked(url, request);
  if (typeof checked === 'string') throw new Error(checked);
  return checked;
}

/** Whether Strapi answers the first requests, and with the gateway's root entries. */
async function compareWithStrapi(targets: ReadTargets, list: readonly BenchRequest[]): Promise<{ same: number; checked: number } | string> {
  let same = 0;
  for (const request of list.slice(0, COMPARED)) {
    const strapi = await fetchChecked(targets.strapi!, request);
    if (typeof strapi === 'string') return `Strapi: ${strapi}`;
    if (rootIds((await answer(targets.off, request)).body.toString()) === rootIds(strapi.body.toString())) same += 1;
  }
  return { same, checked: Math.min(COMPARED, list.length) };
}

async function measureMode(targets: ReadTargets, source: () => BenchRequest | RequestCursor, limitSource: BenchRequest | RequestCursor, load: LoadSettings, withStrapi: boolean): Promise<ModeResult> {
  // The limit goes round its answers by design: its repeats are not counted.
  const { repeats: _repeats, ...limit } = await measureLoad(targets.limit.url, limitSource, load);
  const result: ModeResult = {
    limit,
    off: await measureLoad(targets.off, source(), load),
    on: await measureLoad(targets.on, source(), load),
  };
  if (withStrapi && targets.strapi) result.strapi = await measureLoad(targets.strapi, source(), load);
  return result;
}

const describe = (name: string, m: LoadMeasure) =>
  `${name} ${m.requestsPerSec.toFixed(1)} req/s (p50 ${m.p50Ms}, p99 ${m.p99Ms} ms${m.non2xx + m.errors ? `, ${m.non2xx} non-2xx, ${m.errors} errors` : ''}${m.repeats ? `, ${m.repeats} repeats` : ''})`;

function logMode(log: (line: string) => void, label: string, mode: string, r: ModeResult): void {
  log(`  ${label}, ${mode}: ${[describe('limit', r.limit), describe('off', r.off), describe('on', r.on), ...(r.strapi ? [describe('Strapi', r.strapi)] : [])].join('; ')}`);
}

/** One scenario, repeated then varied, on every target. */
export async function runReadScenario(scenario: VariedScenario, targets: ReadTargets, options: ReadRunOptions, notes: string[]): Promise<ReadResult> {
  const loadAverage = loadavg()[0];
  const list = requestList(scenario, options.facts, options.seed, options.listSize);
  const first = await answer(targets.off, list[0]);
  const tail = list.slice(-LIMIT_ANSWERS);
  const tailAnswers = [];
  for (const request of tail) tailAnswers.push({ key: requestKey(request), ...(await answer(targets.off, request)) });
  const compared = targets.strapi ? await compareWithStrapi(targets, list) : undefined;
  if (typeof compared === 'string') notes.push(`Strapi not measured on ${scenario.label}: ${compared}`);
  const withStrapi = compared !== undefined && typeof compared !== 'string';
  await targets.limit.serve(first.body, first.contentType);
  const repeated = await measureMode(targets, () => list[0], list[0], options.load, withStrapi);
  logMode(options.log, scenario.label, 'repeated', repeated);
  await targets.limit.serveEach(tailAnswers);
  const varied = await measureMode(targets, () => new RequestCursor(list), new RequestCursor(tail), options.load, withStrapi);
  logMode(options.log, scenario.label, 'varied', varied);
  const variedBytes = tailAnswers.reduce((sum, a) => sum + a.body.length, 0) / tailAnswers.length;
  return {
    id: scenario.id, label: scenario.label, protocol: scenario.protocol, requests: list.length, repeatedBytes: first.body.length, variedBytes,
    repeated, varied, ...(withStrapi ? { strapiSame: compared } : {}), loadAverage,
  };
}
