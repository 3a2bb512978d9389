// The benchmark's scenarios are right requests: each answers 200 with its number of entries from
// the gateway (in process, on a small generated dataset), and the store queries are counted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/app.ts';
import { datasetChunks } from '../../bench/dataset/chunks.ts';
import { datasetSize } from '../../bench/dataset/size.ts';
import { writeDataset } from '../../bench/dataset/write.ts';
import { BENCH_SCHEMA } from '../../bench/processes/gateway-process.ts';
import { countEntries, SCENARIOS } from '../../bench/scenarios.ts';
import { countStoreQueries } from '../../bench/store-queries.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { parseSeed } from '../../src/seed/parse-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

// Enough articles for a 100-entry page and a full 25-entry page of the filtered scenario.
const SIZE = datasetSize({ articles: 300 });

describe('countEntries', () => {
  it.each([
    { name: 'a REST list', body: '{"data":[{"id":1},{"id":2}],"meta":{}}', expected: 2 },
    { name: 'a GraphQL collection', body: '{"data":{"articles":{"data":[{"id":"1"}]}}}', expected: 1 },
    { name: 'GraphQL errors', body: '{"errors":[{"message":"Forbidden access"}],"data":null}', expected: 'GraphQL errors: Forbidden access' },
    { name: 'a REST error envelope', body: '{"data":null,"error":{"status":400}}', expected: 'no entry list in {"data":null,"error":{"status":400}}' },
    { name: 'text that is not JSON', body: 'Not Found', expected: 'not JSON: Not Found' },
  ])('reads $name', ({ body, expected }) => {
    expect(countEntries(body)).toBe(expected);
  });
});

describe('the benchmark scenarios on the gateway', () => {
  let gateway: Gateway;
  let dir: string;
  let dataset: string;

  beforeAll(async () => {
    const model = await loadContentModel(BENCH_SCHEMA);
    const seed = parseSeed(JSON.parse([...datasetChunks(SIZE)].join('')), 'bench seed');
    const store = new EmbeddedStore();
    await importSeed(model, seed, store);
    const settings = settingsFromSeed(seed);
    gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings });
    dir = await mkdtemp(join(tmpdir(), 'bench-scenarios-'));
    dataset = (await writeDataset(join(dir, 'seed.json'), SIZE)).path;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(SCENARIOS.map((scenario) => ({ label: scenario.label, scenario })))('$label answers 200 with its number of entries', async ({ scenario }) => {
    const { method, path, headers, body } = scenario.request;
    const response = await gateway.fetch(new Request(`http://bench.test${path}`, { method, headers, body }));
    const text = await response.text();
    expect({ status: response.status, entries: countEntries(text) }).toEqual({ status: 200, entries: scenario.entries });
  });

  it('counts the store queries of every scenario, the same for 25 and 100 entries with populate=*', async () => {
    const counts = await countStoreQueries(dataset, SCENARIOS);
    expect([...counts.keys()]).toEqual(SCENARIOS.map((s) => s.id));
    for (const count of counts.values()) expect(count).toBeGreaterThan(0);
    expect(counts.get('populate-all-100')).toBe(counts.get('populate-all'));
  });
});
