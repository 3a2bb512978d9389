// `npm run bench:durable`: the embedded store on disk at two collection sizes, in one run. For
// each: the import into a fresh data folder, the restart on that folder (spawn to first healthy
// answer), then the varied read scenarios (every request different, response cache off) with the
// gateway's resident memory, and, in process, durable write()s per second from 16 callers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { EmbeddedStore } from '../src/store/embedded-store.ts';
import { datasetSize, LARGE_ARTICLES } from './dataset/size.ts';
import { defaultDatasetPath, writeDataset } from './dataset/write.ts';
import { startGatewayProcess, type GatewayProcess } from './processes/gateway-process.ts';

const USAGE = 'usage: npm run bench:durable -- [--articles N] [--large-articles N] [--duration S] [--port P] [--large-node-flags="FLAGS"]';

interface Varied {
  label: string;
  /** A path of the scenario, different at each call. */
  path(articles: number): string;
}

const random = (n: number) => 1 + Math.floor(Math.random() * n);
const page = (articles: number) => random(Math.floor(articles / 25));

/** The scenarios, each request different: a random page, a random threshold, a random kind. */
const VARIED: readonly Varied[] = [
  { label: 'default list, random page', path: (n) => `/api/articles?pagination[page]=${page(n)}` },
  { label: 'populate=*, random page', path: (n) => `/api/articles?populate=*&pagination[page]=${page(n)}` },
  { label: 'deep populate, random page', path: (n) => `/api/articles?populate[author][populate][avatar]=true&populate[category][populate][parent]=true&populate[blocks][populate]=*&populate[seo][populate]=*&populate[related][populate][cover]=true&pagination[page]=${page(n)}` },
  { label: 'range filter + sort, random threshold', path: () => `/api/articles?filters[views][$gte]=${random(100_000)}&sort[0]=views:desc` },
  { label: 'filters + sort + fields, random threshold', path: () => `/api/articles?filters[kind][$eq]=guide&filters[views][$gte]=${random(100_000)}&sort[0]=views:desc&fields[0]=title&fields[1]=slug&fields[2]=views&fields[3]=publishDate` },
  { label: 'kind equal, random kind and page', path: (n) => `/api/articles?filters[kind][$eq]=${['news', 'guide', 'opinion'][random(3) - 1]}&pagination[page]=${random(Math.max(1, Math.floor(n / 75)))}` },
];

function load(url: string, articles: number, scenario: Varied, seconds: number): Promise<{ rate: number; p50: number; p99: number; non2xx: number }> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 8,
        duration: seconds,
        timeout: 120,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: scenario.path(articles) }) }],
      },
      (error, result) => (error ? reject(error) : resolve({ rate: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx })),
    );
  });
}

interface SizeResult {
  articles: number;
  importMs: number;
  restartMs: number;
  peakRssMb: number;
  rates: Array<{ label: string; rate: number; p50: number; p99: number; non2xx: number }>;
}

async function measureSize(articles: number, options: { port: number; seconds: number; nodeFlags: string[] }): Promise<SizeResult> {
  const dataset = await writeDataset(defaultDatasetPath(articles), datasetSize({ articles }));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-durable-'));
  const common = { dataset: dataset.path, port: options.port, responseCache: 'off' as const, dataDir, nodeFlags: options.nodeFlags, timeoutMs: 1_800_000 };
  let gateway: GatewayProcess = await startGatewayProcess(common);
  const importMs = gateway.readyMs;
  await gateway.stop();
  // The restart serves the data folder as `npm start` would: the import's larger heap is not given.
  gateway = await startGatewayProcess({ ...common, nodeFlags: [] });
  const rates: SizeResult['rates'] = [];
  try {
    for (const scenario of VARIED) {
      await load(gateway.url, articles, scenario, 1);
      const measured = await load(gateway.url, articles, scenario, options.seconds);
      rates.push({ label: scenario.label, ...measured });
      console.log(`${articles} articles, ${scenario.label}: ${measured.rate.toFixed(1)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms${measured.non2xx ? `, ${measured.non2xx} non-2xx` : ''}`);
    }
    const memory = await gateway.memory();
    return { articles, importMs, restartMs: gateway.readyMs, peakRssMb: memory?.peakRssMb ?? NaN, rates };
  } finally {
    await gateway.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Acknowledged (durable) write()s per second from `callers` concurrent callers, in process. */
async function writesPerSecond(callers: number, seconds: number): Promise<number> {
  const folder = mkdtempSync(path.join(tmpdir(), 'gateway-writes-'));
  const store = new EmbeddedStore({ file: path.join(folder, 'store.db') });
  await store.ensureIndexes('articles', [{ keys: { slug: 1 }, unique: true, name: 'slug_unique' }, { keys: { author: 1 }, name: 'author_1' }]);
  let next = 1;
  let acknowledged = 0;
  const until = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const id = next++;
      await store.write([{ op: 'put', collection: 'articles', doc: { id, slug: `a-${id}`, title: `Article ${id}`, author: id % 50, publishedAt: new Date(), seo: { id, metaTitle: 't' }, tags: [1, 2, 3] } }]);
      acknowledged += 1;
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  await store.close();
  rmSync(folder, { recursive: true, force: true });
  return acknowledged / seconds;
}

const { values } = parseArgs({ options: { articles: { type: 'string' }, 'large-articles': { type: 'string' }, duration: { type: 'string' }, port: { type: 'string' }, 'large-node-flags': { type: 'string' }, help: { type: 'boolean' } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const seconds = Number(values.duration ?? 5);
const port = Number(values.port ?? 1620);
const small = await measureSize(Number(values.articles ?? 2000), { port, seconds, nodeFlags: [] });
const large = await measureSize(Number(values['large-articles'] ?? LARGE_ARTICLES), { port, seconds, nodeFlags: values['large-node-flags']?.split(/\s+/).filter(Boolean) ?? [] });
const writes = await writesPerSecond(16, seconds);
console.log('\n| Scenario (every request different, cache off) | ' + `${small.articles.toLocaleString('en')} req/s | ${large.articles.toLocaleString('en')} req/s | p50 / p99 ms at ${large.articles.toLocaleString('en')} | ratio |`);
console.log('|---|---|---|---|---|');
small.rates.forEach((row, i) => {
  const big = large.rates[i];
  console.log(`| ${row.label} | ${row.rate.toFixed(0)} | ${big.rate.toFixed(1)} | ${big.p50} / ${big.p99} | ${(big.rate / row.rate).toFixed(2)}× |`);
});
for (const result of [small, large]) {
  console.log(`\n${result.articles} articles: import into a fresh folder ${(result.importMs / 1000).toFixed(1)} s; restart on it ${(result.restartMs / 1000).toFixed(1)} s; peak resident ${result.peakRssMb.toFixed(0)} MB under load`);
}
console.log(`\nwrite() from 16 concurrent callers, each acknowledged once fsynced: ${writes.toFixed(0)} writes/s`);
