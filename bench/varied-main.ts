// `npm run bench:varied`: issue 34's benchmark in one run on the varied dataset: every read
// scenario (REST and four GraphQL documents) with one request repeated and with every request
// different, against the limit, the gateway with its response cache off and on, and Strapi with
// --strapi; the mixed load (reads alone, then 90/10); the writes beside Strapi; with --large the
// varied reads at 200,000 articles. Prints the tables and targets, writes varied-results.json to the temp folder.
import { readFile, writeFile } from 'node:fs/promises';
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
/**
 * Different reads of the mixed load: their answers (about 130 kB on average, the scenarios' mean)
 * fit in the response cache's default 128 MiB, so reads alone are answered from it once warm and
 * what the writes change is what the hit rate loses.
 */
const MIXED_POOL = 600;

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
        const read = await attempt(scenario.label, notes, () => runReadScenario(scenario, { limit, off: off.url, on: on.url, strapi: options.strapiUrl }, { facts, seed: options.seed, listSize: options.listSize, load, log }, notes));
        if (read) reads.push(read);
      }
    }
    if (!options.mixed) return { reads };
    const mixed = await attempt('mixed', notes, () => runMixedLoad({
      url: on.url, facts, seed: options.seed, pool: MIXED_POOL, zipf: 1, run: `mixed-${Date.now().toString(36)}`, token: BENCH_WRITE_TOKEN,
      connections: options.connections, durationS: 2 * options.durationS, warmupS: 5, log,
    }));
    return { reads, mixed };
  } finally {
    await Promise.all([limit.stop(), off.stop(), on.stop()]);
  }
}

/** `run()`, or undefined with a note when it fails: one part failing leaves the others' results. */
async function attempt<T>(part: string, notes: string[], run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    const message = `${part} failed: ${error instanceof Error ? error.message : String(error)}`.split('\n')[0].slice(0, 400);
    log(message);
    notes.push(message);
    return undefined;
  }
}

function writesOf(options: VariedOptions, dataset: string) {
  return runWrites({ strapiUrl: options.strapiUrl, connections: 16, durationS: 10, warmupS: 2, port: options.port + 3, seedOnly: false, articles: options.articles, afterReadsS: 3 }, dataset, log);
}

function sizesOf(options: VariedOptions) {
  return runSizeReads({
    smallArticles: options.articles, largeArticles: options.largeArticles, port: options.port + 4, importNodeFlags: options.largeNodeFlags, scenarios: chosenScenarios(options),
    seed: options.seed, listSize: options.listSize, rounds: options.rounds, load: { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS }, log,
  });
}

async function main(options: VariedOptions): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  const written = await writeVariedDataset(options.articles);
  log(`dataset ${written.path}: ${(written.bytes / 1e6).toFixed(1)} MB; load average ${loadAtStart.toFixed(1)}`);
  const facts = datasetFacts(variedSize(options.articles));
  const results: VariedResults = {
    date: new Date().toISOString(), machine: describeMachine(),
    settings: { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS, articles: options.articles, seed: options.seed, listSize: options.listSize },
    strapiUrl: options.strapiUrl, reads: [], notes: [], durationS: 0, loadAverage: { start: loadAtStart, end: loadAtStart },
  };
  // Written after each part, so a part that fails later leaves what was measured.
  const save = async () => writeFile(RESULTS_FILE, `${JSON.stringify({ ...results, durationS: (performance.now() - started) / 1000, loadAverage: { start: loadAtStart, end: loadavg()[0] } }, null, 2)}\n`);
  if (options.reads || options.mixed) Object.assign(results, await readsAndMixed(options, written.path, facts, results.notes));
  await save();
  if (options.writes) results.writes = await attempt('writes', results.notes, () => writesOf(options, written.path));
  await save();
  if (options.largeArticles) results.large = await attempt(`${options.largeArticles} articles`, results.notes, () => sizesOf(options));
  await save();
  const final = JSON.parse(await readFile(RESULTS_FILE, 'utf8')) as VariedResults;
  console.log(`\n${renderVariedReport(final, checkTargets(final))}\n`);
  console.log(`Wrote ${RESULTS_FILE}.`);
}

try {
  await main(parseVariedArgs(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.stack ?? error.message : error);
  process.exitCode = 1;
}
