// The response cache and conditional requests: every 200 read has a strong ETag, Cache-Control
// and Vary, and a current If-None-Match answers 304; with the cache on, a repeat is answered
// without reading the store, only to a caller of the same access class, the same URL, Accept and
// Accept-Encoding (and GraphQL body); GraphQL answers with errors are not kept; `dataChanged()`
// forgets everything; the size bound holds; lookups are counted in /metrics.
import { gunzipSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { cacheControlFor, DEFAULT_HTTP_SETTINGS, parseFileConfig, type HttpSettings } from '../../../gateway/config/file-config.ts';
import { forCaller, varyWith } from '../../../gateway/http/response-cache.ts';
import { createLogger } from '../../../gateway/observability/logger.ts';
import { listen } from '../../../gateway/server.ts';
import { noneMatchHits } from '../../../gateway/http/conditional.ts';
import { loadContentModel } from '../../../src/model/load.ts';
import { CountingStore } from '../../support/counting-store.ts';
import { EmbeddedStore } from '../../../src/store/embedded-store.ts';
import { eventually } from '../../support/eventually.ts';
import { blogGateway, graphqlRequest, modelGateway, restRequest } from '../../support/test-gateway.ts';

const EDITOR = { authorization: 'Bearer editor-token-123' };

async function cached(http: HttpSettings = DEFAULT_HTTP_SETTINGS, responseCache = true) {
  const store = new CountingStore(new EmbeddedStore());
  const subject = await blogGateway({ store, extra: { responseCache, http } });
  store.reset();
  /** The answer, and how many store reads it took. */
  const ask = async (request: Request) => {
    const before = store.calls.length;
    const response = await subject.gateway.fetch(request);
    const body = Buffer.from(await response.arrayBuffer());
    return { response, body, text: body.toString(), reads: store.calls.length - before };
  };
  return { ...subject, store, ask };
}

describe('validators and conditional requests, cache off', () => {
  it.each([
    ['REST', () => restRequest('/api/articles?fields[0]=title')],
    ['GraphQL', () => graphqlRequest('{ articles { data { id } } }')],
  ])('%s: a strong ETag, no-cache and Vary on a 200; a current If-None-Match is a 304 without body', async (_name, request) => {
    const { ask } = await cached(DEFAULT_HTTP_SETTINGS, false);
    const first = await ask(request());
    const etag = first.response.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.response.headers.get('cache-control')).toBe('no-cache');
    expect(first.response.headers.get('vary')).toMatch(/Accept\b.*Authorization/);

    const conditional = (value: string) => {
      const made = request();
      const headers = new Headers(made.headers);
      headers.set('if-none-match', value);
      return new Request(made, { headers });
    };
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await ask(conditional(value));
      expect(again.response.status).toBe(304);
      expect(again.body.byteLength).toBe(0);
      expect(again.response.headers.get('etag')).toBe(etag);
      expect(again.response.headers.get('cache-control')).toBe('no-cache');
      // Cache off: the answer is made again each time, and only then compared.
      expect(again.reads).toBeGreaterThan(0);
    }
    const stale = await ask(conditional('"not-this-one"'));
    expect(stale.response.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('gives no ETag to errors, and never answers them 304', async () => {
    const { ask } = await cached();
    const refused = await ask(restRequest('/api/tags', { 'if-none-match': '*' }));
    expect(refused.response.status).toBe(403);
    expect(refused.response.headers.get('etag')).toBeNull();
  });
});

describe('the response cache', () => {
  it('answers a repeat without reading the store, byte for byte, with the same ETag', async () => {
    const { ask } = await cached();
    for (const request of [() => restRequest('/api/articles?populate=*'), () => graphqlRequest('{ articles { data { id attributes { title } } } }')]) {
      const first = await ask(request());
      const second = await ask(request());
      expect(first.reads).toBeGreaterThan(0);
      expect(second.reads).toBe(0);
      expect(second.text).toBe(first.text);
      expect(second.response.headers.get('etag')).toBe(first.response.headers.get('etag'));
      expect(second.response.headers.get('content-type')).toBe(first.response.headers.get('content-type'));
      const notModified = await ask(new Request(request(), { headers: { ...Object.fromEntries(request().headers), 'if-none-match': first.response.headers.get('etag')! } }));
      expect([notModified.response.status, notModified.reads]).toEqual([304, 0]);
    }
  });

  it('never gives one access class the answer of another', async () => {
    const { ask } = await cached();
    const asked: Array<[string, Record<string, string>, number]> = [
      ['/api/tags', {}, 403],
      ['/api/tags', EDITOR, 200],
      ['/api/tags', {}, 403],
      ['/api/tags', { authorization: 'Bearer not-a-token' }, 401],
      ['/api/tags', EDITOR, 200],
    ];
    for (const [path, headers, status] of asked) expect((await ask(restRequest(path, headers))).response.status).toBe(status);
  });

  it('keys by URL, Accept, Accept-Encoding and the GraphQL body', async () => {
    const { ask } = await cached();
    const json = await ask(restRequest('/api/articles?fields[0]=title'));
    const explained = await ask(restRequest('/api/articles?fields[0]=title', { accept: 'application/graphql' }));
    expect(explained.text).not.toBe(json.text);
    expect(explained.text).toContain('articles');

    const gzip = await ask(restRequest('/api/articles?populate=*', { 'accept-encoding': 'gzip' }));
    const plain = await ask(restRequest('/api/articles?populate=*', { 'accept-encoding': 'identity' }));
    const gzipAgain = await ask(restRequest('/api/articles?populate=*', { 'accept-encoding': 'gzip' }));
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(gunzipSync(gzip.body).toString()).toBe(plain.text);
    expect(gzipAgain.reads).toBe(0);
    expect(gzipAgain.body.equals(gzip.body)).toBe(true);
    expect(gzip.response.headers.get('etag')).not.toBe(plain.response.headers.get('etag'));

    const query = 'query($id: ID) { article(id: $id) { data { id } } }';
    const one = await ask(graphqlRequest(query, { id: '1' }));
    const two = await ask(graphqlRequest(query, { id: '2' }));
    expect(two.reads).toBeGreaterThan(0);
    expect(JSON.parse(one.text).data.article.data.id).toBe('1');
    expect(JSON.parse(two.text).data.article.data.id).toBe('2');
  });

  it('serves HEAD from what GET kept, without a body', async () => {
    const { gateway, ask } = await cached();
    const get = await ask(restRequest('/api/articles'));
    const head = await gateway.fetch(new Request('http://gateway.test/api/articles', { method: 'HEAD', headers: { accept: 'application/json' } }));
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(get.response.headers.get('etag'));
  });

  it('does not keep GraphQL answers with errors', async () => {
    const { ask } = await cached();
    // Tags are not the public role's to list: an error beside the data, each time read again.
    const query = '{ articles { data { attributes { tags { data { id } } } } } }';
    const first = await ask(graphqlRequest(query));
    const second = await ask(graphqlRequest(query));
    expect(JSON.parse(first.text).errors?.length).toBeGreaterThan(0);
    expect(second.reads).toBeGreaterThan(0);
  });

  it('keeps each user its own `me`', async () => {
    const secret = 'test-jwt-secret';
    const store = new CountingStore(new EmbeddedStore());
    const { gateway } = await modelGateway('test/fixtures/schemas/real-project', 'test/fixtures/seeds/real-project.json', { store, secrets: { jwtSecret: secret, apiTokenSalt: 'test-api-token-salt' }, extra: { responseCache: true } });
    const jwt = (id: number) => new SignJWT({ id }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode(secret));
    const me = async (id: number) => (await (await gateway.fetch(restRequest('/api/users/me?fields[0]=username', { authorization: `Bearer ${await jwt(id)}` }))).json()) as { id: number };
    // A second active user beside the seed's one.
    await store.upsertMany('up_users', [{ id: 3, username: 'linus', email: 'linus@example.com', provider: 'local', confirmed: true, blocked: false, role: 1, job: 'Baker' }]);
    const users = await store.find('up_users', {}, {});
    const active = users.filter((user) => user.blocked !== true).map((user) => user.id);
    expect(active.length).toBeGreaterThan(1);
    for (const id of [...active, ...active]) expect((await me(id)).id).toBe(id);
  });

  it('forgets everything when the data changes', async () => {
    const { gateway, ask } = await cached();
    await ask(restRequest('/api/articles'));
    expect((await ask(restRequest('/api/articles'))).reads).toBe(0);
    gateway.dataChanged();
    expect((await ask(restRequest('/api/articles'))).reads).toBeGreaterThan(0);
  });

  it('keeps at most its size in bytes, and no answer over a quarter of it', async () => {
    const small = { ...DEFAULT_HTTP_SETTINGS, cache: { ...DEFAULT_HTTP_SETTINGS.cache, maxBytes: 8 * 1024 } };
    const { ask } = await cached(small);
    const big = await ask(restRequest('/api/articles?populate=*', { 'accept-encoding': 'identity' }));
    expect(big.body.byteLength).toBeGreaterThan(2 * 1024);
    expect((await ask(restRequest('/api/articles?populate=*', { 'accept-encoding': 'identity' }))).reads).toBeGreaterThan(0);
    const tiny = () => restRequest('/api/articles?fields[0]=title&pagination[pageSize]=1');
    await ask(tiny());
    expect((await ask(tiny())).reads).toBe(0);
  });

  it('counts hits and misses in /metrics', async () => {
    const { gateway, ask } = await cached();
    await ask(restRequest('/api/articles'));
    await ask(restRequest('/api/articles'));
    await ask(restRequest('/api/articles'));
    const metrics = await (await gateway.fetch(new Request('http://gateway.test/metrics'))).text();
    expect(metrics).toMatch(/cache_hits_total\{cache="response"\} 2/);
    expect(metrics).toMatch(/cache_misses_total\{cache="response"\} 1/);
  });

  it('answers a GraphQL body past the limit 413 in the GraphQL envelope, as without the cache', async () => {
    const { ask } = await cached();
    const body = JSON.stringify({ query: `{ articles { data { id } } } #${'x'.repeat(1024 * 1024)}` });
    const refused = await ask(new Request('http://gateway.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body }));
    expect(refused.response.status).toBe(413);
    expect(JSON.parse(refused.text).errors[0].extensions.code).toBeDefined();
  });
});

describe('Cache-Control', () => {
  it('is the content-type\'s for the public and private for callers with credentials', async () => {
    const http = parseFileConfig({ cache: { cacheControl: { 'api::article.article': 'public, max-age=60' } } }, 'test.json');
    const { ask } = await cached(http);
    expect((await ask(restRequest('/api/articles'))).response.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await ask(restRequest('/api/articles', EDITOR))).response.headers.get('cache-control')).toBe('private, max-age=60');
    expect((await ask(restRequest('/api/categories'))).response.headers.get('cache-control')).toBe('no-cache');
  });

  it('refuses a content-type the model lacks, and a value that is not a header value', async () => {
    const model = await loadContentModel('test/fixtures/blog');
    const settings = parseFileConfig({ cache: { cacheControl: { 'api::recipe.recipe': 'max-age=5' } } }, 'test.json');
    expect(() => cacheControlFor(model, settings.cache)).toThrow(/no content-type api::recipe.recipe/);
    expect(() => parseFileConfig({ cache: { cacheControl: { default: 'max-age=5\n' } } }, 'test.json')).toThrow(/cache.cacheControl.default/);
    expect(() => parseFileConfig({ cache: { maxBytes: -1 } }, 'test.json')).toThrow(/cache.maxBytes/);
  });

  it.each([
    ['no-cache', false, 'no-cache'],
    ['no-cache', true, 'private, no-cache'],
    ['public, max-age=60', true, 'private, max-age=60'],
    ['private, max-age=5', true, 'private, max-age=5'],
    ['no-store', true, 'no-store'],
  ])('%s with credentials %s: %s', (value, credentials, expected) => {
    expect(forCaller(value, credentials)).toBe(expected);
  });

  it.each([
    [null, 'Accept, Authorization'],
    ['Accept-Encoding', 'Accept-Encoding, Accept, Authorization'],
    ['accept, Accept-Encoding', 'accept, Accept-Encoding, Authorization'],
    ['*', '*'],
  ])('Vary %s becomes %s', (vary, expected) => {
    expect(varyWith(vary, ['Accept', 'Authorization'])).toBe(expected);
  });

  it.each([
    [null, false],
    ['"a"', true],
    ['W/"a"', true],
    ['"b", "a"', true],
    ['"b"', false],
    ['*', true],
  ])('If-None-Match %s matches "a": %s', (header, expected) => {
    expect(noneMatchHits(header, '"a"')).toBe(expected);
  });
});

describe('the server\'s fast path for kept answers', () => {
  /** The gateway behind node:http, with a log to read. */
  async function served() {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const { gateway } = await blogGateway({ extra: { responseCache: true, logger } });
    const server = await listen(gateway, 0, '127.0.0.1');
    const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
      fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers: { accept: 'application/json', 'accept-encoding': 'gzip', ...headers } });
    return { gateway, server, get, lines };
  }
  const headersOf = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !['date', 'x-request-id', 'keep-alive', 'connection'].includes(name)));

  it('answers a repeat with the bytes and headers of the full path, and logs it alike', async () => {
    const { server, get, lines, gateway } = await served();
    try {
      const path = '/api/articles?populate=*';
      const first = await get(path);
      const firstBody = Buffer.from(await first.arrayBuffer());
      const fast = vi.spyOn(gateway, 'kept');
      const second = await get(path, { 'x-request-id': 'trace-7' });
      const secondBody = Buffer.from(await second.arrayBuffer());
      expect(fast.mock.results.at(-1)?.value).toBeDefined();
      expect(second.status).toBe(200);
      expect(secondBody.equals(firstBody)).toBe(true);
      expect(headersOf(second)).toEqual(headersOf(first));
      expect(headersOf(second)).toMatchObject({ 'content-encoding': 'gzip', 'x-content-type-options': 'nosniff' });
      expect(second.headers.get('x-request-id')).toBe('trace-7');
      await eventually(() => lines.length >= 2);
      const fields = ({ reqId: _id, durationMs: _ms, time: _t, ...rest }: Record<string, unknown>) => rest;
      expect(fields(lines[1])).toEqual(fields(lines[0]));
      expect(lines[1]).toMatchObject({ reqId: 'trace-7', status: 200, kind: 'rest', role: 'public' });
      expect(lines[1].bytes).toBeGreaterThan(0);

      const head = await get(path, {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(headersOf(head)).toEqual(headersOf(first));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      expect(fast.mock.results.at(-1)?.value).toBeDefined();
    } finally {
      await server.close();
    }
  });

  it('answers a repeated GraphQL POST from the fast path, and only the same body', async () => {
    const { server, gateway } = await served();
    try {
      const post = (query: string) =>
        fetch(`http://127.0.0.1:${server.port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query }) });
      const query = '{ articles { data { id attributes { title } } } }';
      const first = await post(query);
      const firstText = await first.text();
      const fast = vi.spyOn(gateway, 'kept');
      const second = await post(query);
      expect(await second.text()).toBe(firstText);
      expect(headersOf(second)).toEqual(headersOf(first));
      expect(fast.mock.results.at(-1)?.value).toBeDefined();
      const other = await post('{ articles { data { id } } }');
      expect(JSON.parse(await other.text()).data.articles.data[0]).toEqual({ id: expect.any(String) });
      expect(fast.mock.results.at(-1)?.value).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it.each<[string, Record<string, string> | 'etag', number]>([
    ['a cross-origin request (CORS headers)', { origin: 'https://app.example.com' }, 200],
    ['a conditional request', 'etag', 304],
    ['a request with credentials', EDITOR, 200],
  ])('leaves %s to the full path', async (_name, extra, status) => {
    const { server, get, gateway } = await served();
    try {
      const path = '/api/articles?fields[0]=title';
      const first = await get(path);
      await first.arrayBuffer();
      const headers: Record<string, string> = extra === 'etag' ? { 'if-none-match': first.headers.get('etag')! } : extra;
      const fast = vi.spyOn(gateway, 'kept');
      const again = await get(path, headers);
      await again.arrayBuffer();
      expect(again.status).toBe(status);
      expect(fast.mock.results.at(-1)?.value).toBeUndefined();
      if ('origin' in headers) expect(again.headers.get('access-control-allow-origin')).toBe(headers.origin);
    } finally {
      await server.close();
    }
  });
});
