// `npm run bench:varied`: issue 34's benchmark in one run on the varied dataset: every read
// scenario (REST and four GraphQL documents) with one request repeated and with every request
// different, against the limit, the gateway with its response cache off and on, and Strapi with
// --strapi; the mixed load (reads alone, then 90/10); the writes beside Strapi; with --large the
// varied reads at 200,000 articles. Prints the tables and targets, writes varied-results.json to the temp folder.
import { writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_TOKEN_SALT, BENCH_WRITE_TOKEN } from './dataset/variety.ts';
import type { LoadSettings } from './load.ts';
import { startGatewayProcess } from './processes/gateway-process.ts';
import { startLimitProcess } from './processes/limit-process.ts';
import { describeMachine } from './report/machine.ts';
import { parseVariedArgs, type VariedOptions } from './varied/args.ts';
import { datasetFacts, type DatasetFacts } from './varied/dataset-facts.ts';
import { GRAPHQL_SCENARIOS } from './varied/graphql-scenarios.ts';
import { runMixedLoad } from './varied/mixed-load.ts';
import { REST_SCENARIOS, type VariedScenario } from './varied/rest-scenarios.ts';
import type { MixedResult, ReadResult, VariedResults } from './varied/results.ts';
import { runReadScenario } from './varied/run-reads.ts';
import { runSizeReads } from './varied/size-reads.ts';
import { renderVariedReport } from './varied/table.ts';
import { checkTargets } from './varied/targets.ts';
import { variedSize, writeVariedDataset } from './varied/varied-dataset.ts';
import { runWrites } from './writes/run-writes.ts';

// Beside the datasets, outside the repository.
const RESULTS_FILE = path.join(tmpdir(), 'gateway-bench', 'varied-results.json');
const log = (line: string) => console.error(line);

function chosenScenarios(options: VariedOptions): VariedScenario[] {
  const all = [...REST_SCENARIOS, ...GRAPHQL_SCENARIOS];
  const unknown = options.scenarios.filter((id) => !all.some((s) => s.id === id));
  if (unknown.length) throw new RangeError(`--scenarios: no scenario ${unknown.join(', ')}; known: ${all.map((s) => s.id).join(', ')}`);
  return options.scenarios.length ? all.filter((s) => options.scenarios.includes(s.id)) : all;
}

/** Reads on the limit and both gateways, then the mixed load on the gateway with the cache on. */
async function readsAndMixed(options: VariedOptions, dataset: string, facts: DatasetFacts, notes: string[]): Promise<{ reads: ReadResult[]; mixed?: MixedResult }> {
  const env = { API_TOKEN_SALT: BENCH_TOKEN_SALT };
  const [limit, off, on] = await Promise.all([
    startLimitProcess(options.port),
    startGatewayProcess({ dataset, port: options.port + 1, responseCache: 'off', env, onUnexpectedExit: log }),
    startGatewayProcess({ dataset, port: options.port + 2, responseCache: 'on', env, onUnexpectedExit: log }),
  ]);
  const load: LoadSettings = { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS };
  try {
    const reads: ReadResult[] = [];
    if (options.reads) {
      for (const scenario of chosenScenarios(options)) {
        reads.push(await runReadScenario(scenario, { limit, off: off.url, on: on.url, strapi: options.strapiUrl }, { facts, seed: options.seed, listSize: options.listSize, load, log }, notes));
      }
    }
    if (!options.mixed) return { reads };
    const mixed = await runMixedLoad({
      url: on.url, facts, seed: options.seed, pool: 2000, zipf: 1, run: `mixed-${Date.now().toString(36)}`, token: BENCH_WRITE_TOKEN,
      connections: options.connections, durationS: 2 * options.durationS, warmupS: 10, log,
    });
    return { reads, mixed };
  } finally {
    await Promise.all([limit.stop(), off.stop(), on.stop()]);
  }
}

async function main(options: VariedOptions): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  const written = await writeVariedDataset(options.articles);
  log(`dataset ${written.path}: ${(written.bytes / 1e6).toFixed(1)} MB; load average ${loadAtStart.toFixed(1)}`);
  const facts = datasetFacts(variedSize(options.articles));
  const notes: string[] = [];
  const { reads, mixed } = options.reads || options.mixed ? await readsAndMixed(options, written.path, facts, notes) : { reads: [] };
  const writes = options.writes
    ? await runWrites({ strapiUrl: options.strapiUrl, connections: 16, durationS: 10, warmupS: 2, port: options.port + 3, seedOnly: false, articles: options.articles }, written.path, log)
    : undefined;
  const large = options.largeArticles
    ? await runSizeReads({
      smallArticles: options.articles, largeArticles: options.largeArticles, port: options.port + 4, importNodeFlags: options.largeNodeFlags, scenarios: chosenScenarios(options),
      seed: options.seed, listSize: options.listSize, rounds: options.rounds, load: { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS }, log,
    })
    : undefined;
  const results: VariedResults = {
    date: new Date().toISOString(), machine: describeMachine(),
    settings: { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS, articles: options.articles, seed: options.seed, listSize: options.listSize },
    strapiUrl: options.strapiUrl, reads, mixed, writes, large, notes, durationS: (performance.now() - started) / 1000, loadAverage: { start: loadAtStart, end: loadavg()[0] },
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${renderVariedReport(results, checkTargets(results))}\n`);
  console.log(`Wrote ${RESULTS_FILE}.`);
}

try {
  await main(parseVariedArgs(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exitCode = 1;
}
