// `--size`: the default list and populate=* on a gateway holding a large dataset (cache off), with
// its start-up time and memory, to set beside the same scenarios at the default size. The store
// queries are counted afterwards, in a child process, once the gateway has stopped.
import type { LoadSettings } from './load.ts';
import { measureLimit, measureTarget } from './measure-scenario.ts';
import { startGatewayProcess } from './processes/gateway-process.ts';
import { startLimitProcess } from './processes/limit-process.ts';
import type { SizeRun } from './report/results.ts';
import { SIZE_SCENARIOS } from './scenarios.ts';
import { countStoreQueriesInChild } from './store-queries.ts';

export interface SizeRunOptions {
  dataset: string;
  articles: number;
  /** Limit server on `port`, the gateway on `port + 3`. */
  port: number;
  nodeFlags: readonly string[];
  load: LoadSettings;
  log(line: string): void;
}

export async function runSize(options: SizeRunOptions): Promise<SizeRun> {
  const { load, log } = options;
  const limit = await startLimitProcess(options.port);
  let run: SizeRun;
  try {
    const gateway = await startGatewayProcess({
      dataset: options.dataset, port: options.port + 3, responseCache: 'off', nodeFlags: options.nodeFlags, timeoutMs: 30 * 60_000, onUnexpectedExit: log,
    });
    try {
      const memory = await gateway.memory();
      log(`gateway with ${options.articles} articles ready in ${(gateway.readyMs / 1000).toFixed(1)} s${memory ? `, ${Math.round(memory.rssMb)} MB resident (peak ${Math.round(memory.peakRssMb)} MB)` : ''}`);
      const scenarios: SizeRun['scenarios'] = [];
      for (const scenario of SIZE_SCENARIOS) {
        scenarios.push({
          id: scenario.id,
          label: scenario.label,
          storeQueries: null,
          limit: await measureLimit(limit, gateway.url, scenario, load, log),
          off: await measureTarget(gateway.url, scenario, load, log, `gateway, ${options.articles} articles`),
        });
      }
      run = { articles: options.articles, readyMs: gateway.readyMs, memory, nodeFlags: [...options.nodeFlags], scenarios };
    } finally {
      await gateway.stop();
    }
  } finally {
    await limit.stop();
  }
  const counts = await countStoreQueriesInChild(options.dataset, SIZE_SCENARIOS, options.nodeFlags);
  for (const scenario of run.scenarios) scenario.storeQueries = counts.get(scenario.id) ?? null;
  return run;
}
