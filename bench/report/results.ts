// The shape of one benchmark run, as bench/results.json holds it and the table reads it.
import type { LoadMeasure } from '../load.ts';
import type { Memory } from '../processes/child.ts';

/** One target under one scenario's load, with the size of its answer body. */
export interface TargetResult extends LoadMeasure {
  bytes: number;
}

export interface ScenarioResult {
  id: string;
  label: string;
  /** Method and path as sent (GraphQL: the document is in bench/scenarios/). */
  request: string;
  /** Store queries the gateway sends for one request, counted in process; null when not counted. */
  storeQueries: number | null;
  /** The same bytes served from memory by a bare node:http server. */
  limit: TargetResult;
  /** The gateway with RESPONSE_CACHE=off and =on. */
  off: TargetResult;
  on: TargetResult;
  strapi?: TargetResult;
}

/** The `--size` runs at one collection size: the default list and populate=*, cache off. */
export interface SizeRun {
  articles: number;
  /** Spawn to healthy, seed import included. */
  readyMs: number;
  /** The gateway child's memory once ready, and its peak. */
  memory?: Memory;
  /** Node flags that gateway child ran with, if any. */
  nodeFlags?: string[];
  scenarios: Array<Pick<ScenarioResult, 'id' | 'label' | 'storeQueries' | 'limit' | 'off'>>;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
}

export interface BenchResults {
  date: string;
  machine: Machine;
  settings: { connections: number; durationS: number; warmupS: number; articles: number };
  /** Whether this build of the gateway reads RESPONSE_CACHE; when absent, off and on are the same gateway. */
  responseCache: 'present' | 'absent';
  strapiUrl?: string;
  scenarios: ScenarioResult[];
  size?: SizeRun[];
  /** What went wrong with a target that was then left out (e.g. Strapi answering an error). */
  notes: string[];
  /** Wall-clock time of the whole run, seconds. */
  durationS: number;
  /** The machine's 1-minute load average when the run started and ended: how much else ran. */
  loadAverage: { start: number; end: number };
}
