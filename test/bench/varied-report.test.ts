// The harness around the generator: the command line, the cursor over a list, the mixed load's
// requests, the limit server's answers by request, the /metrics hit rate, the CPU profile's
// summary, and a run's report and targets (from a results file).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { assertPortFree } from '../../bench/processes/child.ts';
import { startLimitProcess, type LimitProcess } from '../../bench/processes/limit-process.ts';
import { RequestCursor } from '../../bench/request-cursor.ts';
import type { BenchRequest } from '../../bench/scenarios.ts';
import { parseVariedArgs } from '../../bench/varied/args.ts';
import { hitRateBetween, responseCacheLookups } from '../../bench/varied/cache-metrics.ts';
import { summariseProfile, type CpuProfile } from '../../bench/varied/cpu-profile.ts';
import { datasetFacts } from '../../bench/varied/dataset-facts.ts';
import { mixedRequests, readPool, zipfDraw } from '../../bench/varied/mixed-requests.ts';
import { seededRandom } from '../../bench/varied/random.ts';
import { requestKey } from '../../bench/varied/request-list.ts';
import type { VariedResults } from '../../bench/varied/results.ts';
import { renderVariedReport } from '../../bench/varied/table.ts';
import { checkTargets } from '../../bench/varied/targets.ts';
import { variedSize } from '../../bench/varied/varied-dataset.ts';

const fixture = (name: string) => readFile(new URL(`../fixtures/bench/${name}`, import.meta.url), 'utf8');
const get = (path: string): BenchRequest => ({ method: 'GET', path, headers: {} });

describe('parseVariedArgs', () => {
  it('defaults to issue 34 settings: 2,000 articles, 8 connections, 5 s after 1 s, seed 34, reads, mixed and writes', () => {
    expect(parseVariedArgs([])).toMatchObject({ articles: 2000, connections: 8, durationS: 5, warmupS: 1, seed: 34, reads: true, mixed: true, writes: true, largeArticles: 0, scenarios: [] });
  });

  it.each([
    { name: 'a Strapi URL', argv: ['--strapi', 'http://127.0.0.1:1410/'], expected: { strapiUrl: 'http://127.0.0.1:1410' } },
    { name: 'a subset of scenarios', argv: ['--scenarios', 'list, graphql-page'], expected: { scenarios: ['list', 'graphql-page'] } },
    { name: 'the large size at its default', argv: ['--large'], expected: { largeArticles: 200_000 } },
    { name: 'parts left out', argv: ['--no-writes', '--no-mixed'], expected: { writes: false, mixed: false, reads: true } },
  ])('reads $name', ({ argv, expected }) => {
    expect(parseVariedArgs(argv)).toMatchObject(expected);
  });

  it.each([
    { name: 'a Strapi URL with a path', argv: ['--strapi', 'http://x:1/api'], message: '--strapi must be a base URL' },
    { name: 'a zero list size', argv: ['--list-size', '0'], message: '--list-size must be a positive number; got 0' },
  ])('refuses $name', ({ argv, message }) => {
    expect(() => parseVariedArgs(argv)).toThrow(message);
  });
});

describe('RequestCursor', () => {
  it.each([
    { taken: 2, paths: ['/a', '/b'], repeats: 0 },
    { taken: 3, paths: ['/a', '/b', '/c'], repeats: 0 },
    { taken: 5, paths: ['/a', '/b', '/c', '/a', '/b'], repeats: 2 },
  ])('hands out $taken requests in order, counting $repeats repeats', ({ taken, paths, repeats }) => {
    const cursor = new RequestCursor(['/a', '/b', '/c'].map(get));
    expect(Array.from({ length: taken }, () => cursor.next().path)).toEqual(paths);
    expect({ sent: cursor.sent, repeats: cursor.repeats }).toEqual({ sent: taken, repeats });
  });
});

describe('the mixed load', () => {
  const facts = datasetFacts(variedSize(300));
  const options = { facts, seed: 5, pool: 200, zipf: 1, run: 'mix', token: 'secret' };
  const pool = readPool(facts, 5, 200);

  it('draws its reads from a pool of different requests of every scenario', () => {
    expect(new Set(pool.map(requestKey)).size).toBe(200);
    expect(new Set(pool.map((r) => (r.method === 'POST' ? 'graphql' : r.path.split('?')[0].replace(/\d+$/, ':id')))).size).toBe(3);
  });

  it.each([
    { writeEvery: 10, writes: 100 },
    { writeEvery: 0, writes: 0 },
  ])('sends $writes writes, with the token, in 1,000 requests when one in $writeEvery writes', ({ writeEvery, writes }) => {
    const requests = mixedRequests(pool, { ...options, writeEvery }, 1000, 'test');
    const sent = requests.filter((r) => r.method === 'PUT');
    expect(sent.length).toBe(writes);
    expect(sent.every((r) => r.headers.authorization === 'Bearer secret')).toBe(true);
    expect(new Set(sent.map(requestKey)).size).toBe(writes);
    expect(mixedRequests(pool, { ...options, writeEvery }, 1000, 'test')).toEqual(requests);
  });

  it('draws popular requests more often: rank 0 ten times as often as rank 9 or more, at Zipf 1', () => {
    const draw = zipfDraw(100, 1, seededRandom(3));
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 20_000; i++) counts[draw()] += 1;
    expect(counts[0]).toBeGreaterThan(5 * counts[9]);
    expect(counts.every((n) => n > 0)).toBe(true);
  });
});

describe('the limit server', () => {
  let limit: LimitProcess;
  beforeAll(async () => {
    limit = await startLimitProcess(0);
  });
  afterAll(() => limit.stop());

  it.each([
    { name: 'a GET given its own answer', request: { method: 'GET', path: '/api/a?x=1' }, body: 'A' },
    { name: 'a POST given its own answer, told apart by its body', request: { method: 'POST', path: '/graphql', body: '{"q":2}' }, body: 'B' },
    { name: 'a request given none: the first answer', request: { method: 'GET', path: '/other' }, body: 'A' },
  ])('answers $name', async ({ request, body }) => {
    await limit.serveEach([
      { key: requestKey({ method: 'GET', path: '/api/a?x=1' }), body: Buffer.from('A'), contentType: 'text/plain' },
      { key: requestKey({ method: 'POST', path: '/graphql', body: '{"q":2}' }), body: Buffer.from('B'), contentType: 'text/plain' },
    ]);
    const response = await fetch(limit.url + request.path, { method: request.method, body: request.body });
    expect(await response.text()).toBe(body);
  });
});

describe('assertPortFree', () => {
  it('refuses a port another server listens on, and accepts it once that server is gone', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as { port: number };
    await expect(assertPortFree(port)).rejects.toThrow(`port ${port} is taken`);
    await new Promise((resolve) => other.close(resolve));
    await expect(assertPortFree(port)).resolves.toBeUndefined();
  });
});

describe('the response cache hit rate from /metrics', () => {
  it('reads the response cache\'s counters, not another cache\'s', async () => {
    expect(responseCacheLookups(await fixture('metrics.txt'))).toEqual({ hits: 1500, misses: 500 });
  });

  it.each([
    { name: 'hits and misses', after: { hits: 1600, misses: 600 }, expected: { hitRate: 0.5, lookups: 200 } },
    { name: 'no lookups', after: { hits: 1500, misses: 500 }, expected: { hitRate: 0, lookups: 0 } },
  ])('gives the hit rate between two readings: $name', ({ after, expected }) => {
    expect(hitRateBetween({ hits: 1500, misses: 500 }, after)).toEqual(expected);
  });
});

describe('summariseProfile', () => {
  it('ranks self time by function and by file, as shares of the time not idle', async () => {
    const summary = summariseProfile(JSON.parse(await fixture('small.cpuprofile')) as CpuProfile, '/work/app', 3);
    expect({ total: summary.totalMs, idle: summary.idleMs }).toEqual({ total: 16, idle: 4 });
    expect(summary.functions.map((f) => [f.name, f.ms])).toEqual([['reshape (src/rest/reshape.ts)', 8], ['execute (node_modules/graphql/execution/execute.js)', 2], ['(garbage collector)', 1]]);
    expect(summary.files.map((f) => [f.file, f.ms])).toEqual([['src/rest/reshape.ts', 9], ['node_modules/graphql/execution/execute.js', 2], ['(garbage collector)', 1]]);
    expect(summary.functions[0].share).toBeCloseTo(8 / 12);
  });

  it('counts only the samples within the window asked', async () => {
    const summary = summariseProfile(JSON.parse(await fixture('small.cpuprofile')) as CpuProfile, '/work/app', 3, { fromMs: 4, toMs: 9 });
    expect(summary.functions.map((f) => [f.name, f.ms])).toEqual([['reshape (src/rest/reshape.ts)', 4], ['execute (node_modules/graphql/execution/execute.js)', 1], ['(garbage collector)', 1]]);
  });
});

describe('a run\'s report and targets', () => {
  it('renders a results file as the expected markdown', async () => {
    const results = JSON.parse(await fixture('varied-results.json')) as VariedResults;
    expect(`${renderVariedReport(results, checkTargets(results))}\n`).toBe(await fixture('varied-report.md'));
  });

  it.each([
    { target: 'at least 10× Strapi', on: 'default list', met: true },
    { target: 'at least 10× Strapi', on: 'GraphQL nested relations', met: false },
    { target: 'at least 2 % of the limit', on: 'GraphQL nested relations', met: false },
    { target: 'at least 60 % of the limit', on: 'default list', met: true },
    { target: 'writes, durable: at least 10× Strapi', on: 'publish', met: true },
    { target: 'p99 under 50 ms', on: 'reads', met: false },
    { target: 'resident memory under 1 GiB', on: 'peak under the read load', met: true },
    { target: 'at least half the rate at 2,000', on: 'default list', met: false },
  ])('checks "$target" on $on as met: $met', async ({ target, on, met }) => {
    const checks = checkTargets(JSON.parse(await fixture('varied-results.json')) as VariedResults);
    expect(checks.filter((c) => c.target.includes(target) && c.on === on).map((c) => c.met)).toEqual([met]);
  });
});
