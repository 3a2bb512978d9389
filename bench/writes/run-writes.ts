// The write runs of one invocation (issue 34's scenarios): the gateway as a child process on the
// varied dataset (durable store in a fresh folder, response cache on, as `npm start`); with
// --after-reads, a second one that first serves the varied reads (the indexes they make it learn
// cost every write); then Strapi when given. One target at a time, each gateway stopped before the
// next is measured.
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../src/store/sqlite/data-folder.ts';
import { measureLoad } from '../load.ts';
import { startGatewayProcess } from '../processes/gateway-process.ts';
import { RequestCursor } from '../request-cursor.ts';
import { describeMachine } from '../report/machine.ts';
import { datasetFacts, type DatasetFacts } from '../varied/dataset-facts.ts';
import { GRAPHQL_SCENARIOS } from '../varied/graphql-scenarios.ts';
import { requestList } from '../varied/request-list.ts';
import { REST_SCENARIOS } from '../varied/rest-scenarios.ts';
import { variedSize } from '../varied/varied-dataset.ts';
import type { WritesOptions } from './args.ts';
import { dataFolderFor, describeGatewayStore, gatewayHelp } from './gateway-store.ts';
import type { WriteLoadSettings } from './load.ts';
import type { AfterReads, WriteRow, WritesResults } from './results.ts';
import { measureWriteTarget } from './run-target.ts';
import { WRITES_SCHEMA, WRITES_TOKEN, WRITES_TOKEN_SALT } from './seed.ts';

/** The requests' seed: the same values are written on every target and run. */
const SEED = 34;

interface GatewayRun {
  store: string;
  rows: WriteRow[];
  afterReads?: AfterReads;
}

/** A gateway in a fresh data folder: its writes, after `afterReadsS` of each varied read scenario when above 0. */
async function measureGateway(options: WritesOptions, seed: string, settings: WriteLoadSettings, log: (line: string) => void, afterReadsS = 0): Promise<GatewayRun> {
  const dataFolder = await dataFolderFor(await gatewayHelp());
  const gateway = await startGatewayProcess({
    dataset: seed, port: options.port, responseCache: 'on', schema: WRITES_SCHEMA, dataDir: dataFolder,
    env: { API_TOKEN_SALT: WRITES_TOKEN_SALT }, onUnexpectedExit: log,
  });
  log(`gateway ready on ${gateway.url} in ${(gateway.readyMs / 1000).toFixed(1)} s`);
  try {
    const facts = datasetFacts(variedSize(options.articles));
    const afterReads = afterReadsS > 0 ? await serveReads(gateway.url, facts, afterReadsS, dataFolder, log) : undefined;
    const target = afterReads ? 'gateway-after-reads' : 'gateway';
    return { store: describeGatewayStore(dataFolder), afterReads, rows: await measureWriteTarget({ target, url: gateway.url, token: WRITES_TOKEN, facts, settings, seed: SEED, log }) };
  } finally {
    await gateway.stop();
    if (dataFolder !== undefined) await rm(dataFolder, { recursive: true, force: true });
  }
}

/** Each varied read scenario for `seconds` at 8 connections; then the indexes the articles learned, read from the data folder. */
async function serveReads(url: string, facts: DatasetFacts, seconds: number, dataFolder: string | undefined, log: (line: string) => void): Promise<AfterReads> {
  const scenarios = [...REST_SCENARIOS, ...GRAPHQL_SCENARIOS];
  for (const scenario of scenarios) {
    const measured = await measureLoad(url, new RequestCursor(requestList(scenario, facts, SEED, 20_000)), { connections: 8, durationS: seconds, warmupS: 0 });
    log(`gateway, before its writes: ${scenario.label} ${measured.requestsPerSec.toFixed(0)} reads/s`);
  }
  const [kinds, indexes] = dataFolder === undefined ? [0, 0] : learnedIndexes(path.join(dataFolder, DATABASE_FILE));
  return { secondsEach: seconds, scenarios: scenarios.length, kinds, indexes };
}

/** Index kinds the articles learned (`_ranks`) and the indexes on their key table, from a running gateway's file (read only). */
function learnedIndexes(file: string): [kinds: number, indexes: number] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const kinds = db.prepare("SELECT count(*) FROM _ranks WHERE collection = 'articles'").pluck().get() as number;
    const indexes = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'k:articles'").pluck().get() as number;
    return [kinds, indexes];
  } finally {
    db.close();
  }
}

/** The gateway's write runs, then Strapi's when given. */
export async function runWrites(options: WritesOptions, seed: string, log: (line: string) => void): Promise<WritesResults> {
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  const settings: WriteLoadSettings = { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS };
  const gateway = await measureGateway(options, seed, settings, log);
  const used = options.afterReadsS > 0 ? await measureGateway(options, seed, settings, log, options.afterReadsS) : undefined;
  const facts = datasetFacts(variedSize(options.articles));
  const strapi = options.strapiUrl ? await measureWriteTarget({ target: 'strapi', url: options.strapiUrl, token: WRITES_TOKEN, facts, settings, seed: SEED, log }) : [];
  return {
    date: new Date().toISOString(), machine: describeMachine(), settings, gatewayStore: gateway.store, strapiUrl: options.strapiUrl,
    afterReads: used?.afterReads, rows: [...gateway.rows, ...(used?.rows ?? []), ...strapi], durationS: (performance.now() - started) / 1000, loadAverage: { start: loadAtStart, end: loadavg()[0] },
  };
}
