// One side of `bench/ab-main.ts`: the gateway of the checkout in argv[2], in process, cache off, on
// the benchmark's 2,000-article dataset; prints the CPU microseconds each scenario's request took,
// per round, as JSON. It imports that checkout's own modules, so two versions can be compared.
// `varied`: issue 34's scenarios, each request of a scenario different from every other sent
// (its list drawn with the seed both sides use), warm-up included.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const [root, roundsText = '3', requestsText = '40', dataset, mode = 'repeated'] = process.argv.slice(2);
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

interface BenchRequest { method: string; path: string; headers: Record<string, string>; body?: string }
interface Scenario { id: string; label: string; next(): BenchRequest }

const WARM_UP = 30;

/** The scenarios, each handing out its next request: the same one, or (varied) a different one each time. */
async function scenarios(): Promise<Scenario[]> {
  if (mode !== 'varied') {
    const { SCENARIOS } = await from('bench/scenarios.ts');
    return (SCENARIOS as Array<{ id: string; label: string; request: BenchRequest }>).map(({ id, label, request }) => ({ id, label, next: () => request }));
  }
  const { REST_SCENARIOS } = await from('bench/varied/rest-scenarios.ts');
  const { GRAPHQL_SCENARIOS } = await from('bench/varied/graphql-scenarios.ts');
  const { datasetFacts } = await from('bench/varied/dataset-facts.ts');
  const { variedSize } = await from('bench/varied/varied-dataset.ts');
  const { requestList } = await from('bench/varied/request-list.ts');
  const facts = datasetFacts(variedSize(2000));
  const count = WARM_UP + rounds * requests;
  return [...REST_SCENARIOS, ...GRAPHQL_SCENARIOS].map((scenario: { id: string; label: string }) => {
    const list: BenchRequest[] = requestList(scenario, facts, 34, count, Math.min(count, 100));
    let at = 0;
    return { id: scenario.id, label: `${scenario.label} (varied)`, next: () => list[at++ % list.length] };
  });
}
const SCENARIOS = await scenarios();

const model = await loadContentModel(join(root, 'test/fixtures/blog'));
const seed = await loadSeedFile(dataset);
const store = new EmbeddedStore();
// The varied dataset's tokens are given in plain, kept as the salt makes them (bench/dataset/variety.ts).
const apiTokenSalt = mode === 'varied' ? (await from('bench/dataset/variety.ts')).BENCH_TOKEN_SALT : undefined;
await importSeed(model, seed, store, { apiTokenSalt });
const settings = settingsFromSeed(seed);
const gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings, secrets: { apiTokenSalt } });

async function once({ id, next }: Scenario): Promise<void> {
  const request = next();
  const response = await gateway.fetch(new Request(`http://gateway.test${request.path}`, { method: request.method, headers: request.headers, body: request.body }));
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${id}: ${response.status} ${text.slice(0, 200)}`);
}

// Warm-up: plans made, documents compiled (graphql-jit compiles a document used three times).
for (const scenario of SCENARIOS) for (let i = 0; i < WARM_UP; i++) await once(scenario);
const cpu: Record<string, number[]> = {};
for (let round = 0; round < rounds; round++) {
  for (const scenario of SCENARIOS) {
    const start = process.cpuUsage();
    for (let i = 0; i < requests; i++) await once(scenario);
    const used = process.cpuUsage(start);
    (cpu[scenario.label] ??= []).push((used.user + used.system) / requests);
  }
}
console.log(JSON.stringify(cpu));
