// `npm run bench:profile -- --scenarios id,id [--duration S] [--cache on|off]`: where the gateway's
// time goes under a varied read scenario. For each scenario, a gateway child (the varied dataset,
// `npm start`'s flags plus `--cpu-prof`) is sent the scenario's list of different requests for S
// seconds at 8 connections, stopped, and its CPU profile summarised: self time by function and by
// file, as shares of the time it was not idle.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_TOKEN_SALT } from './dataset/variety.ts';
import { measureLoad } from './load.ts';
import { startGatewayProcess } from './processes/gateway-process.ts';
import { formatPercent, markdownTable } from './report/format.ts';
import { RequestCursor } from './request-cursor.ts';
import { summariseProfile, type CpuProfile, type ProfileSummary } from './varied/cpu-profile.ts';
import { datasetFacts } from './varied/dataset-facts.ts';
import { GRAPHQL_SCENARIOS } from './varied/graphql-scenarios.ts';
import { requestList } from './varied/request-list.ts';
import { REST_SCENARIOS, type VariedScenario } from './varied/rest-scenarios.ts';
import { variedSize, writeVariedDataset } from './varied/varied-dataset.ts';

const USAGE = 'usage: npm run bench:profile -- --scenarios id,id [--duration S] [--cache on|off] [--articles N] [--connections N] [--port P] [--top N]';
const { values } = parseArgs({ options: { scenarios: { type: 'string' }, duration: { type: 'string' }, cache: { type: 'string' }, articles: { type: 'string' }, connections: { type: 'string' }, port: { type: 'string' }, top: { type: 'string' } } });
const all = [...REST_SCENARIOS, ...GRAPHQL_SCENARIOS];
const chosen = (values.scenarios ?? '').split(',').map((id) => all.find((s) => s.id === id.trim()));
if (!values.scenarios || chosen.some((s) => !s)) throw new RangeError(`${USAGE}\nscenarios: ${all.map((s) => s.id).join(', ')}`);
const articles = Number(values.articles ?? 2000);
const cache = values.cache === 'on' ? 'on' : 'off';

/** The gateway under `scenario`'s varied load for the duration, then its profile summarised. */
async function profileScenario(scenario: VariedScenario, dataset: string): Promise<ProfileSummary & { rate: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gateway-profile-'));
  const spawnedAt = performance.now();
  const gateway = await startGatewayProcess({
    dataset, port: Number(values.port ?? 1650), responseCache: cache, env: { API_TOKEN_SALT: BENCH_TOKEN_SALT }, nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  });
  let rate = 0;
  // The load's span from the spawn (the profile starts a few ms later: its start-up is left out).
  const window = { fromMs: 0, toMs: Infinity };
  try {
    const list = requestList(scenario, datasetFacts(variedSize(articles)), 34, 30_000);
    window.fromMs = performance.now() - spawnedAt;
    const measured = await measureLoad(gateway.url, new RequestCursor(list), { connections: Number(values.connections ?? 8), durationS: Number(values.duration ?? 15), warmupS: 1 });
    rate = measured.requestsPerSec;
    window.toMs = performance.now() - spawnedAt;
  } finally {
    await gateway.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${dir}: the gateway did not exit by itself`);
  const summary = summariseProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile, process.cwd(), Number(values.top ?? 15), window);
  rmSync(dir, { recursive: true, force: true });
  return { ...summary, rate };
}

const table = (rows: ProfileSummary['functions'], what: string) => markdownTable([what, 'Self ms', 'Share'], rows.map((r) => [r.name, r.ms.toFixed(0), formatPercent(r.share)]));

const { path: dataset } = await writeVariedDataset(articles);
for (const scenario of chosen as VariedScenario[]) {
  const summary = await profileScenario(scenario, dataset);
  const busy = summary.totalMs - summary.idleMs;
  console.log(`\n### ${scenario.label} (${scenario.id}), cache ${cache}: ${summary.rate.toFixed(0)} req/s measured; under the load ${(busy / 1000).toFixed(1)} s busy of ${(summary.totalMs / 1000).toFixed(1)} s sampled\n`);
  console.log(table(summary.functions, 'Function (self time)'));
  console.log('');
  console.log(table(summary.files, 'File (self time)'));
}
