// The main run: the six scenarios against the limit server, the gateway with its response cache
// off and on (two child processes on the same dataset), and Strapi when given.
import type { LoadSettings } from './load.ts';
import { fetchAnswer, measureLimit, measureTarget } from './measure-scenario.ts';
import { startGatewayProcess } from './processes/gateway-process.ts';
import { startLimitProcess } from './processes/limit-process.ts';
import type { ScenarioResult, SizeRun } from './report/results.ts';
import { SCENARIOS } from './scenarios.ts';

export interface ScenarioRunOptions {
  dataset: string;
  /** Limit server on `port`, the gateway with the cache off on `port + 1`, on on `port + 2`. */
  port: number;
  load: LoadSettings;
  storeQueries: ReadonlyMap<string, number>;
  strapiUrl?: string;
  log(line: string): void;
}

export interface ScenarioRun {
  scenarios: ScenarioResult[];
  /** What kept Strapi from being measured on a scenario. */
  notes: string[];
  /** The cache-off gateway's start: spawn to ready, and memory then. */
  start: Pick<SizeRun, 'readyMs' | 'memory'>;
}

export async function runScenarios(options: ScenarioRunOptions): Promise<ScenarioRun> {
  const { load, log } = options;
  const [limit, off, on] = await Promise.all([
    startLimitProcess(options.port),
    startGatewayProcess({ dataset: options.dataset, port: options.port + 1, responseCache: 'off', onUnexpectedExit: log }),
    startGatewayProcess({ dataset: options.dataset, port: options.port + 2, responseCache: 'on', onUnexpectedExit: log }),
  ]);
  const start = { readyMs: off.readyMs, memory: await off.memory() };
  log(`gateways ready (cache off in ${(off.readyMs / 1000).toFixed(1)} s, on in ${(on.readyMs / 1000).toFixed(1)} s)`);
  const scenarios: ScenarioResult[] = [];
  const notes: string[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const result: ScenarioResult = {
        id: scenario.id,
        label: scenario.label,
        request: `${scenario.request.method} ${scenario.request.path}`,
        storeQueries: options.storeQueries.get(scenario.id) ?? null,
        limit: await measureLimit(limit, off.url, scenario, load, log),
        off: await measureTarget(off.url, scenario, load, log, 'gateway, cache off'),
        on: await measureTarget(on.url, scenario, load, log, 'gateway, cache on'),
      };
      if (options.strapiUrl) {
        const checked = await fetchAnswer(options.strapiUrl, scenario);
        if (typeof checked === 'string') notes.push(`Strapi not measured on ${scenario.label}: ${checked}`);
        else result.strapi = await measureTarget(options.strapiUrl, scenario, load, log, 'Strapi');
      }
      scenarios.push(result);
    }
  } finally {
    await Promise.all([limit.stop(), off.stop(), on.stop()]);
  }
  return { scenarios, notes, start };
}
