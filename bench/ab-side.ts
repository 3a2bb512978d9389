// One side of `bench/ab-main.ts`: the gateway of the checkout in argv[2], in process, cache off, on
// the benchmark's 2,000-article dataset; prints the CPU microseconds each scenario's request took,
// per round, as JSON. It imports that checkout's own modules, so two versions can be compared.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const [root, roundsText = '3', requestsText = '40', dataset] = process.argv.slice(2);
const rounds = Number(roundsText);
const requests = Number(requestsText);
const from = (path: string) => import(join(root, path));

const { createGateway } = await from('gateway/app.ts');
const { buildGraphQLSchema } = await from('src/graphql/build-schema.ts');
const { loadContentModel } = await from('src/model/load.ts');
const { importSeed } = await from('src/seed/import-seed.ts');
const { loadSeedFile } = await from('src/seed/load-seed.ts');
const { EmbeddedStore } = await from('src/store/embedded-store.ts');
// Where a seed's access settings are made: src/auth/access.ts before issue 19, src/auth/settings.ts
// until issue 30, src/seed/seed-settings.ts since.
const SETTINGS_MODULES = ['src/seed/seed-settings.ts', 'src/auth/settings.ts', 'src/auth/access.ts'];
const { settingsFromSeed } = await from(SETTINGS_MODULES.find((path) => existsSync(join(root, path)))!);
const { SCENARIOS } = await from('bench/scenarios.ts');

interface Scenario { id: string; label: string; request: { method: string; path: string; headers: Record<string, string>; body?: string } }

const model = await loadContentModel(join(root, 'test/fixtures/blog'));
const seed = await loadSeedFile(dataset);
const store = new EmbeddedStore();
await importSeed(model, seed, store);
const settings = settingsFromSeed(seed);
const gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings });

async function once({ id, request }: Scenario): Promise<void> {
  const response = await gateway.fetch(new Request(`http://gateway.test${request.path}`, { method: request.method, headers: request.headers, body: request.body }));
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${id}: ${response.status} ${text.slice(0, 200)}`);
}

// Warm-up: plans made, documents compiled (graphql-jit compiles a document used three times).
for (const scenario of SCENARIOS as Scenario[]) for (let i = 0; i < 30; i++) await once(scenario);
const cpu: Record<string, number[]> = {};
for (let round = 0; round < rounds; round++) {
  for (const scenario of SCENARIOS as Scenario[]) {
    const start = process.cpuUsage();
    for (let i = 0; i < requests; i++) await once(scenario);
    const used = process.cpuUsage(start);
    (cpu[scenario.label] ??= []).push((used.user + used.system) / requests);
  }
}
console.log(JSON.stringify(cpu));
