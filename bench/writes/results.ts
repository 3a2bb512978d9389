// The shape of one write benchmark run, as bench/writes-results.json holds it and the table reads it.
import type { Machine } from '../report/results.ts';
import type { WriteLoadSettings, WriteMeasure } from './load.ts';
import type { Verification } from './verify.ts';

export interface WriteRow extends WriteMeasure {
  target: 'gateway' | 'strapi';
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
  rows: WriteRow[];
  /** Wall-clock time of the whole run, seconds. */
  durationS: number;
  /** The machine's 1-minute load average when the run started and ended: how much else ran. */
  loadAverage: { start: number; end: number };
}
