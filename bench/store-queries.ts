// A dataset + scenarios -> store queries per request, counted exactly: each scenario's request
// runs once through the gateway's fetch handler, in process, over a CountingStore.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createGateway } from '../gateway/app.ts';
import { settingsFromSeed } from '../src/seed/seed-settings.ts';
import { buildGraphQLSchema } from '../src/graphql/build-schema.ts';
import { loadContentModel } from '../src/model/load.ts';
import { importSeed } from '../src/seed/import-seed.ts';
import { loadSeedFile } from '../src/seed/load-seed.ts';
import { EmbeddedStore } from '../src/store/embedded-store.ts';
import { CountingStore } from '../test/support/counting-store.ts';
import { BENCH_SCHEMA } from './processes/gateway-process.ts';
import type { Scenario } from './scenarios.ts';

/**
 * Store queries (find, count, aggregate) each scenario's request sends, by scenario id. Each
 * request is the first of its kind, so no cache can answer it.
 * @throws Error when a request does not answer 200.
 */
export async function countStoreQueries(dataset: string, scenarios: readonly Scenario[]): Promise<Map<string, number>> {
  const model = await loadContentModel(BENCH_SCHEMA);
  const seed = await loadSeedFile(dataset);
  const store = new CountingStore(new EmbeddedStore());
  await importSeed(model, seed, store);
  const settings = settingsFromSeed(seed);
  const gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings });
  // The entry estimate's measurement is read at start-up, not per request.
  await gateway.loadMeasurement();
  const counts = new Map<string, number>();
  for (const scenario of scenarios) {
    const { method, path, headers, body } = scenario.request;
    store.reset();
    const response = await gateway.fetch(new Request(`http://bench.local${path}`, { method, headers, body }));
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${scenario.label}: the gateway answered ${response.status} in process: ${text.slice(0, 300)}`);
    counts.set(scenario.id, store.calls.length);
  }
  await store.close();
  return counts;
}

/**
 * The same count in a child process started with `nodeFlags` (a large dataset's import may need
 * a bigger heap or stack than the benchmark's own process has).
 * @throws Error with the child's message when it fails.
 */
export async function countStoreQueriesInChild(dataset: string, scenarios: readonly Scenario[], nodeFlags: readonly string[]): Promise<Map<string, number>> {
  const script = new URL('./count-queries-main.ts', import.meta.url).pathname;
  const args = [...nodeFlags, '--import', 'tsx', script, dataset, ...scenarios.map((s) => s.id)];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 20 });
    return new Map(Object.entries(JSON.parse(stdout) as Record<string, number>));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`counting store queries on ${dataset} failed: ${stderr || (error as Error).message}`);
  }
}
