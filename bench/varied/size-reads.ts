// Two collection sizes of the varied dataset -> every varied read scenario on both (cache off,
// durable store, each size's own requests from the same seed), in rounds alternating between the
// sizes so both see the machine of the same minutes; a size's figure is its median round. With
// the large gateway's import time, restart time and peak resident memory under the load.
import { rmSync } from 'node:fs';
import { measureLoad, type LoadMeasure, type LoadSettings } from '../load.ts';
import { startDataFolderGateway, type DataFolderGateway } from '../processes/data-folder-gateway.ts';
import { RequestCursor } from '../request-cursor.ts';
import { BENCH_TOKEN_SALT } from '../dataset/variety.ts';
import { datasetFacts, type DatasetFacts } from './dataset-facts.ts';
import { requestList } from './request-list.ts';
import type { LargeResult, SizeRow } from './results.ts';
import type { VariedScenario } from './rest-scenarios.ts';
import { variedSize, writeVariedDataset } from './varied-dataset.ts';

export interface SizeReadOptions {
  smallArticles: number;
  largeArticles: number;
  /** The small size's gateway on `port`, the large one's on `port + 1`. */
  port: number;
  importNodeFlags: string[];
  scenarios: readonly VariedScenario[];
  seed: number;
  listSize: number;
  rounds: number;
  load: LoadSettings;
  log(line: string): void;
}

interface Size {
  articles: number;
  facts: DatasetFacts;
  running: DataFolderGateway;
}

async function startSize(articles: number, port: number, importNodeFlags: string[], log: (line: string) => void): Promise<Size> {
  const written = await writeVariedDataset(articles);
  const running = await startDataFolderGateway({ dataset: written.path, port, importNodeFlags, env: { API_TOKEN_SALT: BENCH_TOKEN_SALT } });
  log(`${articles} articles: imported in ${(running.importMs / 1000).toFixed(1)} s, restarted in ${(running.restartMs / 1000).toFixed(1)} s`);
  return { articles, facts: datasetFacts(variedSize(articles)), running };
}

const median = (measures: readonly LoadMeasure[]) => [...measures].sort((a, b) => a.requestsPerSec - b.requestsPerSec)[Math.floor(measures.length / 2)];

async function measureScenario(scenario: VariedScenario, sizes: readonly Size[], options: SizeReadOptions): Promise<SizeRow> {
  const cursors = sizes.map((size) => new RequestCursor(requestList(scenario, size.facts, options.seed, options.listSize)));
  const rounds: LoadMeasure[][] = sizes.map(() => []);
  const once = { ...options.load, warmupS: 0 };
  for (const [i, size] of sizes.entries()) await measureLoad(size.running.gateway.url, cursors[i], { ...once, durationS: options.load.warmupS || 1 });
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) rounds[i].push(await measureLoad(sizes[i].running.gateway.url, cursors[i], once));
  }
  options.log(`  ${scenario.label}: ${sizes.map((size, i) => `${size.articles} articles ${rounds[i].map((m) => m.requestsPerSec.toFixed(0)).join(', ')} req/s`).join('; ')}`);
  return { id: scenario.id, label: scenario.label, small: median(rounds[0]), large: median(rounds[1]) };
}

export async function runSizeReads(options: SizeReadOptions): Promise<LargeResult> {
  const small = await startSize(options.smallArticles, options.port, [], options.log);
  let large: Size | undefined;
  try {
    large = await startSize(options.largeArticles, options.port + 1, options.importNodeFlags, options.log);
    const rows: SizeRow[] = [];
    for (const scenario of options.scenarios) rows.push(await measureScenario(scenario, [small, large], options));
    const memory = await large.running.gateway.memory();
    return {
      articles: options.largeArticles, smallArticles: options.smallArticles, rounds: options.rounds, rows,
      importMs: large.running.importMs, restartMs: large.running.restartMs, peakRssMb: memory?.peakRssMb ?? Number.NaN,
    };
  } finally {
    for (const size of [small, large]) {
      if (!size) continue;
      await size.running.gateway.stop();
      rmSync(size.running.dataDir, { recursive: true, force: true });
    }
  }
}
