// VariedResults -> the tables `npm run bench:varied` prints and BENCHMARKS.md records (markdown):
// reads with every request different, reads with one request repeated, the mixed load, the
// writes, the two collection sizes, and the targets met or missed. Pure.
import type { LoadMeasure } from '../load.ts';
import { formatBytes, formatLatency, formatPercent, formatRate, formatRatio, formatSeconds, markdownTable } from '../report/format.ts';
import type { WriteRow } from '../writes/results.ts';
import { gatewayScenario } from '../writes/table.ts';
import type { MixedPhase, ReadResult, VariedResults } from './results.ts';
import type { TargetCheck } from './targets.ts';

/** A rate, `*` when timed over answers (too slow for a timed run), `!` when some answers failed, `~` when the list ran out. */
function rate(m: LoadMeasure | undefined): string {
  if (!m) return '-';
  return formatRate(m.requestsPerSec) + (m.measuredOver === 'answers' ? ' *' : '') + (m.non2xx + m.errors > 0 ? ' !' : '') + (m.repeats ? ' ~' : '');
}
const latency = (m: LoadMeasure | undefined) => (m ? formatLatency(m.p50Ms, m.p99Ms) : '-');
const ratio = (a: LoadMeasure, b: LoadMeasure | undefined) => (b ? formatRatio(a.requestsPerSec / b.requestsPerSec) : '-');
const share = (a: LoadMeasure, limit: LoadMeasure) => formatPercent(a.requestsPerSec / limit.requestsPerSec);

export function variedTable(reads: readonly ReadResult[]): string {
  const header = ['Scenario', 'Mean bytes', 'Off req/s', 'Off p50 / p99 ms', 'Off % of limit', 'On req/s', 'On p50 / p99 ms', 'Limit req/s', 'Strapi req/s', 'Strapi p50 / p99 ms', 'Off / Strapi'];
  return markdownTable(header, reads.map((r) => {
    const v = r.varied;
    return [r.label, formatBytes(Math.round(r.variedBytes)), rate(v.off), latency(v.off), share(v.off, v.limit), rate(v.on), latency(v.on), rate(v.limit), rate(v.strapi), latency(v.strapi), ratio(v.off, v.strapi)];
  }));
}

export function repeatedTable(reads: readonly ReadResult[]): string {
  const header = ['Scenario', 'Bytes', 'Off req/s', 'Off p50 / p99 ms', 'Off % of limit', 'On req/s', 'On p50 / p99 ms', 'On % of limit', 'Limit req/s', 'Strapi req/s', 'Off / Strapi'];
  return markdownTable(header, reads.map((r) => {
    const p = r.repeated;
    return [r.label, formatBytes(r.repeatedBytes), rate(p.off), latency(p.off), share(p.off, p.limit), rate(p.on), latency(p.on), share(p.on, p.limit), rate(p.limit), rate(p.strapi), ratio(p.off, p.strapi)];
  }));
}

export function mixedTable(phases: ReadonlyArray<[string, MixedPhase]>): string {
  const header = ['Load (cache on)', 'Requests/s', 'Reads/s', 'Read p50 / p99 ms', 'Writes/s', 'Write p50 / p99 ms', 'Failed', 'Cache hit rate (lookups)'];
  return markdownTable(header, phases.map(([name, p]) => [
    name, formatRate(p.readsPerSec + p.writesPerSec), formatRate(p.readsPerSec), formatLatency(p.readP50Ms, p.readP99Ms), formatRate(p.writesPerSec),
    p.writesPerSec ? formatLatency(p.writeP50Ms, p.writeP99Ms) : '-', String(p.failed), `${formatPercent(p.hitRate)} (${p.lookups.toLocaleString('en-US')})`,
  ]));
}

export function writesBesideStrapi(rows: readonly WriteRow[]): string {
  const header = ['Scenario', 'Gateway writes/s', 'p50 / p99 ms', 'Strapi writes/s', 'p50 / p99 ms', 'Gateway / Strapi', 'Verified (gateway; Strapi)'];
  return markdownTable(header, rows.filter((row) => row.target !== 'strapi').map((g) => {
    const s = rows.find((row) => row.target === 'strapi' && row.scenario === g.scenario);
    const verified = (row: WriteRow | undefined) => (row ? `${row.verification.ok ? 'yes' : 'NO'} (${row.verification.detail})` : '-');
    return [gatewayScenario(g), formatRate(g.writesPerSec), formatLatency(g.p50Ms, g.p99Ms), s ? formatRate(s.writesPerSec) : '-', s ? formatLatency(s.p50Ms, s.p99Ms) : '-', s ? formatRatio(g.writesPerSec / s.writesPerSec) : '-', `${verified(g)}; ${verified(s)}`];
  }));
}

export function sizeTable(results: VariedResults): string {
  const large = results.large!;
  const [small, big] = [large.smallArticles, large.articles].map((n) => n.toLocaleString('en-US'));
  const header = ['Scenario (every request different, cache off)', `${small}: req/s`, 'p50 / p99 ms', `${big}: req/s`, 'p50 / p99 ms', 'ratio'];
  return markdownTable(header, large.rows.map((row) => [row.label, rate(row.small), latency(row.small), rate(row.large), latency(row.large), `${(row.large.requestsPerSec / row.small.requestsPerSec).toFixed(2)}×`]));
}

export function targetsTable(checks: readonly TargetCheck[]): string {
  return markdownTable(['Target', 'On', 'Measured', 'Met'], checks.map((c) => [c.target, c.on, c.shown, c.met ? 'yes' : '**no**']));
}

function heading(results: VariedResults): string {
  const { machine: m, settings: s } = results;
  return `${results.date.slice(0, 16).replace('T', ' ')} UTC, ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GiB, ${m.os}, Node ${m.node}; 1-minute load average ${results.loadAverage.start.toFixed(1)} at the start, ${results.loadAverage.end.toFixed(1)} at the end; ${s.articles.toLocaleString('en-US')} articles, seed ${s.seed}, autocannon ${s.connections} connections, ${s.durationS} s per target after ${s.warmupS} s of warm-up; ${formatSeconds(results.durationS * 1000)} in all.`;
}

/** Everything the run prints. */
export function renderVariedReport(results: VariedResults, checks: readonly TargetCheck[]): string {
  const parts = [heading(results)];
  if (results.reads.length) {
    parts.push('', 'Every request different:', '', variedTable(results.reads), '', 'One request repeated (the first of each list):', '', repeatedTable(results.reads));
    parts.push('', `Load average when each scenario started: ${results.reads.map((r) => `${r.label} ${r.loadAverage.toFixed(1)}`).join(', ')}.`);
    const compared = results.reads.filter((r) => r.strapiSame);
    if (compared.length) parts.push('', `Strapi answered the first requests with the gateway's root entries: ${compared.map((r) => `${r.label} ${r.strapiSame!.same} of ${r.strapiSame!.checked}`).join(', ')}.`);
  }
  if (results.mixed) parts.push('', `Mixed (${results.mixed.pool.toLocaleString('en-US')} different reads, Zipf ${results.mixed.zipf}; ${results.mixed.connections} connections, ${results.mixed.durationS} s each):`, '', mixedTable([['reads alone', results.mixed.readOnly], ['90 % reads, 10 % updates', results.mixed.mixed]]));
  if (results.writes) parts.push('', `Writes (${results.writes.settings.connections} connections, ${results.writes.settings.durationS} s; ${results.writes.gatewayStore}):`, '', writesBesideStrapi(results.writes.rows));
  if (results.large) parts.push('', `Sizes (median of ${results.large.rounds} alternating rounds; ${results.large.articles.toLocaleString('en-US')} articles: import ${formatSeconds(results.large.importMs)}, restart ${formatSeconds(results.large.restartMs)}, peak resident ${Math.round(results.large.peakRssMb)} MB):`, '', sizeTable(results));
  if (checks.length) parts.push('', 'Targets of issue 34:', '', targetsTable(checks));
  const marks = '`*` timed over 2 answers per connection (too slow for a timed run); `!` some answers failed; `~` the list ran out and requests repeated.';
  return [...parts, '', marks, ...results.notes.map((note) => `- ${note}`)].join('\n');
}
