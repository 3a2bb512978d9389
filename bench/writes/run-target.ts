// One target (the gateway or Strapi) through the four write scenarios in order: creates (timed),
// partial updates of the created entries (timed), then each created entry published and deleted
// once; every run verified through the API, and what the run left behind removed afterwards.
import { RequestCursor } from '../request-cursor.ts';
import type { BenchRequest } from '../scenarios.ts';
import type { DatasetFacts } from '../varied/dataset-facts.ts';
import { measureWrites, warmUpWrites, type OnAcknowledged, type WriteLoadSettings, type WriteStop } from './load.ts';
import type { WriteRow } from './results.ts';
import { WRITE_SCENARIOS, slugPrefix, writeList, type WriteContext, type WriteScenario } from './scenarios.ts';
import { countRunArticles, verifyCount, verifyUpdates, type Verification } from './verify.ts';

export interface WriteTargetOptions {
  target: WriteRow['target'];
  url: string;
  token: string;
  facts: DatasetFacts;
  settings: WriteLoadSettings;
  /** The requests' seed: every target is sent the same values. */
  seed: number;
  log(line: string): void;
  /** Told when each scenario's measured run starts and ends (a profile cuts its samples there). */
  onMeasured?(label: string, moment: 'start' | 'end', writesPerSec?: number): void;
}

/** Enough creates or updates for any timed run this machine can make. */
const TIMED_LIST = 40_000;

const scenario = (id: WriteScenario['id']) => WRITE_SCENARIOS.find((s) => s.id === id)!;

interface Phase {
  scenario: WriteScenario;
  /** Requests of the warm-up and the measured run, and how each ends. */
  list: BenchRequest[];
  warmup: WriteStop;
  measured: WriteStop;
  onAcknowledged?: OnAcknowledged;
  /** Before the measured run: what the verification compares with. */
  before(): Promise<number>;
  /** `sent`: the list's requests handed out, warm-up included. */
  verify(before: number, acknowledged: number, sent: readonly BenchRequest[]): Promise<Verification>;
}

async function runPhase(options: WriteTargetOptions, phase: Phase): Promise<WriteRow> {
  const { url, token, settings } = options;
  if (phase.list.length === 0) throw new Error(`${options.target} ${phase.scenario.label}: nothing to write to (no create was acknowledged)`);
  const cursor = new RequestCursor(phase.list);
  const warms = 'amount' in phase.warmup ? phase.warmup.amount > 0 : settings.warmupS > 0;
  if (warms) await warmUpWrites(url, cursor, token, settings.connections, phase.warmup, phase.onAcknowledged);
  const before = await phase.before();
  options.onMeasured?.(phase.scenario.label, 'start');
  const measure = await measureWrites(url, cursor, token, settings.connections, phase.measured, phase.onAcknowledged);
  options.onMeasured?.(phase.scenario.label, 'end', measure.writesPerSec);
  const verification = await phase.verify(before, measure.acknowledged, phase.list.slice(0, cursor.sent));
  if (!verification.ok) options.log(`!!! ${options.target} ${phase.scenario.label}: ${verification.detail}`);
  options.log(`${options.target} ${phase.scenario.label}: ${measure.writesPerSec.toFixed(1)} writes/s, p50 ${measure.p50Ms} ms, p99 ${measure.p99Ms} ms`);
  const first = phase.list[0];
  return { target: options.target, scenario: phase.scenario.label, request: `${first.method} ${first.path.replace(/\/\d+$/, '/:id')}`, ...measure, verification };
}

/** Each created entry once: 15 % of them (at least one per connection) to warm up, the rest measured. */
export function oncePerCreated(created: number, connections: number): { warmup: WriteStop; measured: WriteStop } {
  const warm = Math.max(connections, Math.floor(created * 0.15));
  // Too few entries to spare a warm-up (Strapi creates slowly): every one is measured.
  if (created - warm < 2 * connections) return { warmup: { amount: 0 }, measured: { amount: created } };
  return { warmup: { amount: warm }, measured: { amount: created - warm } };
}

function phases(options: WriteTargetOptions, context: WriteContext): Array<() => Phase> {
  const { url, token, settings, seed } = options;
  const count = (state: 'preview' | 'live') => () => countRunArticles(url, token, context.run, state);
  const timed = { warmup: { durationS: settings.warmupS }, measured: { durationS: settings.durationS } };
  const updates = new Set<BenchRequest>();
  const created = context.created as number[];
  return [
    () => ({
      scenario: scenario('create-article'), list: writeList(scenario('create-article'), context, seed, TIMED_LIST), ...timed,
      onAcknowledged: (_request, body) => created.push(Number((JSON.parse(body) as { data: { id: number } }).data.id)),
      before: count('preview'), verify: (before, acknowledged) => verifyCount(count('preview'), before, acknowledged, 'grown', 'drafts of the run'),
    }),
    () => ({
      scenario: scenario('update-article'), list: writeList(scenario('update-article'), context, seed, TIMED_LIST), ...timed,
      onAcknowledged: (request) => updates.add(request), before: async () => 0,
      verify: (_before, _acknowledged, sent) => verifyUpdates(url, token, sent, updates),
    }),
    () => ({
      scenario: scenario('publish-article'), list: writeList(scenario('publish-article'), context, seed, created.length), ...oncePerCreated(created.length, settings.connections),
      before: count('live'), verify: (before, acknowledged) => verifyCount(count('live'), before, acknowledged, 'grown', 'published entries of the run'),
    }),
    () => ({
      scenario: scenario('delete-article'), list: writeList(scenario('delete-article'), context, seed, created.length), ...oncePerCreated(created.length, settings.connections),
      before: count('preview'), verify: (before, acknowledged) => verifyCount(count('preview'), before, acknowledged, 'shrunk', 'entries of the run'),
    }),
  ];
}

/** Deletes what the run left (creates still in flight when a timed run ended, deletes refused). */
async function removeLeftovers(options: WriteTargetOptions, run: string): Promise<number> {
  const headers = { authorization: `Bearer ${options.token}` };
  const query = `publicationState=preview&fields[0]=slug&pagination[pageSize]=100&filters[slug][$startsWith]=${encodeURIComponent(slugPrefix(run))}`;
  let removed = 0;
  for (let round = 0; round < 50; round++) {
    const page = (await (await fetch(`${options.url}/api/articles?${query}`, { headers })).json()) as { data?: Array<{ id: number }> };
    if (!page.data?.length) break;
    for (const { id } of page.data) removed += (await fetch(`${options.url}/api/articles/${id}`, { method: 'DELETE', headers })).ok ? 1 : 0;
  }
  return removed;
}

/** The four scenarios against one target, in order (each needs the entries the creates made). */
export async function measureWriteTarget(options: WriteTargetOptions): Promise<WriteRow[]> {
  const context: WriteContext = { run: `bw-${options.target}-${Date.now().toString(36)}`, facts: options.facts, created: [] };
  const rows: WriteRow[] = [];
  for (const phase of phases(options, context)) rows.push(await runPhase(options, phase()));
  const removed = await removeLeftovers(options, context.run);
  if (removed) options.log(`${options.target}: removed ${removed} entries the run left (creates answered after their run ended)`);
  return rows;
}
