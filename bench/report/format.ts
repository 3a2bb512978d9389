// Numbers -> the short strings the result tables show. Pure.

/** Requests per second: whole numbers with separators from 100 up, one decimal below. */
export function formatRate(perSec: number): string {
  return perSec >= 100 ? Math.round(perSec).toLocaleString('en-US') : perSec.toFixed(1);
}

/** Milliseconds: whole from 10 up (with separators), one decimal below. */
export function formatMs(ms: number): string {
  return ms >= 10 ? Math.round(ms).toLocaleString('en-US') : ms.toFixed(1);
}

/** p50 / p99 latency in one cell. */
export function formatLatency(p50Ms: number, p99Ms: number): string {
  return `${formatMs(p50Ms)} / ${formatMs(p99Ms)}`;
}

/** A share as a percentage: one decimal from 1 % up, two below, so small shares still differ. */
export function formatPercent(share: number): string {
  const percent = share * 100;
  return `${percent >= 1 ? percent.toFixed(1) : percent.toFixed(2)} %`;
}

/** Bytes in B, kB or MB (powers of 1000). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** A ratio as `2.4×`: whole from 100 up, two significant digits below 1 (`0.0081×`), `-` if none. */
export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio) || ratio <= 0) return '-';
  if (ratio >= 100) return `${Math.round(ratio)}×`;
  return ratio >= 1 ? `${ratio.toFixed(1)}×` : `${Number(ratio.toPrecision(2))}×`;
}

/** Seconds with one decimal. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A markdown table whose columns are padded to line up in a terminal too. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
