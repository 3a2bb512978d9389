// A dataset -> the response cache's hit rate and throughput under a mixed load: reads of entries,
// lists and populated answers of every type, with one write per `readsPerWrite` reads, in
// process. A write goes through the store (`store.write`) and `gateway.forget(changes)`, as the
// write path does; `forgetAll` drops the whole cache instead, for comparison. Switching to HTTP
// writes: replace `writeOne` with a `gateway.fetch` of `PUT /api/<type>/<id>`.
import { createGateway, type Gateway } from '../gateway/app.ts';
import { settingsFromSeed } from '../src/seed/seed-settings.ts';
import { buildGraphQLSchema } from '../src/graphql/build-schema.ts';
import { loadContentModel } from '../src/model/load.ts';
import { importSeed } from '../src/seed/import-seed.ts';
import { loadSeedFile } from '../src/seed/load-seed.ts';
import { EmbeddedStore } from '../src/store/embedded-store.ts';
import type { Change, Store } from '../src/store/store.ts';
import { BENCH_SCHEMA } from './processes/gateway-process.ts';

export interface MixedOptions {
  /** Reads between two writes (20: one write per 20 reads). */
  readsPerWrite: number;
  requests: number;
  /** How a write reaches the cache: `forget` its changes, or drop everything (`clear`). */
  invalidation: 'forget' | 'clear' | 'none';
}

export interface MixedResult extends MixedOptions {
  hitRate: number;
  requestsPerSecond: number;
}

/** The reads: a working set over every type, entries and lists, plain and populated. */
function readPaths(count: { articles: number }): string[] {
  const paths: string[] = [];
  for (let id = 1; id <= Math.min(count.articles, 200); id++) paths.push(`/api/articles/${id}`, `/api/articles/${id}?populate=*`);
  for (let page = 1; page <= 10; page++) paths.push(`/api/articles?pagination[page]=${page}`, `/api/articles?populate=*&pagination[page]=${page}`);
  for (const type of ['authors', 'categories', 'tags']) {
    paths.push(`/api/${type}`, `/api/${type}?populate=*`);
    for (let id = 1; id <= 20; id++) paths.push(`/api/${type}/${id}`);
  }
  return paths;
}

/** A small xorshift generator: the same sequence on every run. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** Writes one entry of a type picked in turn (articles most), as the write path would. */
async function writeOne(store: Store, gateway: Gateway, invalidation: MixedOptions['invalidation'], n: number, next: () => number): Promise<void> {
  const collection = ['articles', 'articles', 'articles', 'tags', 'authors', 'categories'][n % 6];
  const [doc] = await store.find(collection, { id: 1 + Math.floor(next() * 20) }, { limit: 1 });
  if (!doc) return;
  const changes: Change[] = [{ op: 'put', collection, doc: { ...doc, updatedAt: new Date() } }];
  await store.write(changes);
  if (invalidation === 'forget') gateway.forget(changes);
  else if (invalidation === 'clear') gateway.dataChanged();
}

/** Runs each setting over the dataset, each on a fresh gateway with the response cache on. */
export async function runMixed(dataset: string, settings: readonly MixedOptions[]): Promise<MixedResult[]> {
  const model = await loadContentModel(BENCH_SCHEMA);
  const seed = await loadSeedFile(dataset);
  const results: MixedResult[] = [];
  for (const options of settings) {
    const store = new EmbeddedStore();
    await importSeed(model, seed, store);
    const access = settingsFromSeed(seed);
    const gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => access, responseCache: true });
    await gateway.loadMeasurement();
    const paths = readPaths({ articles: seed.entries.get('api::article.article')?.length ?? 0 });
    const next = random(7);
    const hitsBefore = await lookups(gateway);
    const started = performance.now();
    for (let i = 1; i <= options.requests; i++) {
      if (i % (options.readsPerWrite + 1) === 0) {
        await writeOne(store, gateway, options.invalidation, i, next);
        continue;
      }
      const response = await gateway.fetch(new Request(`http://bench.local${paths[Math.floor(next() * paths.length)]}`, { headers: { accept: 'application/json' } }));
      await response.arrayBuffer();
    }
    const seconds = (performance.now() - started) / 1000;
    const after = await lookups(gateway);
    const hits = after.hits - hitsBefore.hits;
    const total = hits + after.misses - hitsBefore.misses;
    results.push({ ...options, hitRate: total === 0 ? 0 : hits / total, requestsPerSecond: options.requests / seconds });
    await store.close();
  }
  return results;
}

/** The response cache's hits and misses so far, as /metrics counts them. */
async function lookups(gateway: Gateway): Promise<{ hits: number; misses: number }> {
  const count = async (name: string) => {
    const text = await gateway.metrics.registry.getSingleMetricAsString(name);
    return Number(new RegExp(`${name}\\{cache="response"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  };
  return { hits: await count('gateway_cache_hits_total'), misses: await count('gateway_cache_misses_total') };
}
