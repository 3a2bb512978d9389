// WritesResults -> the table and notes the write benchmark prints (markdown, for BENCHMARKS.md too). Pure.
import { formatLatency, formatRate, markdownTable } from '../report/format.ts';
import type { WriteRow, WritesResults } from './results.ts';

/** Answers that were not 200, with their statuses, and connection errors: `0`, `12 (500: 12)`. */
export function formatFailures(row: Pick<WriteRow, 'otherStatuses' | 'errors'>): string {
  const statuses = Object.entries(row.otherStatuses).sort(([a], [b]) => a.localeCompare(b));
  const count = statuses.reduce((sum, [, n]) => sum + n, 0);
  const parts = [
    ...(count > 0 ? [`${count.toLocaleString('en-US')} (${statuses.map(([status, n]) => `${status}: ${n.toLocaleString('en-US')}`).join(', ')})`] : ['0']),
    ...(row.errors > 0 ? [`${row.errors.toLocaleString('en-US')} errors`] : []),
  ];
  return parts.join(' + ');
}

const TARGET_NAMES: Record<WriteRow['target'], string> = { gateway: 'Gateway', 'gateway-after-reads': 'Gateway, after reads', strapi: 'Strapi' };

/** A gateway row's scenario, marked when that gateway first served the varied reads (`--after-reads`). */
export function gatewayScenario(row: Pick<WriteRow, 'target' | 'scenario'>): string {
  return row.target === 'gateway-after-reads' ? `${row.scenario}, after reads` : row.scenario;
}

/** The table: one row per target and scenario. */
export function writesTable(rows: readonly WriteRow[]): string {
  const header = ['Target', 'Scenario', 'Writes/s', 'p50 / p99 ms', 'Non-200', 'Verified'];
  return markdownTable(
    header,
    rows.map((row) => [
      TARGET_NAMES[row.target],
      row.scenario,
      formatRate(row.writesPerSec),
      formatLatency(row.p50Ms, row.p99Ms),
      formatFailures(row),
      `${row.verification.ok ? 'yes' : 'NO'}: ${row.verification.detail}`,
    ]),
  );
}

/** Notes under the table: the settings, the store, the load average, and any failed answers. */
export function writesNotes(results: WritesResults): string[] {
  const { connections, durationS, warmupS } = results.settings;
  const m = results.machine;
  const notes = [
    `- autocannon, ${connections} connections, ${durationS} s per scenario and target after ${warmupS} s of the same writes; Writes/s: 200 answers per second (acknowledged writes); p50 / p99: latency of every answer.`,
    `- Gateway store: ${results.gatewayStore}.${results.strapiUrl ? ' Strapi: the v4.25 reference (SQLite, better-sqlite3) at ' + results.strapiUrl + '.' : ''}`,
    `- ${results.date.slice(0, 10)}, ${m.cpu}, ${m.cores} cores, Node ${m.node}; 1-minute load average ${results.loadAverage.start.toFixed(1)} at the start, ${results.loadAverage.end.toFixed(1)} at the end.`,
  ];
  const reads = results.afterReads;
  if (reads) notes.push(`- Gateway, after reads: a second gateway, in a fresh data folder, first served each of the ${reads.scenarios} varied read scenarios for ${reads.secondsEach} s (8 connections, cache on); its articles then had ${reads.kinds} learned index kinds and ${reads.indexes} indexes on their key table.`);
  const failed = results.rows.filter((row) => row.firstError);
  if (failed.length) notes.push(`- First errors: ${failed.map((row) => `${row.target} ${row.scenario}: ${row.firstError}`).join('; ')}.`);
  const lost = results.rows.filter((row) => !row.verification.ok);
  if (lost.length) notes.push(`- !!! ${lost.length} run(s) failed verification: ${lost.map((row) => `${row.target} ${row.scenario}`).join(', ')}.`);
  return notes;
}

/** Everything the write benchmark prints after a run. */
export function renderWritesReport(results: WritesResults): string {
  return [writesTable(results.rows), '', ...writesNotes(results)].join('\n');
}
