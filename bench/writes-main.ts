// `npm run bench:writes`: acknowledged writes per second at 16 connections, the gateway (a child
// process on the conformance fixture, with the durable store in a fresh folder when it has one)
// and, with --strapi, a Strapi reference seeded from the same file; each run checked afterwards
// against what the target serves. Prints a table and writes bench/writes-results.json.
import { rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { startGatewayProcess } from './processes/gateway-process.ts';
import { describeMachine } from './report/machine.ts';
import { parseWritesArgs, type WritesOptions } from './writes/args.ts';
import { dataFolderFor, describeGatewayStore, gatewayHelp } from './writes/gateway-store.ts';
import { measureWrites, warmUpWrites, type WriteLoadSettings } from './writes/load.ts';
import type { WriteRow, WritesResults } from './writes/results.ts';
import { WRITE_SCENARIOS } from './writes/scenarios.ts';
import { WRITES_SCHEMA, WRITES_TOKEN, WRITES_TOKEN_SALT, writeWritesSeed } from './writes/seed.ts';
import { renderWritesReport } from './writes/table.ts';
import { beforeRun, verifyWrites } from './writes/verify.ts';

const RESULTS_FILE = 'bench/writes-results.json';
const log = (line: string) => console.error(line);

/** Every scenario against one target, one after the other. */
async function measureTarget(target: WriteRow['target'], url: string, settings: WriteLoadSettings): Promise<WriteRow[]> {
  const rows: WriteRow[] = [];
  for (const scenario of WRITE_SCENARIOS) {
    const runName = `bench-${target}-${scenario.id}-${Date.now().toString(36)}`;
    await warmUpWrites(url, scenario, WRITES_TOKEN, runName, settings);
    const before = await beforeRun(url, WRITES_TOKEN, scenario);
    const measure = await measureWrites(url, scenario, WRITES_TOKEN, runName, settings);
    const verification = await verifyWrites(url, WRITES_TOKEN, scenario, runName, measure.acknowledged, before);
    if (!verification.ok) log(`!!! ${target} ${scenario.label}: ${verification.detail}`);
    log(`${target} ${scenario.label}: ${measure.writesPerSec.toFixed(1)} writes/s (load average ${loadavg()[0].toFixed(1)})`);
    rows.push({ target, scenario: scenario.label, request: `${scenario.method} ${scenario.path}`, ...measure, verification });
  }
  return rows;
}

async function measureGateway(options: WritesOptions, seed: string, settings: WriteLoadSettings): Promise<{ store: string; rows: WriteRow[] }> {
  const dataFolder = await dataFolderFor(await gatewayHelp());
  const gateway = await startGatewayProcess({
    dataset: seed,
    port: options.port,
    responseCache: 'on',
    schema: WRITES_SCHEMA,
    dataDir: dataFolder,
    env: { API_TOKEN_SALT: WRITES_TOKEN_SALT },
    onUnexpectedExit: log,
  });
  log(`gateway ready on ${gateway.url} in ${(gateway.readyMs / 1000).toFixed(1)} s`);
  try {
    return { store: describeGatewayStore(dataFolder), rows: await measureTarget('gateway', gateway.url, settings) };
  } finally {
    await gateway.stop();
    if (dataFolder !== undefined) await rm(dataFolder, { recursive: true, force: true });
  }
}

async function main(options: WritesOptions): Promise<void> {
  const seed = await writeWritesSeed();
  if (options.seedOnly) {
    console.log(seed);
    return;
  }
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  const settings: WriteLoadSettings = { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS };
  // One target at a time: the gateway is stopped before Strapi is measured.
  const gateway = await measureGateway(options, seed, settings);
  const strapi = options.strapiUrl ? await measureTarget('strapi', options.strapiUrl, settings) : [];
  const results: WritesResults = {
    date: new Date().toISOString(),
    machine: describeMachine(),
    settings,
    gatewayStore: gateway.store,
    strapiUrl: options.strapiUrl,
    rows: [...gateway.rows, ...strapi],
    durationS: (performance.now() - started) / 1000,
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${renderWritesReport(results)}\n`);
  console.log(`Wrote ${RESULTS_FILE}; the run took ${results.durationS.toFixed(0)} s.`);
  if (results.rows.some((row) => !row.verification.ok)) process.exitCode = 2;
}

try {
  await main(parseWritesArgs(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
