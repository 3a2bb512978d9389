// `npm run bench:profile -- --scenarios id,id [--writes] [--duration S] [--cache on|off]`: where
// the gateway's time goes under varied load. One gateway child (the varied dataset, `npm start`'s
// flags plus `--cpu-prof`) is sent each read scenario's list of different requests for S seconds
// at 8 connections, in turn, and with --writes the four write scenarios at 16; then stopped, and
// its CPU profile cut at each measured run and summarised: self time by function and by file, as
// shares of the time it was not idle (its start-up and import left out). A large dataset's import
// needs a larger heap: `--articles 200000 --node-flags="--max-old-space-size=8192"`. `--keep-profile` keeps the
// .cpuprofile and says where.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_TOKEN_SALT, BENCH_WRITE_TOKEN } from './dataset/variety.ts';
import { measureLoad } from './load.ts';
import { startGatewayProcess, type GatewayProcess } from './processes/gateway-process.ts';
import { formatPercent, markdownTable } from './report/format.ts';
import { RequestCursor } from './request-cursor.ts';
import { summariseProfile, type CpuProfile, type ProfileWindow, type SelfTime } from './varied/cpu-profile.ts';
import { datasetFacts, type DatasetFacts } from './varied/dataset-facts.ts';
import { GRAPHQL_SCENARIOS } from './varied/graphql-scenarios.ts';
import { requestList } from './varied/request-list.ts';
import { REST_SCENARIOS, type VariedScenario } from './varied/rest-scenarios.ts';
import { variedSize, writeVariedDataset } from './varied/varied-dataset.ts';
import { measureWriteTarget } from './writes/run-target.ts';

const USAGE = 'usage: npm run bench:profile -- [--scenarios id,id] [--writes] [--duration S] [--cache on|off] [--articles N] [--node-flags="FLAGS"] [--port P] [--top N] [--keep-profile]';
const { values } = parseArgs({
  options: {
    scenarios: { type: 'string' }, writes: { type: 'boolean' }, duration: { type: 'string' }, cache: { type: 'string' }, articles: { type: 'string' },
    port: { type: 'string' }, top: { type: 'string' }, 'node-flags': { type: 'string' }, 'keep-profile': { type: 'boolean' },
  },
});
const all = [...REST_SCENARIOS, ...GRAPHQL_SCENARIOS];
const chosen = (values.scenarios ?? '').split(',').filter(Boolean).map((id) => all.find((s) => s.id === id.trim()));
if ((!chosen.length && !values.writes) || chosen.some((s) => !s)) throw new RangeError(`${USAGE}\nscenarios: ${all.map((s) => s.id).join(', ')}`);
const articles = Number(values.articles ?? 2000);
const durationS = Number(values.duration ?? 15);

interface Window extends ProfileWindow {
  label: string;
  rate: number;
}

/** Each read scenario's varied load in turn; the windows they ran in, in ms since `spawnedAt`. */
async function loadReads(gateway: GatewayProcess, facts: DatasetFacts, spawnedAt: number): Promise<Window[]> {
  const windows: Window[] = [];
  for (const scenario of chosen as VariedScenario[]) {
    const cursor = new RequestCursor(requestList(scenario, facts, 34, 30_000));
    const fromMs = performance.now() - spawnedAt;
    const measured = await measureLoad(gateway.url, cursor, { connections: 8, durationS, warmupS: 1 });
    windows.push({ label: `${scenario.label} (${scenario.id})`, fromMs, toMs: performance.now() - spawnedAt, rate: measured.requestsPerSec });
  }
  return windows;
}

/** The write scenarios in order; the windows of their measured runs. */
async function loadWrites(gateway: GatewayProcess, facts: DatasetFacts, spawnedAt: number): Promise<Window[]> {
  const windows: Window[] = [];
  const onMeasured = (label: string, moment: 'start' | 'end', rate = 0) => {
    if (moment === 'start') windows.push({ label: `write: ${label}`, fromMs: performance.now() - spawnedAt, toMs: Infinity, rate });
    else Object.assign(windows[windows.length - 1], { toMs: performance.now() - spawnedAt, rate });
  };
  const settings = { connections: 16, durationS, warmupS: 2 };
  await measureWriteTarget({ target: 'gateway', url: gateway.url, token: BENCH_WRITE_TOKEN, facts, settings, seed: 34, log: (line) => console.error(line), onMeasured });
  return windows;
}

/** Runs the loads on one profiled gateway; returns the profile and the windows. */
async function profiledRun(dataset: string): Promise<{ profile: CpuProfile; windows: Window[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gateway-profile-'));
  const spawnedAt = performance.now();
  const gateway = await startGatewayProcess({
    dataset, port: Number(values.port ?? 1650), responseCache: values.cache === 'on' ? 'on' : 'off', env: { API_TOKEN_SALT: BENCH_TOKEN_SALT }, timeoutMs: 1_800_000,
    nodeFlags: [...(values['node-flags']?.split(/\s+/).filter(Boolean) ?? []), '--cpu-prof', `--cpu-prof-dir=${dir}`],
  });
  const facts = datasetFacts(variedSize(articles));
  const windows: Window[] = [];
  try {
    windows.push(...(await loadReads(gateway, facts, spawnedAt)));
    if (values.writes) windows.push(...(await loadWrites(gateway, facts, spawnedAt)));
  } finally {
    await gateway.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${dir}: the gateway did not exit by itself`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  if (values['keep-profile']) console.error(`the profile is kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  return { profile, windows };
}

const table = (rows: SelfTime[], what: string) => markdownTable([what, 'Self ms', 'Share'], rows.map((r) => [r.name, r.ms.toFixed(0), formatPercent(r.share)]));

const { path: dataset } = await writeVariedDataset(articles);
const { profile, windows } = await profiledRun(dataset);
for (const window of windows) {
  const summary = summariseProfile(profile, process.cwd(), Number(values.top ?? 15), window);
  const busy = summary.totalMs - summary.idleMs;
  console.log(`\n### ${window.label}, ${articles.toLocaleString('en-US')} articles, cache ${values.cache === 'on' ? 'on' : 'off'}: ${window.rate.toFixed(1)}/s measured; ${(busy / 1000).toFixed(1)} s busy of ${(summary.totalMs / 1000).toFixed(1)} s sampled\n`);
  console.log(table(summary.functions, 'Function (self time)'));
  console.log('');
  console.log(table(summary.files, 'File (self time)'));
}
