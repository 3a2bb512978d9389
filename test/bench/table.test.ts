// The report the benchmark prints and records: a results file rendered to the expected markdown,
// and the columns and notes that depend on what a run measured.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRecord, replaceRecordedSection, RECORD_END, RECORD_START } from '../../bench/report/record.ts';
import type { BenchResults } from '../../bench/report/results.ts';
import { renderReport, scenarioTable } from '../../bench/report/table.ts';

const fixture = (name: string) => readFile(new URL(`../fixtures/bench/${name}`, import.meta.url), 'utf8');

describe('the benchmark report', () => {
  let results: BenchResults;
  beforeAll(async () => {
    results = JSON.parse(await fixture('results.json')) as BenchResults;
  });

  it('renders a run with Strapi, a failed target and the size runs as the recorded markdown', async () => {
    expect(`${renderRecord(results, 'npm run bench -- --strapi http://127.0.0.1:1601 --size')}\n`).toBe(await fixture('record.md'));
  });

  it('leaves the Strapi columns out when Strapi was not measured', () => {
    const withoutStrapi = { ...results, scenarios: results.scenarios.map(({ strapi: _, ...rest }) => rest) };
    expect(scenarioTable(withoutStrapi).split('\n')[0]).not.toContain('Strapi');
    expect(scenarioTable(results).split('\n')[0]).toContain('Gateway (off) / Strapi');
  });

  it('says the Off and On columns measure the same thing only when the build has no response cache', () => {
    const note = 'the Off and On columns measure the same thing';
    expect(renderReport(results)).toContain(note);
    expect(renderReport({ ...results, responseCache: 'present' })).not.toContain(note);
  });

  it('prints no size table when --size was not given', () => {
    expect(renderReport({ ...results, size: undefined })).not.toContain('Req/s vs');
  });
});

describe('replaceRecordedSection', () => {
  it('replaces only the text between the markers', () => {
    const markdown = `# Benchmarks\n\nintro\n\n${RECORD_START}\nold table\n${RECORD_END}\n\nafter\n`;
    expect(replaceRecordedSection(markdown, 'new table\n')).toBe(`# Benchmarks\n\nintro\n\n${RECORD_START}\nnew table\n${RECORD_END}\n\nafter\n`);
  });

  it('refuses a file without both markers, in order', () => {
    expect(() => replaceRecordedSection(`${RECORD_END}\n${RECORD_START}`, 'x')).toThrow('BENCHMARKS.md needs');
    expect(() => replaceRecordedSection('no markers', 'x')).toThrow('BENCHMARKS.md needs');
  });
});
