// BenchResults -> the tables the benchmark prints and BENCHMARKS.md records (markdown). Pure.
import { formatBytes, formatLatency, formatPercent, formatRate, formatRatio, formatSeconds, markdownTable } from './format.ts';
import type { BenchResults, ScenarioResult, SizeRun, TargetResult } from './results.ts';

/** A rate, flagged `!` when some answers failed (then it measures errors too), `*` when timed over answers. */
function rate(target: TargetResult): string {
  return formatRate(target.requestsPerSec) + (target.measuredOver === 'answers' ? ' *' : '') + (target.non2xx + target.errors > 0 ? ' !' : '');
}

/** Every measured target of a run, with a name for notes. */
function targetsOf(results: BenchResults): Array<[name: string, target: TargetResult]> {
  const named = (label: string, targets: Partial<Record<string, TargetResult>>) =>
    Object.entries(targets).flatMap(([key, target]): Array<[string, TargetResult]> => (target ? [[`${label} (${key})`, target]] : []));
  return [
    ...results.scenarios.flatMap((s) => named(s.label, { off: s.off, on: s.on, limit: s.limit, strapi: s.strapi })),
    ...(results.size ?? []).slice(1).flatMap((run) =>
      run.scenarios.flatMap((s) => named(`${s.label} at ${run.articles.toLocaleString('en-US')} articles`, { off: s.off, limit: s.limit })),
    ),
  ];
}

const queries = (count: number | null) => (count === null ? '-' : String(count));

function scenarioRow(s: ScenarioResult, withStrapi: boolean): string[] {
  const row = [
    s.label, formatBytes(s.off.bytes), queries(s.storeQueries),
    rate(s.off), formatLatency(s.off.p50Ms, s.off.p99Ms), formatPercent(s.off.requestsPerSec / s.limit.requestsPerSec),
    rate(s.on), formatLatency(s.on.p50Ms, s.on.p99Ms), formatPercent(s.on.requestsPerSec / s.limit.requestsPerSec),
    rate(s.limit),
  ];
  if (!withStrapi) return row;
  const strapi = s.strapi;
  if (!strapi) return [...row, '-', '-', '-', '-'];
  return [...row, rate(strapi), formatLatency(strapi.p50Ms, strapi.p99Ms), formatBytes(strapi.bytes), formatRatio(s.off.requestsPerSec / strapi.requestsPerSec)];
}

/** The main table: one row per scenario, gateway with the cache off and on, the limit, Strapi. */
export function scenarioTable(results: BenchResults): string {
  const withStrapi = results.scenarios.some((s) => s.strapi);
  const header = [
    'Scenario', 'Bytes', 'Store queries',
    'Off req/s', 'Off p50 / p99 ms', 'Off % of limit',
    'On req/s', 'On p50 / p99 ms', 'On % of limit',
    'Limit req/s',
    ...(withStrapi ? ['Strapi req/s', 'Strapi p50 / p99 ms', 'Strapi bytes', 'Gateway (off) / Strapi'] : []),
  ];
  return markdownTable(header, results.scenarios.map((s) => scenarioRow(s, withStrapi)));
}

/** The `--size` table: the default list and populate=* at each collection size, cache off. */
export function sizeTable(runs: readonly SizeRun[]): string {
  const base = runs[0];
  const rows = runs.flatMap((run) =>
    run.scenarios.map((s) => {
      const first = base.scenarios.find((b) => b.id === s.id);
      return [
        run.articles.toLocaleString('en-US'), s.label, formatBytes(s.off.bytes), queries(s.storeQueries),
        rate(s.off), formatLatency(s.off.p50Ms, s.off.p99Ms), formatPercent(s.off.requestsPerSec / s.limit.requestsPerSec),
        first ? formatRatio(s.off.requestsPerSec / first.off.requestsPerSec) : '-',
      ];
    }),
  );
  const header = ['Articles', 'Scenario', 'Bytes', 'Store queries', 'Req/s (cache off)', 'p50 / p99 ms', '% of limit', `Req/s vs ${base.articles.toLocaleString('en-US')}`];
  return markdownTable(header, rows);
}

/** One line per collection size: time to ready (import included) and memory. */
export function sizeNotes(runs: readonly SizeRun[]): string[] {
  return runs.map((run) => {
    const memory = run.memory ? `, resident ${Math.round(run.memory.rssMb).toLocaleString('en-US')} MB once ready (peak ${Math.round(run.memory.peakRssMb).toLocaleString('en-US')} MB)` : '';
    const heap = run.nodeFlags?.length ? `, gateway child run with \`node ${run.nodeFlags.join(' ')}\`` : '';
    return `- ${run.articles.toLocaleString('en-US')} articles: spawn to ready (seed import included) ${formatSeconds(run.readyMs)}${memory}${heap}.`;
  });
}

/** Notes under the main table: what the columns mean in this run, and any answers that were not 2xx. */
export function scenarioNotes(results: BenchResults): string[] {
  const { connections, durationS, warmupS, articles } = results.settings;
  const notes = [
    `- ${articles.toLocaleString('en-US')} articles; autocannon, ${connections} connections, ${durationS} s per scenario and target after ${warmupS} s of warm-up; Off/On: RESPONSE_CACHE=off/on; "% of limit": gateway req/s / limit req/s; Bytes: the gateway's answer body.`,
  ];
  if (results.responseCache === 'absent') {
    notes.push('- This gateway build has no response cache (nothing in gateway/ or src/ reads RESPONSE_CACHE): the Off and On columns measure the same thing.');
  }
  const failed = targetsOf(results)
    .filter(([, target]) => target.non2xx + target.errors > 0)
    .map(([name, target]) => `${name}: ${target.non2xx} non-2xx, ${target.errors} errors${target.firstError ? ` (first: ${target.firstError})` : ''}`);
  if (failed.length) notes.push(`- ! marks rates that include failed answers: ${failed.join('; ')}.`);
  if (targetsOf(results).some(([, target]) => target.measuredOver === 'answers')) {
    notes.push(`- * marks targets too slow to answer ${2 * connections} requests in ${durationS} s: their rate is ${2 * connections} answers (2 per connection) over the time they took.`);
  }
  return [...notes, ...results.notes.map((note) => `- ${note}`)];
}

/** Everything the benchmark prints after a run. */
export function renderReport(results: BenchResults): string {
  const parts = [scenarioTable(results), '', ...scenarioNotes(results)];
  if (results.size?.length) parts.push('', sizeTable(results.size), '', ...sizeNotes(results.size));
  return parts.join('\n');
}
