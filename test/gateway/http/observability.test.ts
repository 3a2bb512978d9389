// One JSON log line per request (method, path, status, duration, bytes, request id, role),
// errors logged with their stack but answered without it, X-Request-Id kept or made, and
// Prometheus metrics at /metrics: requests, store queries, cache lookups, event-loop lag.
import { describe, expect, it } from 'vitest';
import { listen } from '../../../gateway/server.ts';
import { createLogger } from '../../../gateway/observability/logger.ts';
import { createMetrics } from '../../../gateway/observability/metrics.ts';
import { EmbeddedStore } from '../../../src/store/embedded-store.ts';
import { eventually } from '../../support/eventually.ts';
import { blogGateway, graphqlRequest, restRequest } from '../../support/test-gateway.ts';

type Line = Record<string, unknown>;

/** A logger whose lines land in an array, parsed. */
function capturedLogger() {
  const lines: Line[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

class BrokenStore extends EmbeddedStore {
  broken = false;
  override async find(...args: Parameters<EmbeddedStore['find']>) {
    if (this.broken) throw new Error('socket closed by peer at 10.0.0.7');
    return super.find(...args);
  }
}

describe('request logs', () => {
  it('write one line per request with what an operator needs', async () => {
    const { logger, lines } = capturedLogger();
    const { gateway } = await blogGateway({ extra: { logger } });
    const response = await gateway.fetch(restRequest('/api/tags?fields[0]=name', { authorization: 'Bearer editor-token-123', 'x-request-id': 'trace-42' }));
    const body = await response.arrayBuffer();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      reqId: 'trace-42',
      method: 'GET',
      path: '/api/tags',
      query: 'fields[0]=name',
      status: 200,
      bytes: body.byteLength,
      role: 'editor',
      kind: 'rest',
    });
    expect(lines[0].durationMs).toEqual(expect.any(Number));
  });

  it('leave the email confirmation link\'s token out of the line', async () => {
    const { logger, lines } = capturedLogger();
    const { gateway } = await blogGateway({ extra: { logger } });
    await (await gateway.fetch(restRequest('/api/auth/email-confirmation?x=1&confirmation=0123456789abcdef0123456789abcdef01234567'))).text();
    expect(lines[0]).toMatchObject({ path: '/api/auth/email-confirmation', query: 'x=1&confirmation=[redacted]', status: 400 });
    expect(JSON.stringify(lines)).not.toContain('0123456789abcdef');
  });

  it('log a HEAD request as answered, with no body bytes', async () => {
    const { logger, lines } = capturedLogger();
    const { gateway } = await blogGateway({ extra: { logger, uploadsDir: 'test/fixtures/uploads' } });
    for (const path of ['/api/articles', '/uploads/harbour_dawn_3f9a1c.png']) {
      await gateway.fetch(new Request(`http://gateway.test${path}`, { method: 'HEAD' }));
    }
    expect(lines.map(({ path, status, bytes, aborted }) => ({ path, status, bytes, aborted }))).toEqual([
      { path: '/api/articles', status: 200, bytes: 0, aborted: undefined },
      { path: '/uploads/harbour_dawn_3f9a1c.png', status: 200, bytes: 0, aborted: undefined },
    ]);
  });

  it('log a client that went away before the end of the answer as aborted', async () => {
    const { logger, lines } = capturedLogger();
    const { gateway } = await blogGateway({ extra: { logger } });
    const response = await gateway.fetch(restRequest('/api/articles?populate=*'));
    await response.body!.cancel();
    expect(lines[0]).toMatchObject({ status: 200, bytes: 0, aborted: true });
  });

  it('count an answer the server writes whole over a real socket', async () => {
    const { logger, lines } = capturedLogger();
    const { gateway } = await blogGateway({ extra: { logger } });
    const server = await listen(gateway, 0, '127.0.0.1');
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/api/articles?populate=*`, { headers: { 'accept-encoding': 'identity' } });
      const body = await answer.arrayBuffer();
      await eventually(() => lines.length > 0);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ status: 200, bytes: body.byteLength });
      expect(body.byteLength).toBeGreaterThan(1000);
      expect(lines[0].aborted).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it.each([
    ['the public role', {}, 'public', 200],
    ['no role for an unknown token', { authorization: 'Bearer nope' }, null, 401],
  ])('name %s', async (_name, headers, role, status) => {
    const { logger, lines } = capturedLogger();
    const { gateway } = await blogGateway({ extra: { logger } });
    await (await gateway.fetch(graphqlRequest('{ articles { data { id } } }', {}, headers))).arrayBuffer();
    expect(lines[0]).toMatchObject({ role, status, kind: 'graphql' });
  });

  it.each([
    ['a REST read', (id: string) => restRequest('/api/articles', { 'x-request-id': id }), 500, 'error'],
    ['a GraphQL query, masked in a resolver', (id: string) => graphqlRequest('{ articles { data { id } } }', {}, { 'x-request-id': id }), 200, 'info'],
  ])('log an unexpected error of %s with its stack and its own request id, and answer without them', async (_name, request, status, level) => {
    const { logger, lines } = capturedLogger();
    const store = new BrokenStore();
    const { gateway } = await blogGateway({ store, extra: { logger, log: undefined } });
    store.broken = true;
    // Two at once: each error line names the request that met it.
    const answers = await Promise.all(['broken-1', 'broken-2'].map(async (id) => {
      const response = await gateway.fetch(request(id));
      return { status: response.status, text: await response.text() };
    }));
    for (const answer of answers) {
      expect(answer.status).toBe(status);
      expect(answer.text).toMatch(/Internal Server Error/);
      expect(answer.text).not.toMatch(/10\.0\.0\.7|at .*\.ts/);
    }
    const errors = lines.filter((line) => line.msg === 'unexpected error');
    expect(errors.map((line) => line.reqId).sort()).toEqual(['broken-1', 'broken-2']);
    for (const error of errors) {
      expect(error).toMatchObject({ level: 'error', err: { message: 'socket closed by peer at 10.0.0.7' } });
      expect(String((error.err as Line).stack)).toMatch(/BrokenStore\.find/);
    }
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.reqId, line.level, line.status]).sort()).toEqual([['broken-1', level, status], ['broken-2', level, status]]);
  });

  it('log an unexpected error of a GraphQL plugin (the entry budget, before execution) with its request id', async () => {
    const { logger, lines } = capturedLogger();
    const failure = new Error('estimate store gone at 10.0.0.7');
    const { gateway } = await blogGateway({ extra: { logger, log: undefined, costs: async () => { throw failure; } } });
    const response = await gateway.fetch(graphqlRequest('{ articles { data { id } } }', {}, { 'x-request-id': 'plugin-1' }));
    const text = await response.text();
    expect(text).toMatch(/Internal Server Error/);
    expect(text).not.toMatch(/10\.0\.0\.7/);
    expect(lines.find((line) => line.msg === 'unexpected error')).toMatchObject({ level: 'error', reqId: 'plugin-1', err: { message: failure.message } });
  });
});

describe('X-Request-Id', () => {
  it.each([
    ['keeps an acceptable id', 'req-7f3a:upstream/1', 'req-7f3a:upstream/1'],
    ['replaces one with spaces', 'two words', /^[0-9a-f-]{36}$/],
    ['replaces one that is too long', 'x'.repeat(129), /^[0-9a-f-]{36}$/],
  ])('%s', async (_name, given, expected) => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(restRequest('/_health', { 'x-request-id': given }));
    if (typeof expected === 'string') expect(response.headers.get('x-request-id')).toBe(expected);
    else expect(response.headers.get('x-request-id')).toMatch(expected);
  });

  it('makes one for a request that has none, different each time', async () => {
    const { gateway } = await blogGateway();
    const ids = await Promise.all([1, 2].map(async () => (await gateway.fetch(restRequest('/_health'))).headers.get('x-request-id')));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('/metrics', () => {
  const scrape = async (gateway: { fetch(r: Request): Promise<Response> }) => (await gateway.fetch(restRequest('/metrics'))).text();

  it('counts requests and their latency by route kind and status', async () => {
    const { gateway } = await blogGateway();
    await (await gateway.fetch(restRequest('/api/articles'))).arrayBuffer();
    await (await gateway.fetch(restRequest('/api/nowhere'))).arrayBuffer();
    await (await gateway.fetch(graphqlRequest('{ articles { data { id } } }'))).arrayBuffer();
    const text = await scrape(gateway);
    expect(text).toMatch(/^gateway_http_requests_total\{kind="rest",status="200"\} 1$/m);
    expect(text).toMatch(/^gateway_http_requests_total\{kind="rest",status="404"\} 1$/m);
    expect(text).toMatch(/^gateway_http_requests_total\{kind="graphql",status="200"\} 1$/m);
    expect(text).toMatch(/^gateway_http_request_duration_seconds_count\{kind="rest",status="200"\} 1$/m);
    expect(text).toMatch(/^gateway_http_request_duration_seconds_bucket\{le="\+Inf",kind="graphql",status="200"\} 1$/m);
  });

  it('counts store queries and their latency by operation and collection', async () => {
    const { gateway } = await blogGateway();
    await (await gateway.fetch(restRequest('/api/articles?populate[0]=author'))).arrayBuffer();
    const text = await scrape(gateway);
    expect(text).toMatch(/^gateway_store_queries_total\{op="find",collection="articles",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^gateway_store_queries_total\{op="find",collection="authors",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^gateway_store_queries_total\{op="count",collection="articles",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^gateway_store_query_duration_seconds_count\{op="find",collection="articles"\} 1$/m);
  });

  it('counts failed store queries apart', async () => {
    const store = new BrokenStore();
    const { gateway } = await blogGateway({ store });
    store.broken = true;
    await (await gateway.fetch(restRequest('/api/articles'))).arrayBuffer();
    expect(await scrape(gateway)).toMatch(/^gateway_store_queries_total\{op="find",collection="articles",outcome="error"\} 1$/m);
  });

  it('offers a hook for response caches, counting hits and misses', async () => {
    const metrics = createMetrics();
    const { gateway } = await blogGateway({ extra: { metrics } });
    metrics.recordCacheLookup('response', true);
    metrics.recordCacheLookup('response', true);
    metrics.recordCacheLookup('response', false);
    const text = await scrape(gateway);
    expect(text).toMatch(/^gateway_cache_hits_total\{cache="response"\} 2$/m);
    expect(text).toMatch(/^gateway_cache_misses_total\{cache="response"\} 1$/m);
  });

  it("reports Node's event-loop lag and the process", async () => {
    const { gateway } = await blogGateway();
    const text = await scrape(gateway);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('answers 404 when switched off in the config file', async () => {
    const { loadHttpSettings } = await import('../../../gateway/config/load-config.ts');
    const http = await loadHttpSettings('test/fixtures/config/compression.json');
    const { gateway } = await blogGateway({ extra: { http } });
    expect((await gateway.fetch(restRequest('/metrics'))).status).toBe(404);
  });
});
