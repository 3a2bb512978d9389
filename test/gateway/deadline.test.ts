// Every request has a deadline: past it (or once the client has left) its store reads stop, and
// it is answered 503 in its protocol's envelope the moment the deadline passes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST_LIMITS } from '../../src/limits/request-limits.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Filter, FindOptions } from '../../src/store/store.ts';
import { blogGateway, graphqlRequest, restRequest } from '../support/test-gateway.ts';

/**
 * A store whose reads, once `slow` is set, wait until the test releases them: whatever answers
 * meanwhile was answered by the deadline, however busy the machine. Counts the reads it was asked.
 */
class SlowStore extends EmbeddedStore {
  slow = false;
  reads = 0;
  private held: Array<() => void> = [];
  private readonly waiting: Array<Promise<unknown>> = [];
  #firstRead!: () => void;
  /** Settles when the first held read has been asked for. */
  readonly firstRead = new Promise<void>((resolve) => (this.#firstRead = resolve));

  override async find(collection: string, filter: Filter, options?: FindOptions) {
    if (this.slow) {
      this.reads++;
      this.#firstRead();
      const released = new Promise<void>((resolve) => this.held.push(resolve));
      this.waiting.push(released);
      await released;
    }
    return super.find(collection, filter, options);
  }

  /** Reads still held. */
  get inFlight(): number {
    return this.held.length;
  }

  /** Lets every held read go on, and waits until what they started had its turns. */
  async release(): Promise<void> {
    while (this.held.length > 0) {
      for (const go of this.held.splice(0)) go();
      await Promise.all(this.waiting.splice(0));
      await new Promise((resolve) => setImmediate(resolve));
    }
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
  it('answers REST with 503 in Strapi’s envelope when the deadline passes, while its read still waits', async () => {
    const { gateway, store } = await slowGateway(50);
    const response = await gateway.fetch(restRequest('/api/articles?populate=*'));
    expect(store.inFlight).toBe(1);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message, details: { deadlineMs: 50 } } });
    await store.release();
  });

  it('answers GraphQL with 503 and the error alone', async () => {
    const { gateway, store } = await slowGateway(50);
    const response = await gateway.fetch(graphqlRequest('{ articles { data { id attributes { title author { data { id } } } } } }'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      errors: [{ message, extensions: { code: 'STRAPI_SERVICE_UNAVAILABLE_ERROR', error: { name: 'ServiceUnavailableError', message, details: { deadlineMs: 50 } } } }],
    });
    await store.release();
  });

  it('sends no store read once the deadline has passed', async () => {
    const { gateway, store } = await slowGateway(50);
    // Three levels of relations: without the deadline each level would read after the one before.
    await gateway.fetch(restRequest('/api/articles?populate[author][populate][articles][populate]=*'));
    const readsWhenAnswered = store.reads;
    await store.release();
    expect(readsWhenAnswered).toBe(1);
    expect(store.reads).toBe(readsWhenAnswered);
  });

  it('stops the work of a client that went away', async () => {
    const { gateway, store } = await slowGateway(60_000);
    const client = new AbortController();
    const answered = gateway.fetch(new Request('http://gateway.test/api/articles?populate[author][populate][articles][populate]=*', { signal: client.signal }));
    await store.firstRead;
    client.abort();
    const response = await answered;
    expect(response.status).toBe(503);
    const reads = store.reads;
    await store.release();
    expect(store.reads).toBe(reads);
  });

  it('answers within the deadline while the database is still busy, and serves the next request', async () => {
    const { gateway, store } = await slowGateway(50);
    expect((await gateway.fetch(restRequest('/api/articles'))).status).toBe(503);
    expect(store.inFlight).toBe(1);
    store.slow = false;
    expect((await gateway.fetch(restRequest('/api/articles'))).status).toBe(200);
    await store.release();
  });
});
