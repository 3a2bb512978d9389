// Issue 34's request generator: the same seed gives the same requests, no two requests of a run
// are alike, and every request is a right one (answered 200 without errors by the gateway in
// process, on a small varied dataset), REST and GraphQL, reads and writes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { datasetSize } from '../../bench/dataset/size.ts';
import { BENCH_TOKEN_SALT, BENCH_WRITE_TOKEN, VARIETY } from '../../bench/dataset/variety.ts';
import { writeDataset } from '../../bench/dataset/write.ts';
import { BENCH_SCHEMA } from '../../bench/processes/gateway-process.ts';
import type { BenchRequest } from '../../bench/scenarios.ts';
import { fetchChecked, rootIds } from '../../bench/varied/answers.ts';
import { datasetFacts } from '../../bench/varied/dataset-facts.ts';
import { GRAPHQL_SCENARIOS } from '../../bench/varied/graphql-scenarios.ts';
import { requestKey, requestList } from '../../bench/varied/request-list.ts';
import { REST_SCENARIOS } from '../../bench/varied/rest-scenarios.ts';
import { variedSize } from '../../bench/varied/varied-dataset.ts';
import { WRITE_SCENARIOS, writeList, type WriteContext } from '../../bench/writes/scenarios.ts';
import { modelGateway } from '../support/test-gateway.ts';

const SCENARIOS = [...REST_SCENARIOS, ...GRAPHQL_SCENARIOS].map((scenario) => ({ id: scenario.id, scenario }));
/** The benchmark's own size: its facts are cheap to make, no gateway needed. */
const FACTS = datasetFacts(variedSize(2000));
const RUN = 2000;

describe('the varied request lists', () => {
  it.each(SCENARIOS)('$id: the same seed gives the same requests, another seed others', ({ scenario }) => {
    const list = requestList(scenario, FACTS, 7, 100);
    expect(requestList(scenario, FACTS, 7, 100)).toEqual(list);
    expect(requestList(scenario, FACTS, 8, 100).map(requestKey)).not.toEqual(list.map(requestKey));
  });

  it.each(SCENARIOS)(`$id: ${RUN} requests of a run, no two alike`, ({ scenario }) => {
    const keys = requestList(scenario, FACTS, 34, RUN).map(requestKey);
    expect({ requests: keys.length, different: new Set(keys).size }).toEqual({ requests: RUN, different: RUN });
  });

  it.each([
    { name: 'locales', of: (r: BenchRequest) => /locale=(\w+)|"locale":"(\w+)"/.exec(r.path + (r.body ?? ''))?.slice(1).find(Boolean) ?? 'default', expected: ['all', 'default', 'en', 'fr'] },
    { name: 'publication states', of: (r: BenchRequest) => /publicationState=(\w+)|"state":"(\w+)"/.exec(r.path + (r.body ?? ''))?.slice(1).find(Boolean) ?? 'default', expected: ['LIVE', 'PREVIEW', 'default', 'live', 'preview'] },
  ])('draws every one of the dataset\'s $name across the scenarios', ({ of, expected }) => {
    const seen = new Set(SCENARIOS.flatMap(({ scenario }) => requestList(scenario, FACTS, 34, 300).map(of)));
    expect([...seen].sort()).toEqual(expected);
  });

  it('refuses to make a list when the dataset has too few different requests', () => {
    const tiny = datasetFacts(variedSize(4));
    expect(() => requestList(REST_SCENARIOS.find((s) => s.id === 'populate-all-100')!, tiny, 1, 1000)).toThrow('different requests in the dataset');
  });
});

describe('every request on the gateway in process', () => {
  const size = datasetSize({ articles: 300, authors: 30, categories: 8, tags: 12, media: 20, variety: VARIETY });
  let gateway: Gateway;
  let dir: string;
  const base = 'http://bench.test';
  const on = (request: BenchRequest) => gateway.fetch(new Request(base + request.path, { method: request.method, headers: request.headers, body: request.body }));

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bench-varied-'));
    const { path } = await writeDataset(join(dir, 'seed.json'), size);
    ({ gateway } = await modelGateway(BENCH_SCHEMA, path, { secrets: { apiTokenSalt: BENCH_TOKEN_SALT } }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(SCENARIOS)('$id: 25 requests, each answered 200 without errors, most with entries', async ({ scenario }) => {
    const failures: string[] = [];
    let withEntries = 0;
    for (const request of requestList(scenario, datasetFacts(size), 34, 25)) {
      const response = await on(request);
      const body = await response.text();
      if (response.status !== 200 || body.includes('"errors"')) failures.push(`${response.status} ${body.slice(0, 200)}`);
      else if (/\d/.test(rootIds(body))) withEntries += 1;
    }
    expect(failures).toEqual([]);
    expect(withEntries).toBeGreaterThanOrEqual(20);
  });

  it('answers every write of a run with 200: create, update, publish, delete', async () => {
    const context: WriteContext = { run: 'test', facts: datasetFacts(size), created: [] };
    const send = (request: BenchRequest) => on({ ...request, headers: { ...request.headers, authorization: `Bearer ${BENCH_WRITE_TOKEN}` } });
    const statuses: Record<string, number[]> = {};
    for (const scenario of WRITE_SCENARIOS) {
      for (const request of writeList(scenario, context, 34, 3)) {
        const response = await send(request);
        const body = (await response.json()) as { data?: { id?: number } };
        (statuses[scenario.id] ??= []).push(response.status);
        if (scenario.id === 'create-article' && body.data?.id) (context.created as number[]).push(body.data.id);
      }
    }
    expect(statuses).toEqual({ 'create-article': [200, 200, 200], 'update-article': [200, 200, 200], 'publish-article': [200, 200, 200], 'delete-article': [200, 200, 200] });
  });
});

describe('rootIds', () => {
  it.each([
    { name: 'a REST list', body: '{"data":[{"id":3},{"id":9}],"meta":{}}', ids: '3,9' },
    { name: 'a REST entry', body: '{"data":{"id":4,"attributes":{}},"meta":{}}', ids: '4' },
    { name: 'GraphQL root fields', body: '{"data":{"global":{"data":{"id":"1"}},"article":{"data":{"id":"7"}}}}', ids: 'global:1 article:7' },
    { name: 'an empty GraphQL list', body: '{"data":{"articles":{"data":[]}}}', ids: 'articles:' },
  ])('reads the entry ids at the root of $name', ({ body, ids }) => {
    expect(rootIds(body)).toBe(ids);
  });
});

describe('fetchChecked', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    { name: 'a 200 with GraphQL errors', status: 200, body: '{"errors":[{"message":"Forbidden access"}]}', reason: 'GraphQL errors: Forbidden access' },
    { name: 'a 404', status: 404, body: '{"error":{}}', reason: ': 404 {"error":{}}' },
    { name: 'a body that is not JSON', status: 200, body: 'Not Found', reason: 'not JSON: Not Found' },
  ])('says why $name is not a right answer', async ({ status, body, reason }) => {
    vi.stubGlobal('fetch', async () => new Response(body, { status }));
    expect(await fetchChecked('http://x', { method: 'GET', path: '/api/articles', headers: {} })).toContain(reason);
  });
});
