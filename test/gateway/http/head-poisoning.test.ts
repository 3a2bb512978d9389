// Issue 18's cache poisoning, as the attack: a HEAD by any caller, before or after a GET, must
// leave every later GET of that URL whole, for every caller class, with and without compression;
// a kept entry whose bytes are not all there is made again, never served.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../../gateway/app.ts';
import { responseCacheStep } from '../../../gateway/http/response-cache.ts';
import type { Exchange } from '../../../gateway/http/pipeline.ts';
import { listen } from '../../../gateway/server.ts';
import { createMetrics } from '../../../gateway/observability/metrics.ts';
import { WholeResponse } from '../../../src/whole-response.ts';
import { CountingStore } from '../../support/counting-store.ts';
import { EmbeddedStore } from '../../../src/store/embedded-store.ts';
import { buildGraphQLSchema } from '../../../src/graphql/build-schema.ts';
import { modelGateway } from '../../support/test-gateway.ts';

const SEED = 'test/fixtures/seeds/permission-matrix.json';
const SECRETS = { apiTokenSalt: 'matrix-api-token-salt', jwtSecret: 'matrix-jwt-secret' };

const CALLERS: Array<[string, Record<string, string>]> = [
  ['anonymous', {}],
  ['a read-only token', { authorization: 'Bearer matrix-read-only-token-0123456789' }],
  ['a full-access token', { authorization: 'Bearer matrix-full-access-token-01234567' }],
];
const TARGETS = [
  ['a list', '/api/articles?fields[0]=title'],
  ['a populated list (compressible)', '/api/articles?populate=*'],
  ['a single entry', '/api/articles/1?populate=*'],
  ['a single type', '/api/global?populate=*'],
];
const ENCODINGS = [undefined, 'gzip', 'br'];

/** A gateway with the response cache, and one without it over the same store: the answers to compare with. */
async function gateways(store = new CountingStore(new EmbeddedStore())): Promise<{ cached: Gateway; uncached: Gateway; store: CountingStore }> {
  const subject = await modelGateway('test/fixtures/blog', SEED, { store, secrets: SECRETS, extra: { responseCache: true } });
  const uncached = createGateway({ model: subject.model, schema: buildGraphQLSchema(subject.model), store, settings: () => subject.settings, secrets: SECRETS });
  return { cached: subject.gateway, uncached, store };
}

function request(path: string, caller: Record<string, string>, encoding: string | undefined, method = 'GET'): Request {
  const headers: Record<string, string> = { accept: 'application/json', ...caller, ...(encoding ? { 'accept-encoding': encoding } : {}) };
  return new Request(`http://gateway.test${path}`, { method, headers });
}

/** The answer's body as sent, checked against its content-length, and decoded. */
async function read(response: Response): Promise<{ status: number; sent: number; text: string }> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const declared = response.headers.get('content-length');
  if (declared !== null) expect(Number(declared)).toBe(bytes.byteLength);
  const encoding = response.headers.get('content-encoding');
  const plain = encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'br' ? brotliDecompressSync(bytes) : bytes;
  return { status: response.status, sent: bytes.byteLength, text: plain.toString() };
}

/** Whether `response` is `reference`'s body, whole (failures name the case, not the bodies). */
async function same(response: Response, reference: Response, what: string): Promise<void> {
  const [got, wanted] = [await read(response), await read(reference)];
  expect(got.status, what).toBe(200);
  expect(got.text.length, what).toBe(wanted.text.length);
  expect(got.text === wanted.text, what).toBe(true);
}

describe('a HEAD and the response cache', () => {
  it.each(CALLERS)('after a HEAD by %s, every caller class gets whole GET answers, with and without compression', async (_attacker, attacker) => {
    const { cached, uncached } = await gateways();
    for (const [, path] of TARGETS) {
      for (const encoding of ENCODINGS) {
        const head = await cached.fetch(request(path, attacker, encoding, 'HEAD'));
        expect(head.status).toBe(200);
        expect((await head.arrayBuffer()).byteLength).toBe(0);
        for (const [caller, headers] of CALLERS) {
          for (const round of [1, 2]) {
            const what = `${path} ${caller} ${encoding} GET ${round}`;
            await same(await cached.fetch(request(path, headers, encoding)), await uncached.fetch(request(path, headers, encoding)), what);
          }
        }
      }
    }
  });

  it.each(TARGETS)('answers a HEAD of %s with the headers of its GET: its length, ETag and encoding', async (_name, path) => {
    const { cached } = await gateways();
    for (const encoding of ENCODINGS) {
      // A HEAD on a cold cache, then one answered from the GET's entry: both as the GET.
      const cold = await cached.fetch(request(path, {}, encoding, 'HEAD'));
      const get = await cached.fetch(request(path, {}, encoding));
      const sent = (await read(get)).sent;
      const warm = await cached.fetch(request(path, {}, encoding, 'HEAD'));
      for (const head of [cold, warm]) {
        expect(head.headers.get('content-length')).toBe(String(sent));
        expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
        expect(head.headers.get('content-encoding')).toBe(get.headers.get('content-encoding'));
      }
    }
  });

  it('keeps the GET a HEAD was made as, so the next GET reads nothing from the store', async () => {
    const { cached, uncached, store } = await gateways();
    const path = '/api/articles?populate=*';
    await cached.fetch(request(path, {}, 'gzip', 'HEAD'));
    const before = store.calls.length;
    const answer = await cached.fetch(request(path, {}, 'gzip'));
    expect(store.calls.length).toBe(before);
    await same(answer, await uncached.fetch(request(path, {}, 'gzip')), path);
  });
});

describe('the server\'s fast path after a HEAD', () => {
  it('answers `curl -I` then `curl -i` of one URL with the whole body, again and again', async () => {
    const { cached, uncached } = await gateways();
    const server = await listen(cached, 0, '127.0.0.1');
    try {
      const url = `http://127.0.0.1:${server.port}/api/articles?x=1`;
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      const whole = await (await uncached.fetch(new Request(url))).text();
      // The second and third GETs are the fast path's.
      for (let round = 0; round < 3; round++) {
        const get = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
        expect(get.headers.get('content-length')).toBe(String(Buffer.byteLength(whole)));
        expect((await get.text()) === whole).toBe(true);
      }
      const again = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
      expect(again.headers.get('content-length')).toBe(String(Buffer.byteLength(whole)));
    } finally {
      await server.close();
    }
  });
});

describe('a kept entry whose bytes are not all there', () => {
  it('is not written by the server\'s fast path, and the full path makes it again', async () => {
    const { cached, uncached } = await gateways();
    const path = '/api/articles?populate=*';
    const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip' };
    const head = { method: 'GET', url: path, header: (name: string) => headers[name] };
    await (await cached.fetch(request(path, {}, 'gzip'))).arrayBuffer();
    const reply = cached.kept(head)!;
    reply.done(0, true);
    // Its buffer transferred away (detached): the entry's bytes are now zero long.
    const bytes = reply.body as Uint8Array;
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
    expect(bytes.byteLength).toBe(0);
    expect(cached.kept(head)).toBeUndefined();
    await same(await cached.fetch(request(path, {}, 'gzip')), await uncached.fetch(request(path, {}, 'gzip')), path);
    expect(cached.kept(head)).toBeDefined();
  });

  /** The step over a route that counts its calls and answers fresh bytes each time. */
  function stepOver(body: string, declared?: number): { run(method?: string): Promise<Response>; made: string[] } {
    const made: string[] = [];
    const cache = responseCacheStep({
      enabled: true,
      maxBytes: 1024 * 1024,
      cacheControl: () => 'no-cache',
      accessKey: async () => 'public',
      refused: () => new Response(null, { status: 400 }),
      metrics: createMetrics(),
    });
    const route = async (request: Request) => {
      made.push(request.method);
      const length: Record<string, string> = declared === undefined ? {} : { 'content-length': String(declared) };
      return new WholeResponse(new Uint8Array(Buffer.from(body)), { status: 200, headers: { 'content-type': 'application/json', ...length } });
    };
    const run = (method = 'GET') => {
      const exchange: Exchange = { id: 'test', log: (error) => { throw error; }, startedAt: 0, kind: 'unknown' };
      return cache.step(new Request('http://gateway.test/api/articles', { method }), exchange, route);
    };
    return { run, made };
  }

  it('is dropped and made again, never served', async () => {
    const body = JSON.stringify({ data: [{ id: 1 }], meta: {} });
    const { run, made } = stepOver(body);
    expect(await (await run()).text()).toBe(body);
    // Its buffer transferred away (detached): the entry's bytes are now zero long.
    const kept = (await run()) as WholeResponse;
    expect(made).toEqual(['GET']);
    const bytes = kept.whole as Uint8Array;
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
    expect(bytes.byteLength).toBe(0);
    const answer = await run();
    expect(made).toEqual(['GET', 'GET']);
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(await answer.text()).toBe(body);
  });

  it('is not served to a HEAD either, which the route sees as a GET', async () => {
    const body = JSON.stringify({ data: [], meta: {} });
    const { run, made } = stepOver(body);
    const head = await run('HEAD');
    expect(made).toEqual(['GET']);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const bytes = (await run()) as WholeResponse;
    const buffer = (bytes.whole as Uint8Array).buffer;
    structuredClone(buffer, { transfer: [buffer] });
    const again = await run('HEAD');
    expect(made).toEqual(['GET', 'GET']);
    expect(again.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  });

  it('is not kept when the answer declared more bytes than it had', async () => {
    const body = JSON.stringify({ data: [], meta: {} });
    const cut = stepOver(body, Buffer.byteLength(body) + 10);
    await (await cut.run()).arrayBuffer();
    await (await cut.run()).arrayBuffer();
    expect(cut.made).toEqual(['GET', 'GET']);
    const whole = stepOver(body, Buffer.byteLength(body));
    await (await whole.run()).arrayBuffer();
    await (await whole.run()).arrayBuffer();
    expect(whole.made).toEqual(['GET']);
  });
});
