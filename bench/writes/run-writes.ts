// The write runs of one invocation (issue 34's scenarios): the gateway as a child process on the
// varied dataset (durable store in a fresh folder, response cache on, as `npm start`), then Strapi
// when given; one target at a time, the gateway stopped before Strapi is measured.
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { startGatewayProcess } from '../processes/gateway-process.ts';
import { describeMachine } from '../report/machine.ts';
import { datasetFacts } from '../varied/dataset-facts.ts';
import { variedSize } from '../varied/varied-dataset.ts';
import type { WritesOptions } from './args.ts';
import { dataFolderFor, describeGatewayStore, gatewayHelp } from './gateway-store.ts';
import type { WriteLoadSettings } from './load.ts';
import type { WriteRow, WritesResults } from './results.ts';
import { measureWriteTarget } from './run-target.ts';
import { WRITES_SCHEMA, WRITES_TOKEN, WRITES_TOKEN_SALT } from './seed.ts';

/** The requests' seed: the same values are written on every target and run. */
const SEED = 34;

async function measureGateway(options: WritesOptions, seed: string, settings: WriteLoadSettings, log: (line: string) => void): Promise<{ store: string; rows: WriteRow[] }> {
  const dataFolder = await dataFolderFor(await gatewayHelp());
  const gateway = await startGatewayProcess({
    dataset: seed, port: options.port, responseCache: 'on', schema: WRITES_SCHEMA, dataDir: dataFolder,
    env: { API_TOKEN_SALT: WRITES_TOKEN_SALT }, onUnexpectedExit: log,
  });
  log(`gateway ready on ${gateway.url} in ${(gateway.readyMs / 1000).toFixed(1)} s`);
  try {
    const facts = datasetFacts(variedSize(options.articles));
    return { store: describeGatewayStore(dataFolder), rows: await measureWriteTarget({ target: 'gateway', url: gateway.url, token: WRITES_TOKEN, facts, settings, seed: SEED, log }) };
  } finally {
    await gateway.stop();
    if (dataFolder !== undefined) await rm(dataFolder, { recursive: true, force: true });
  }
}

/** The gateway's write runs, then Strapi's when given. */
export async function runWrites(options: WritesOptions, seed: string, log: (line: string) => void): Promise<WritesResults> {
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  const settings: WriteLoadSettings = { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS };
  const gateway = await measureGateway(options, seed, settings, log);
  const facts = datasetFacts(variedSize(options.articles));
  const strapi = options.strapiUrl ? await measureWriteTarget({ target: 'strapi', url: options.strapiUrl, token: WRITES_TOKEN, facts, settings, seed: SEED, log }) : [];
  return {
    date: new Date().toISOString(), machine: describeMachine(), settings, gatewayStore: gateway.store, strapiUrl: options.strapiUrl,
    rows: [...gateway.rows, ...strapi], durationS: (performance.now() - started) / 1000, loadAverage: { start: loadAtStart, end: loadavg()[0] },
  };
}
