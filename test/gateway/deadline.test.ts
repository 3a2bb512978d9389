// Every request has a deadline: past it (or once the client has left) its store reads stop, and
// it is answered 503 in its protocol's envelope the moment the deadline passes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST_LIMITS } from '../../src/limits/request-limits.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Filter, FindOptions } from '../../src/store/store.ts';
import { blogGateway, graphqlRequest, restRequest } from '../support/test-gateway.ts';

/** A store whose reads take `delayMs` once `slow` is set, counting the reads it was asked for. */
class SlowStore extends EmbeddedStore {
  slow = false;
  delayMs = 200;
  reads = 0;
  override async find(collection: string, filter: Filter, options?: FindOptions) {
    if (this.slow) {
      this.reads++;
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    }
    return super.find(collection, filter, options);
  }
}

async function slowGateway(timeoutMs: number) {
  const store = new SlowStore();
  const { gateway } = await blogGateway({ store, extra: { limits: { ...DEFAULT_REQUEST_LIMITS, timeoutMs } } });
  await gateway.loadMeasurement();
  store.slow = true;
  return { gateway, store };
}

const message = 'The request did not finish within its deadline of 50 ms and was stopped';

describe('a request past its deadline', () => {
  it('answers REST with 503 in Strapi’s envelope when the deadline passes', async () => {
    const { gateway } = await slowGateway(50);
    const started = performance.now();
    const response = await gateway.fetch(restRequest('/api/articles?populate=*'));
    expect(performance.now() - started).toBeLessThan(150);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message, details: { deadlineMs: 50 } } });
  });

  it('answers GraphQL with 503 and the error alone', async () => {
    const { gateway } = await slowGateway(50);
    const response = await gateway.fetch(graphqlRequest('{ articles { data { id attributes { title author { data { id } } } } } }'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errors: [{ message, extensions: { code: 'STRAPI_SERVICE_UNAVAILABLE_ERROR', error: { name: 'ServiceUnavailableError', message, details: { deadlineMs: 50 } } } }],
    });
  });

  it('sends no store read once the deadline has passed', async () => {
    const { gateway, store } = await slowGateway(50);
    // Three levels of relations: without the deadline each level would read after the one before.
    await gateway.fetch(restRequest('/api/articles?populate[author][populate][articles][populate]=*'));
    const readsWhenAnswered = store.reads;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readsWhenAnswered).toBe(1);
    expect(store.reads).toBe(readsWhenAnswered);
  });

  it('stops the work of a client that went away', async () => {
    const { gateway, store } = await slowGateway(5_000);
    const client = new AbortController();
    const answered = gateway.fetch(new Request('http://gateway.test/api/articles?populate[author][populate][articles][populate]=*', { signal: client.signal }));
    setTimeout(() => client.abort(), 50);
    const response = await answered;
    expect(response.status).toBe(503);
    const reads = store.reads;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(store.reads).toBe(reads);
  });

  it('answers within the deadline while the database is still busy, and serves the next request', async () => {
    const { gateway, store } = await slowGateway(50);
    store.delayMs = 2_000;
    const started = performance.now();
    expect((await gateway.fetch(restRequest('/api/articles'))).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(500);
    store.slow = false;
    expect((await gateway.fetch(restRequest('/api/articles'))).status).toBe(200);
  });
});
