// The write benchmark's report: a results file rendered to the expected markdown, and the cells
// for failed answers and lost writes.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { WritesResults } from '../../bench/writes/results.ts';
import { formatFailures, gatewayScenario, renderWritesReport, writesNotes } from '../../bench/writes/table.ts';

const fixture = (name: string) => readFile(new URL(`../fixtures/bench/${name}`, import.meta.url), 'utf8');

describe('the write benchmark report', () => {
  it('renders a run with the gateway, Strapi, failed answers and a lost write as the expected markdown', async () => {
    const results = JSON.parse(await fixture('writes-results.json')) as WritesResults;
    expect(`${renderWritesReport(results)}\n`).toBe(await fixture('writes-report.md'));
  });

  it('says nothing of lost writes or errors when every run verified', async () => {
    const results = JSON.parse(await fixture('writes-results.json')) as WritesResults;
    const clean = { ...results, strapiUrl: undefined, rows: results.rows.filter((row) => row.target === 'gateway') };
    const notes = writesNotes(clean).join('\n');
    expect(notes).not.toContain('failed verification');
    expect(notes).not.toContain('First errors');
    expect(notes).not.toContain('Strapi');
  });

  it('names the gateway that served reads first, and says what they left it', async () => {
    const results = JSON.parse(await fixture('writes-results.json')) as WritesResults;
    const first = results.rows.find((row) => row.target === 'gateway')!;
    const used = { ...results, afterReads: { secondsEach: 3, scenarios: 11, kinds: 0, indexes: 20 }, rows: [first, { ...first, target: 'gateway-after-reads' as const, writesPerSec: 1002 }] };
    const report = renderWritesReport(used);
    expect(report).toMatch(/^\| Gateway, after reads \| create .*\| 1,002 +\|/m);
    expect(report).toContain('first served each of the 11 varied read scenarios for 3 s (8 connections, cache on); its articles then had 0 learned index kinds and 20 indexes on their key table.');
    expect(gatewayScenario(used.rows[1])).toBe(`${first.scenario}, after reads`);
    expect(gatewayScenario(first)).toBe(first.scenario);
  });

  it.each<{ name: string; row: { otherStatuses: Record<string, number>; errors: number }; cell: string }>([
    { name: 'no failures', row: { otherStatuses: {}, errors: 0 }, cell: '0' },
    { name: 'statuses in order, summed', row: { otherStatuses: { '503': 2, '400': 1 }, errors: 0 }, cell: '3 (400: 1, 503: 2)' },
    { name: 'connection errors alone', row: { otherStatuses: {}, errors: 4 }, cell: '0 + 4 errors' },
    { name: 'thousands separated', row: { otherStatuses: { '500': 1234 }, errors: 1500 }, cell: '1,234 (500: 1,234) + 1,500 errors' },
  ])('writes the Non-200 cell for $name', ({ row, cell }) => {
    expect(formatFailures(row)).toBe(cell);
  });
});
