// The results section of BENCHMARKS.md: the text between two marker comments, replaced by the
// latest run's report. Pure.
import type { BenchResults } from './results.ts';
import { renderReport } from './table.ts';

export const RECORD_START = '<!-- bench:results:start -->';
export const RECORD_END = '<!-- bench:results:end -->';

/**
 * `markdown` with the text between the markers replaced by `section`.
 * @throws Error when the markers are missing or out of order.
 */
export function replaceRecordedSection(markdown: string, section: string): string {
  const start = markdown.indexOf(RECORD_START);
  const end = markdown.indexOf(RECORD_END);
  if (start < 0 || end < start) throw new Error(`BENCHMARKS.md needs ${RECORD_START} and then ${RECORD_END} around the recorded results`);
  return `${markdown.slice(0, start + RECORD_START.length)}\n${section.trim()}\n${markdown.slice(end)}`;
}

/** The recorded section: when, on what machine, with which command, then the report. */
export function renderRecord(results: BenchResults, command: string): string {
  const m = results.machine;
  return [
    `Measured ${results.date.slice(0, 10)} with \`${command}\` (${Math.round(results.durationS)} s in all) on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GiB, ${m.os}, Node ${m.node}; 1-minute load average ${results.loadAverage.start.toFixed(1)} at the start, ${results.loadAverage.end.toFixed(1)} at the end.`,
    '',
    renderReport(results),
  ].join('\n');
}
