// `npm run bench`: writes the dataset, counts store queries per request in process, measures the
// six scenarios (limit, gateway with the response cache off and on, Strapi with --strapi), and
// with --size the large collection; prints the tables and writes bench/results.json.
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseBenchArgs, type BenchOptions } from './args.ts';
import type { LoadSettings } from './load.ts';
import { datasetSize } from './dataset/size.ts';
import { defaultDatasetPath, writeDataset } from './dataset/write.ts';
import { describeMachine, readsResponseCache } from './report/machine.ts';
import { renderRecord, replaceRecordedSection } from './report/record.ts';
import type { BenchResults, SizeRun } from './report/results.ts';
import { renderReport } from './report/table.ts';
import { runScenarios, type ScenarioRun } from './run-scenarios.ts';
import { runSize } from './run-size.ts';
import { SCENARIOS, SIZE_SCENARIOS } from './scenarios.ts';
import { countStoreQueries } from './store-queries.ts';

const RESULTS_FILE = 'bench/results.json';
const log = (line: string) => console.error(line);

async function dataset(articles: number): Promise<string> {
  const written = await writeDataset(defaultDatasetPath(articles), datasetSize({ articles }));
  log(`dataset ${written.path}: ${(written.bytes / 1e6).toFixed(1)} MB written in ${(written.ms / 1000).toFixed(1)} s`);
  return written.path;
}

async function sizeRuns(options: BenchOptions, load: LoadSettings, main: ScenarioRun): Promise<{ runs: SizeRun[]; notes: string[] }> {
  const atDefault: SizeRun = {
    articles: options.articles,
    ...main.start,
    scenarios: main.scenarios.filter((s) => SIZE_SCENARIOS.some((t) => t.id === s.id)).map(({ id, label, storeQueries, limit, off }) => ({ id, label, storeQueries, limit, off })),
  };
  const path = await dataset(options.largeArticles);
  try {
    return { runs: [atDefault, await runSize({ dataset: path, articles: options.largeArticles, port: options.port, nodeFlags: options.largeNodeFlags, load, log })], notes: [] };
  } catch (error) {
    // The main table stands on its own; a gateway that cannot hold the large dataset is a result too.
    const flags = options.largeNodeFlags.length ? ` (node ${options.largeNodeFlags.join(' ')})` : '';
    const note = `${options.largeArticles.toLocaleString('en-US')} articles${flags}: ${(error as Error).message.split('\n').slice(0, 3).join(' ').replace(/\s+/g, ' ').slice(0, 400)}`;
    log(note);
    return { runs: [atDefault], notes: [note] };
  }
}

async function main(options: BenchOptions): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  const load: LoadSettings = { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS };
  const path = await dataset(options.articles);
  const storeQueries = await countStoreQueries(path, SCENARIOS);
  log(`store queries per request: ${[...storeQueries].map(([id, n]) => `${id} ${n}`).join(', ')}`);
  const run = await runScenarios({ dataset: path, port: options.port, load, storeQueries, strapiUrl: options.strapiUrl, log });
  const size = options.size ? await sizeRuns(options, load, run) : undefined;
  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: describeMachine(),
    settings: { ...load, articles: options.articles },
    responseCache: (await readsResponseCache(['gateway', 'src'])) ? 'present' : 'absent',
    strapiUrl: options.strapiUrl,
    scenarios: run.scenarios,
    size: size?.runs,
    notes: [...run.notes, ...(size?.notes ?? [])],
    durationS: (performance.now() - started) / 1000,
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${renderReport(results)}\n`);
  console.log(`Wrote ${RESULTS_FILE}; the run took ${results.durationS.toFixed(0)} s.`);
  if (options.record) {
    const command = ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');
    await writeFile('BENCHMARKS.md', replaceRecordedSection(await readFile('BENCHMARKS.md', 'utf8'), renderRecord(results, command)));
    console.log('Recorded the run in BENCHMARKS.md.');
  }
}

try {
  await main(parseBenchArgs(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
