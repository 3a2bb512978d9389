// Every hostile request quoted in issue 8, against the conformance model with 2,000 articles:
// each is answered 400 (or, for GraphQL argument values, Strapi's BAD_USER_INPUT) before any store
// read, large answers are made in slices, memory stays bounded, and the gateway answers a normal
// request afterwards. Work is counted (store reads, event-loop turns, bytes), never timed, so a
// busy machine fails nothing. TRACE and malformed Host headers are in server-edge.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDataset } from '../../bench/dataset/write.ts';
import { datasetSize } from '../../bench/dataset/size.ts';
import type { Gateway } from '../../gateway/app.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { CountingStore } from '../support/counting-store.ts';
import { graphqlRequest, modelGateway, restRequest } from '../support/test-gateway.ts';

const CATEGORY_CHAIN = '/api/categories?populate[articles][populate][category][populate][articles][populate]=*';
const GRAPHQL_CHAIN = `{ categories(pagination: { pageSize: 100 }) { data { attributes { articles(pagination: { pageSize: 100 }) { data { attributes {
  category { data { attributes { articles(pagination: { pageSize: 100 }) { data { attributes { title body tags { data { attributes { name } } } } } } } } } } } } } } } }`;

/** `count` fragments, each spreading the next twice: 2^count fields if expanded without memory. */
function fragmentChain(count: number): string {
  let document = 'query { articles { data { ...F0 } } }';
  for (let i = 0; i < count; i++) {
    document += ` fragment F${i} on ArticleEntity { id ${i + 1 < count ? `...F${i + 1} ...F${i + 1}` : 'attributes { title }'} }`;
  }
  return document;
}

function nestedFilter(levels: number): string {
  return `${'{ not: '.repeat(levels)}{ title: { eq: "x" } }${' }'.repeat(levels)}`;
}

function deepSelection(levels: number): string {
  let selection = 'title';
  for (let i = 0; i < levels; i++) selection = `category { data { attributes { articles { data { attributes { ${selection} } } } } } }`;
  return `{ articles { data { attributes { ${selection} } } } }`;
}

type Expectation = { status: number; message: RegExp } | { status: 200; code: string; message: RegExp };

const HOSTILE: Array<[string, () => Request, Expectation]> = [
  ['a public GET populating a category-article chain, 100 a page', () => restRequest(`${CATEGORY_CHAIN}&pagination[pageSize]=100`), { status: 400, message: /could hold \d+ entries or more, past the limit of 100000 \(maxEntries\)/ }],
  ['the same chain, one a page', () => restRequest(`${CATEGORY_CHAIN}&pagination[pageSize]=1`), { status: 400, message: /past the limit of 100000 \(maxEntries\)/ }],
  ['its GraphQL equivalent', () => graphqlRequest(GRAPHQL_CHAIN), { status: 400, message: /past the limit of 100000 \(maxEntries\)/ }],
  ['400 relation sort keys', () => restRequest(`/api/articles?sort=${Array(400).fill('author.name').join(',')}`), { status: 400, message: /Invalid parameter sort: 400 entries, at most 100/ }],
  ['400 relation sort keys in GraphQL', () => graphqlRequest(`{ articles(sort: [${Array(400).fill('"author.name"').join(',')}]) { data { id } } }`), { status: 400, message: /Invalid parameter sort: 400 entries, at most 100/ }],
  // 470 KB of text: refused by its length before it is parsed (issue 18); 2,000 conditions (47 KB) by its tokens.
  ['a GraphQL or of 20,000 conditions', () => graphqlRequest(`{ articles(filters: { or: [${Array(20_000).fill('{ title: { eq: "x" } }').join(',')}] }) { data { id } } }`), { status: 413, message: /past the limit of 262144 \(maxDocumentBytes\)/ }],
  ['a GraphQL or of 2,000 conditions', () => graphqlRequest(`{ articles(filters: { or: [${Array(2_000).fill('{ title: { eq: "x" } }').join(',')}] }) { data { id } } }`), { status: 400, message: /Token limit of 5000 exceeded/ }],
  ['the same or through a variable', () => graphqlRequest('query ($f: ArticleFiltersInput) { articles(filters: $f) { data { id } } }', { f: { or: Array(20_000).fill({ title: { eq: 'x' } }) } }), { status: 400, message: /Variables hold more than 5000 values/ }],
  ['a GraphQL or of 101 conditions', () => graphqlRequest(`{ articles(filters: { or: [${Array(101).fill('{ title: { eq: "x" } }').join(',')}] }) { data { id } } }`), { status: 400, message: /a list of 101 items, at most 100/ }],
  ['600 aliases of a 100-entry page', () => graphqlRequest(`{ ${Array.from({ length: 600 }, (_, i) => `a${i}: articles(pagination: { pageSize: 100 }) { data { id } }`).join(' ')} }`), { status: 400, message: /Token limit of 5000 exceeded/ }],
  ['31 aliases', () => graphqlRequest(`{ ${Array.from({ length: 31 }, (_, i) => `a${i}: articles { data { id } }`).join(' ')} }`), { status: 400, message: /Aliases limit of 30 exceeded, found 31/ }],
  ['a query 40 levels deep', () => graphqlRequest(deepSelection(6)), { status: 400, message: /Query depth limit of 24 exceeded, found 40/ }],
  ['a document of 60,000 tokens', () => graphqlRequest(`{ articles { data { id ${'id '.repeat(60_000)} } } }`), { status: 400, message: /Token limit of 5000 exceeded/ }],
  ['pagination[page]=9007199254740991', () => restRequest('/api/articles?pagination[page]=9007199254740991'), { status: 400, message: /pagination\[page\]: expected a whole number/ }],
  ['pagination[start]=9007199254740991', () => restRequest('/api/articles?pagination[start]=9007199254740991'), { status: 400, message: /pagination\[start\]: expected a whole number/ }],
  ['a date-time of year -271821', () => restRequest('/api/articles?filters[scheduledAt][$gt]=-271821-04-20'), { status: 400, message: /filters\[scheduledAt\]\[\$gt\]: expected an ISO 8601 date-time/ }],
  ['February 30th', () => restRequest('/api/articles?filters[publishDate][$eq]=2024-02-30'), { status: 400, message: /expected a date YYYY-MM-DD on the calendar/ }],
  ['the time 25:99', () => restRequest('/api/articles?filters[readingTime][$eq]=25:99'), { status: 400, message: /filters\[readingTime\]\[\$eq\]/ }],
  ['February 30th in GraphQL', () => graphqlRequest('{ articles(filters: { publishDate: { eq: "2024-02-30" } }) { data { id } } }'), { status: 400, message: /2024-02-30/ }],
  ['REST filters nested 3,000 deep', () => restRequest(`/api/articles?filters${'[$not]'.repeat(3000)}[title]=x`), { status: 400, message: /Input depth exceeded depth option of 20/ }],
  ['GraphQL filters nested 3,000 deep', () => graphqlRequest(`{ articles(filters: ${nestedFilter(3000)}) { data { id } } }`), { status: 400, message: /nests deeper than 64 levels/ }],
  ['GraphQL variables nested 100,000 deep', () => new Request('http://gateway.test/graphql', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: `{"query":"query ($f: ArticleFiltersInput) { articles(filters: $f) { data { id } } }","variables":{"f":${'{"not":'.repeat(100_000)}{}${'}'.repeat(100_000)}}}`,
  }), { status: 400, message: /Variables nest deeper than 24 levels/ }],
  ['GraphQL sort "__proto__"', () => graphqlRequest('{ articles(sort: "__proto__") { data { id } } }'), { status: 200, code: 'BAD_USER_INPUT', message: /Invalid parameter __proto__/ }],
  ['GraphQL filters on "constructor"', () => graphqlRequest('{ articles(filters: { title: { constructor: "x" } }) { data { id } } }'), { status: 400, message: /constructor/ }],
];

/** Documents that must be answered quickly, whatever the answer. */
const FRAGMENT_CHAINS: Array<[string, string]> = [
  ['24 fragments spreading each other (1.3 KB)', fragmentChain(24)],
  ['30 fragments spreading each other (1.6 KB)', fragmentChain(30)],
];

interface Measured { name: string; status: number; ms: number; stallMs: number; bytes: number; reads: number; turns: number }
const measured: Measured[] = [];
let gateway: Gateway;
let store: CountingStore;
let dir: string;
let heapBefore: number;

/** Counts the turns the event loop gives other work until stopped. */
function countTurns(): () => number {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    running = false;
    return turns;
  };
}

/** Sends `request`; counts the store reads it made and the turns other work got meanwhile (times are only reported). */
async function send(name: string, request: Request): Promise<{ response: Response; text: string; reads: number; turns: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  store.reset();
  const stopCounting = countTurns();
  const started = performance.now();
  const response = await gateway.fetch(request);
  const text = await response.text();
  const ms = performance.now() - started;
  const turns = stopCounting();
  loop.disable();
  const reads = store.calls.length;
  measured.push({ name, status: response.status, ms, stallMs: loop.max / 1e6, bytes: text.length, reads, turns });
  return { response, text, reads, turns };
}

/** Lets `turns` turns of the event loop go by: work still running would read meanwhile. */
async function turnsGoBy(turns: number): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gateway-hostile-'));
  const seed = join(dir, 'articles-2000.json');
  await writeDataset(seed, datasetSize());
  store = new CountingStore(new EmbeddedStore());
  // The test gateway's deadline is past what a busy machine reaches (TEST_LIMITS): no 503 here.
  ({ gateway } = await modelGateway('test/fixtures/blog', seed, { store }));
  await gateway.loadMeasurement();
  heapBefore = process.memoryUsage().heapUsed;
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  const worst = measured.reduce((a, b) => (b.stallMs > a.stallMs ? b : a), measured[0]);
  const largest = measured.reduce((a, b) => (b.bytes > a.bytes ? b : a), measured[0]);
  const statuses = measured.reduce<Record<number, number>>((counts, m) => ({ ...counts, [m.status]: (counts[m.status] ?? 0) + 1 }), {});
  console.log([
    `hostile requests: ${measured.length}, statuses ${JSON.stringify(statuses)}`,
    `slowest answer ${Math.max(...measured.map((m) => m.ms)).toFixed(0)} ms; longest event-loop stall ${worst.stallMs.toFixed(0)} ms (${worst.name}); largest answer ${largest.bytes} bytes (${largest.name}, ${largest.turns} turns of other work while it was made)`,
    `heap growth over the run: ${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(0)} MiB`,
  ].join('\n'));
});

describe('hostile requests of issue 8', () => {
  it.each(HOSTILE)('answers %s with a refusal, before any store read', async (name, request, expected) => {
    const { response, text, reads } = await send(name, request());
    expect(response.status).toBe(expected.status);
    const body = JSON.parse(text);
    const message: string = body.error?.message ?? body.errors?.[0]?.message;
    expect(message).toMatch(expected.message);
    if ('code' in expected) expect(body.errors[0].extensions.code).toBe(expected.code);
    expect(reads).toBe(0);
  });

  it('checks the variables of every request of a document, not only of the first', async () => {
    const document = 'query ($f: ArticleFiltersInput, $s: [String]) { articles(filters: $f, sort: $s) { data { id } } }';
    const cases: Array<[Record<string, unknown>, number, RegExp | undefined]> = [
      [{ f: { or: Array(3).fill({ title: { eq: 'x' } }) }, s: ['title'] }, 200, undefined],
      [{ f: { or: Array(101).fill({ title: { eq: 'x' } }) }, s: ['title'] }, 400, /a list of 101 items, at most 100/],
      [{ f: { title: { eq: 'x' } }, s: ['title'] }, 200, undefined],
      [{ f: { title: { eq: 'x' } }, s: Array.from({ length: 40 }, (_, i) => `f${i}`) }, 400, /Invalid parameter sort: more than \d+ distinct keys/],
    ];
    for (const [variables, status, message] of cases) {
      const { response, text, reads } = await send('one document, variables of each size', graphqlRequest(document, variables));
      expect(response.status).toBe(status);
      if (message) {
        expect(JSON.parse(text).errors[0].message).toMatch(message);
        expect(reads).toBe(0);
      }
    }
  });

  it.each(FRAGMENT_CHAINS)('answers %s as the one field it names: one list read and a small answer', async (name, document) => {
    const { response, text, reads } = await send(name, graphqlRequest(document));
    expect(response.status).toBe(200);
    expect(reads).toBeLessThanOrEqual(1);
    expect(text.length).toBeLessThan(10_000);
  });

  it('answers the largest legitimate request of the kind in slices, other work running between them', async () => {
    const { response, text, turns } = await send('every category with its articles populated (legitimate)', restRequest('/api/categories?populate[articles][populate]=*&pagination[pageSize]=100'));
    expect(response.status).toBe(200);
    expect(JSON.parse(text).data.length).toBeGreaterThan(0);
    // Slices are at most 8 ms of work; a slower machine makes more of them, never fewer.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it('stops the work of a client that gives up', async () => {
    const client = new AbortController();
    store.reset();
    const answered = gateway.fetch(new Request(`http://gateway.test/api/categories?populate[articles][populate]=*&pagination[pageSize]=100`, { signal: client.signal }));
    while (store.calls.length === 0) await turnsGoBy(1);
    client.abort();
    expect((await answered).status).toBe(503);
    const reads = store.calls.length;
    await turnsGoBy(100);
    expect(store.calls.length).toBe(reads);
  });

  it('keeps serving, with memory bounded, after all of them', async () => {
    const { response } = await send('a normal request afterwards', restRequest('/api/articles?pagination[pageSize]=5'));
    expect(response.status).toBe(200);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(512 * 2 ** 20);
  });
});
