// A varied run's results -> issue 34's targets, each with the figure measured, the bound and
// whether it is met. Pure.
import { formatPercent } from '../report/format.ts';
import type { WriteRow } from '../writes/results.ts';
import { gatewayScenario } from '../writes/table.ts';
import type { VariedResults } from './results.ts';

export interface TargetCheck {
  /** Which of the targets. */
  target: string;
  /** The scenario or phase it is checked on. */
  on: string;
  value: number;
  /** The bound, and which side of it meets the target. */
  bound: number;
  atLeast: boolean;
  met: boolean;
  /** The value as the report shows it (`12.3×`, `4.1 %`, `38 ms`). */
  shown: string;
}

const check = (target: string, on: string, value: number, bound: number, atLeast: boolean, shown: string): TargetCheck => ({
  target, on, value, bound, atLeast, met: Number.isFinite(value) && (atLeast ? value >= bound : value < bound), shown,
});
const times = (ratio: number) => `${ratio.toFixed(1)}×`;

function readChecks(results: VariedResults): TargetCheck[] {
  return results.reads.flatMap((r) => {
    const { varied, repeated } = r;
    const checks = [
      check('cache off, every request different: at least 2 % of the limit', r.label, varied.off.requestsPerSec / varied.limit.requestsPerSec, 0.02, true, formatPercent(varied.off.requestsPerSec / varied.limit.requestsPerSec)),
      check('cache on, one request repeated: at least 60 % of the limit', r.label, repeated.on.requestsPerSec / repeated.limit.requestsPerSec, 0.6, true, formatPercent(repeated.on.requestsPerSec / repeated.limit.requestsPerSec)),
    ];
    if (varied.strapi) {
      const ratio = varied.off.requestsPerSec / varied.strapi.requestsPerSec;
      checks.unshift(check('cache off, every request different: at least 10× Strapi', r.label, ratio, 10, true, times(ratio)));
    }
    return checks;
  });
}

function writeChecks(rows: readonly WriteRow[]): TargetCheck[] {
  return rows.filter((row) => row.target !== 'strapi').flatMap((gateway) => {
    const strapi = rows.find((row) => row.target === 'strapi' && row.scenario === gateway.scenario);
    if (!strapi) return [];
    const ratio = gateway.writesPerSec / strapi.writesPerSec;
    return [check('writes, durable: at least 10× Strapi', gatewayScenario(gateway), ratio, 10, true, times(ratio))];
  });
}

function mixedChecks(results: VariedResults): TargetCheck[] {
  const mixed = results.mixed;
  if (!mixed) return [];
  const rate = (p: { readsPerSec: number; writesPerSec: number }) => p.readsPerSec + p.writesPerSec;
  const share = rate(mixed.mixed) / rate(mixed.readOnly);
  return [
    check('mixed 90/10, cache on: at least 50 % of the read-only cached rate', 'requests per second, against reads alone', share, 0.5, true, formatPercent(share)),
    check('mixed 90/10, cache on: p99 under 50 ms', 'reads', mixed.mixed.readP99Ms, 50, false, `${mixed.mixed.readP99Ms.toFixed(0)} ms`),
  ];
}

function largeChecks(results: VariedResults): TargetCheck[] {
  const large = results.large;
  if (!large) return [];
  const at = large.articles.toLocaleString('en-US');
  return [
    ...large.rows.map((row) => {
      const ratio = row.large.requestsPerSec / row.small.requestsPerSec;
      return check(`${at} articles, varied: at least half the rate at ${large.smallArticles.toLocaleString('en-US')}`, row.label, ratio, 0.5, true, `${ratio.toFixed(2)}×`);
    }),
    check(`${at} articles: resident memory under 1 GiB`, 'peak under the read load', large.peakRssMb, 1024, false, `${Math.round(large.peakRssMb)} MB`),
    check(`${at} articles: restart under 10 s`, 'spawn to ready on the data folder', large.restartMs / 1000, 10, false, `${(large.restartMs / 1000).toFixed(1)} s`),
  ];
}

/** Every target the run measured, in the order. */
export function checkTargets(results: VariedResults): TargetCheck[] {
  return [...readChecks(results), ...writeChecks(results.writes?.rows ?? []), ...mixedChecks(results), ...largeChecks(results)];
}
