// `npm run bench:durable`: the embedded store on disk at two collection sizes, in one run. For
// each: the import into a fresh data folder and the restart on that folder (spawn to first healthy
// answer); then, both gateways running, the varied read scenarios (every request different,
// response cache off) in rounds alternating between the sizes, and each gateway's peak resident
// memory; last, in process, durable write()s per second from 16 callers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { EmbeddedStore } from '../src/store/embedded-store.ts';
import { datasetSize, LARGE_ARTICLES } from './dataset/size.ts';
import { defaultDatasetPath, writeDataset } from './dataset/write.ts';
import { startDataFolderGateway, type DataFolderGateway } from './processes/data-folder-gateway.ts';

const USAGE = 'usage: npm run bench:durable -- [--articles N] [--large-articles N] [--duration S] [--rounds R] [--port P] [--large-node-flags="FLAGS"]';

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

function load(url: string, articles: number, scenario: Varied, seconds: number): Promise<Measured> {
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

interface Measured {
  rate: number;
  p50: number;
  p99: number;
  non2xx: number;
}

interface Prepared extends DataFolderGateway {
  articles: number;
}

/** The size's dataset imported into a fresh data folder, then the gateway started again on that folder (left running). */
async function prepareSize(articles: number, options: { port: number; nodeFlags: string[] }): Promise<Prepared> {
  const dataset = await writeDataset(defaultDatasetPath(articles), datasetSize({ articles }));
  return { articles, ...(await startDataFolderGateway({ dataset: dataset.path, port: options.port, importNodeFlags: options.nodeFlags })) };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each scenario on both sizes in alternating rounds (small first, then large first, …), so both
 * see the machine of the same minutes; a size's figure is its median round.
 */
async function measureScenarios(sizes: readonly Prepared[], options: { seconds: number; rounds: number }): Promise<Measured[][]> {
  const results: Measured[][] = sizes.map(() => []);
  for (const scenario of VARIED) {
    for (const size of sizes) await load(size.gateway.url, size.articles, scenario, 1);
    const rounds: Measured[][] = sizes.map(() => []);
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? sizes.map((_, i) => i) : sizes.map((_, i) => sizes.length - 1 - i);
      for (const i of order) rounds[i].push(await load(sizes[i].gateway.url, sizes[i].articles, scenario, options.seconds));
    }
    rounds.forEach((measured, i) => {
      const middle = measured.find((m) => m.rate === median(measured.map((x) => x.rate)))!;
      results[i].push(middle);
      console.log(`${sizes[i].articles} articles, ${scenario.label}: rounds ${measured.map((m) => m.rate.toFixed(0)).join(', ')} req/s; median ${middle.rate.toFixed(1)}, p50 ${middle.p50} ms, p99 ${middle.p99} ms${middle.non2xx ? `, ${middle.non2xx} non-2xx` : ''}`);
    });
  }
  return results;
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

const { values } = parseArgs({ options: { articles: { type: 'string' }, 'large-articles': { type: 'string' }, duration: { type: 'string' }, rounds: { type: 'string' }, port: { type: 'string' }, 'large-node-flags': { type: 'string' }, help: { type: 'boolean' } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const seconds = Number(values.duration ?? 5);
const rounds = Number(values.rounds ?? 3);
const port = Number(values.port ?? 1620);
const small = await prepareSize(Number(values.articles ?? 2000), { port, nodeFlags: [] });
const large = await prepareSize(Number(values['large-articles'] ?? LARGE_ARTICLES), { port: port + 1, nodeFlags: values['large-node-flags']?.split(/\s+/).filter(Boolean) ?? [] });
const sizes = [small, large];
let measured: Measured[][];
const peakRssMb: number[] = [];
try {
  measured = await measureScenarios(sizes, { seconds, rounds });
  for (const size of sizes) peakRssMb.push((await size.gateway.memory())?.peakRssMb ?? Number.NaN);
} finally {
  for (const size of sizes) {
    await size.gateway.stop();
    rmSync(size.dataDir, { recursive: true, force: true });
  }
}
const writes = await writesPerSecond(16, seconds);
const [smallRates, largeRates] = measured;
console.log(`\n| Scenario (every request different, cache off; median of ${rounds} alternating rounds) | ${small.articles.toLocaleString('en')} req/s | ${large.articles.toLocaleString('en')} req/s | p50 / p99 ms at ${large.articles.toLocaleString('en')} | ratio |`);
console.log('|---|---|---|---|---|');
VARIED.forEach((scenario, i) => {
  const [row, big] = [smallRates[i], largeRates[i]];
  console.log(`| ${scenario.label} | ${row.rate.toFixed(0)} | ${big.rate.toFixed(0)} | ${big.p50} / ${big.p99} | ${(big.rate / row.rate).toFixed(2)}× |`);
});
sizes.forEach((size, i) => {
  console.log(`\n${size.articles} articles: import into a fresh folder ${(size.importMs / 1000).toFixed(1)} s; restart on it ${(size.restartMs / 1000).toFixed(1)} s; peak resident ${peakRssMb[i].toFixed(0)} MB under load`);
});
console.log(`\nwrite() from 16 concurrent callers, each acknowledged once fsynced: ${writes.toFixed(0)} writes/s`);
