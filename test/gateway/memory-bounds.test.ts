// Issue 18's memory attack in process: distinct large GraphQL documents and distinct REST URLs
// leave every cache keyed by client input within its bound in bytes (read from the gateway's
// metrics), and a document past maxDocumentBytes is answered 413 without being parsed or kept.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_SETTINGS, type HttpSettings } from '../../gateway/config/file-config.ts';
import type { Gateway } from '../../gateway/app.ts';
import { DEFAULT_REQUEST_LIMITS } from '../../src/limits/request-limits.ts';
import { blogGateway, graphqlRequest, restRequest } from '../support/test-gateway.ts';

/** Small bounds, so a few hundred requests pass each many times over. */
const BOUNDS = { maxBytes: 4_000_000, documentsMaxBytes: 1_000_000, compiledMaxBytes: 1_000_000, plansMaxBytes: 1_000_000, targetsMaxBytes: 100_000, maxKeptDocumentBytes: 16 * 1024 };
const HTTP: HttpSettings = { ...DEFAULT_HTTP_SETTINGS, cache: { ...DEFAULT_HTTP_SETTINGS.cache, ...BOUNDS } };
const LIMITS = { ...DEFAULT_REQUEST_LIMITS, maxDocumentBytes: 64 * 1024 };
const CACHES = ['response', 'documents', 'compiled', 'compiled_rest', 'plans', 'targets'];

/** A distinct document of about `bytes`: one long string literal, one token for the token limit. */
const literalDocument = (i: number, bytes: number) => `{ articles(filters: { title: { eq: "${`${i}-`.padEnd(bytes, 'x')}" } }) { data { id } } }`;

/** Each cache's bytes, bound and entries, as the metrics report them. */
async function cacheSizes(gateway: Gateway): Promise<Record<string, { bytes: number; maxBytes: number; entries: number }>> {
  const read = async (name: string) => {
    const metric = await gateway.metrics.registry.getSingleMetric(name)!.get();
    return new Map(metric.values.map((value) => [String(value.labels.cache), value.value]));
  };
  const [bytes, maxBytes, entries] = await Promise.all(['gateway_cache_bytes', 'gateway_cache_max_bytes', 'gateway_cache_entries'].map(read));
  return Object.fromEntries([...bytes.keys()].map((cache) => [cache, { bytes: bytes.get(cache)!, maxBytes: maxBytes.get(cache)!, entries: entries.get(cache)! }]));
}

const cachingGateway = () => blogGateway({ extra: { http: HTTP, limits: LIMITS, responseCache: true } });

describe('documents past maxDocumentBytes', () => {
  it.each([
    ['POST', (query: string) => graphqlRequest(query)],
    ['GET', (query: string) => new Request(`http://gateway.test/graphql?query=${encodeURIComponent(query)}`, { headers: { accept: 'application/json' } })],
  ])('are answered 413 as a GraphQL error over %s, and not kept', async (_method, request) => {
    const { gateway } = await blogGateway({ extra: { http: HTTP, limits: { ...LIMITS, maxDocumentBytes: 1000 }, responseCache: true } });
    const query = literalDocument(1, 1001);
    const response = await gateway.fetch(request(query));
    expect(response.status).toBe(413);
    const bytes = Buffer.byteLength(query);
    expect(await response.json()).toEqual({
      errors: [expect.objectContaining({
        message: `The GraphQL document is ${bytes} bytes long, past the limit of 1000 (maxDocumentBytes)`,
        extensions: expect.objectContaining({ code: 'STRAPI_PAYLOAD_TOO_LARGE_ERROR', error: expect.objectContaining({ name: 'PayloadTooLargeError' }) }),
      })],
    });
    expect((await cacheSizes(gateway)).documents.entries).toBe(0);
  });

  it('are answered, and a document at the limit is run', async () => {
    const { gateway } = await blogGateway({ extra: { http: HTTP, limits: { ...LIMITS, maxDocumentBytes: 1000 } } });
    const query = literalDocument(1, 1000 - (literalDocument(1, 0).length - '1-'.length));
    expect(Buffer.byteLength(query)).toBe(1000);
    const response = await gateway.fetch(graphqlRequest(query));
    expect(response.status).toBe(200);
    expect((await response.json()).data.articles.data).toEqual([]);
  });
});

describe('documents past maxKeptDocumentBytes', () => {
  it.each([
    ['a document within the size kept is parsed and compiled once, and kept', 10_000, 1],
    ['a longer one is run each time, and never kept', 20_000, 0],
  ])('%s', async (_name, bytes, kept) => {
    const { gateway } = await cachingGateway();
    // A new variables object each time: the response cache keys on the body, so it does not answer the repeats.
    for (let use = 0; use < 4; use++) expect((await gateway.fetch(graphqlRequest(literalDocument(1, bytes), { use }))).status).toBe(200);
    const sizes = await cacheSizes(gateway);
    expect(sizes.documents.entries).toBe(kept);
    expect(sizes.compiled.entries).toBe(kept);
  });
});

describe('after distinct large documents and distinct REST URLs', () => {
  it('every cache keyed by client input is within its bound in bytes', async () => {
    const { gateway } = await cachingGateway();
    // Past the size kept (parsed each time), and within it (kept), each sent enough times to be compiled.
    for (let i = 0; i < 200; i++) expect((await gateway.fetch(graphqlRequest(literalDocument(i, 40_000)))).status).toBe(200);
    for (let i = 0; i < 100; i++) {
      for (let use = 0; use < 3; use++) expect((await gateway.fetch(graphqlRequest(literalDocument(i, 12_000), { use }))).status).toBe(200);
    }
    for (let i = 0; i < 300; i++) {
      const target = `/api/articles?filters[title][$ne]=${`${i}-`.padEnd(2000, 'u')}`;
      expect((await gateway.fetch(restRequest(target))).status).toBe(200);
      // The server's fast path, which parses the target first.
      gateway.kept({ method: 'GET', url: target, header: () => undefined });
    }
    const sizes = await cacheSizes(gateway);
    expect(Object.keys(sizes).sort()).toEqual([...CACHES].sort());
    for (const cache of CACHES) {
      expect(sizes[cache].bytes, cache).toBeLessThanOrEqual(sizes[cache].maxBytes);
      expect(sizes[cache].entries, cache).toBeGreaterThan(0);
    }
    expect(sizes.documents.maxBytes).toBe(BOUNDS.documentsMaxBytes);
    // Each cache was offered more than it holds: the bound, not the traffic, decided what stayed.
    expect(sizes.documents.entries).toBeLessThan(100);
    expect(sizes.compiled.entries).toBeLessThan(100);
    expect(sizes.plans.entries).toBeLessThan(300);
  });
});
