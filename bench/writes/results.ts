// The shape of one write benchmark run, as bench/writes-results.json holds it and the table reads it.
import type { Machine } from '../report/results.ts';
import type { WriteLoadSettings, WriteMeasure } from './load.ts';
import type { Verification } from './verify.ts';

export interface WriteRow extends WriteMeasure {
  /** `gateway-after-reads`: a second gateway, measured after serving the varied reads (`--after-reads`). */
  target: 'gateway' | 'gateway-after-reads' | 'strapi';
  scenario: string;
  /** Method and path as sent. */
  request: string;
  verification: Verification;
}

export interface WritesResults {
  date: string;
  machine: Machine;
  settings: WriteLoadSettings;
  /** The gateway's store, in words (in memory, or durable in a data folder). */
  gatewayStore: string;
  strapiUrl?: string;
  /** What the second gateway served before its writes, and the indexes its articles then had. */
  afterReads?: AfterReads;
  rows: WriteRow[];
  /** Wall-clock time of the whole run, seconds. */
  durationS: number;
  /** The machine's 1-minute load average when the run started and ended: how much else ran. */
  loadAverage: { start: number; end: number };
}

/** The reads a gateway served before its writes were measured (`--after-reads`), and what they left. */
export interface AfterReads {
  /** Seconds of each scenario, and how many scenarios. */
  secondsEach: number;
  scenarios: number;
  /** Index kinds the articles collection learned (`_ranks`), and every index on its key table. */
  kinds: number;
  indexes: number;
}
