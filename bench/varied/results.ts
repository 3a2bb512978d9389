// The shape of one `npm run bench:varied` run, as bench/varied-results.json holds it and the
// tables read it: reads (one request repeated and every request different), the mixed load, the
// writes and the large collection.
import type { LoadMeasure } from '../load.ts';
import type { Machine } from '../report/results.ts';
import type { WritesResults } from '../writes/results.ts';

/** One scenario's targets in one mode. Off/on: the gateway with RESPONSE_CACHE=off/on. */
export interface ModeResult {
  limit: LoadMeasure;
  off: LoadMeasure;
  on: LoadMeasure;
  strapi?: LoadMeasure;
}

export interface ReadResult {
  id: string;
  label: string;
  protocol: 'rest' | 'graphql';
  /** Different requests made for the scenario (its list). */
  requests: number;
  /** Bytes of the repeated request's answer, and the mean of the varied answers the limit served. */
  repeatedBytes: number;
  variedBytes: number;
  repeated: ModeResult;
  varied: ModeResult;
  /** Of the first requests, how many Strapi answered with the same root entries as the gateway. */
  strapiSame?: { same: number; checked: number };
  /** The 1-minute load average when the scenario started. */
  loadAverage: number;
}

/** Reads (and writes) of one phase of the mixed load. */
export interface MixedPhase {
  readsPerSec: number;
  readP50Ms: number;
  readP99Ms: number;
  writesPerSec: number;
  writeP50Ms: number;
  writeP99Ms: number;
  /** Answers other than 200, and connection errors. */
  failed: number;
  /** The response cache's hits / lookups during the phase, from /metrics. */
  hitRate: number;
  lookups: number;
}

export interface MixedResult {
  /** Different read requests the reads draw from, and how skewed their popularity is. */
  pool: number;
  zipf: number;
  connections: number;
  durationS: number;
  readOnly: MixedPhase;
  mixed: MixedPhase;
}

/** A varied read scenario at two collection sizes, cache off: the median of alternating rounds. */
export interface SizeRow {
  id: string;
  label: string;
  small: LoadMeasure;
  large: LoadMeasure;
}

export interface LargeResult {
  articles: number;
  smallArticles: number;
  rounds: number;
  rows: SizeRow[];
  importMs: number;
  restartMs: number;
  peakRssMb: number;
}

export interface VariedResults {
  date: string;
  machine: Machine;
  settings: { connections: number; durationS: number; warmupS: number; articles: number; seed: number; listSize: number };
  strapiUrl?: string;
  reads: ReadResult[];
  mixed?: MixedResult;
  writes?: WritesResults;
  large?: LargeResult;
  /** What kept a target from being measured, and other things a reader must know. */
  notes: string[];
  durationS: number;
  loadAverage: { start: number; end: number };
}
