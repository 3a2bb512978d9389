// MongoStore when the database is down, hung, restarted, failing over, or not up yet: calls fail
// fast with ServiceUnavailableError, and the same store instance recovers without being rebuilt.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../src/errors/errors.ts';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import type { Store } from '../../src/store/store.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';

const TIMEOUT_MS = 300;
/**
 * What tells the store's own bound (one attempt and the driver's one retry: about 0.6 s) from the
 * driver's defaults, which wait 30 s to select a server and for ever on a hung socket: a third of
 * the 30 s, so only a store left to those defaults fails it, however busy the machine.
 */
const BOUND_MS = 10_000;

/** Every Store call, run against a collection that exists. */
const OPERATIONS: Array<[string, (store: Store) => Promise<unknown>]> = [
  ['find', (store) => store.find('things', {})],
  ['count', (store) => store.count('things', {})],
  ['aggregate', (store) => store.aggregate('things', [{ $match: {} }])],
  ['upsertMany', (store) => store.upsertMany('things', [{ id: 2 }])],
  ['allocateIds', (store) => store.allocateIds('things', 1)],
  ['reserveUpTo', (store) => store.reserveUpTo('things', 10)],
  ['ensureIndexes', (store) => store.ensureIndexes('things', [{ keys: { id: 1 }, name: 'id_1' }])],
  ['listIndexes', (store) => store.listIndexes('things')],
  ['drop', (store) => store.drop('other_things')],
  ['ping', (store) => store.ping()],
];

/** The rejection of `call`, and how long it took to come. */
async function rejectionOf(call: Promise<unknown>): Promise<{ error: unknown; elapsed: number }> {
  const started = performance.now();
  const error = await call.then(
    () => new Error('expected the call to reject, but it resolved'),
    (reason: unknown) => reason,
  );
  return { error, elapsed: performance.now() - started };
}

let server: WireServer;
const stores: Store[] = [];

/** A store on its own database, closed after the test file. */
function storeFor(database: string, readPreference?: string): Store {
  const store = createMongoStore({ uri: server.uriFor(database), timeoutMs: TIMEOUT_MS, readPreference });
  stores.push(store);
  return store;
}

beforeAll(async () => {
  server = await startWireServer();
});
afterEach(async () => {
  await server.restart();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await server.stop();
});

describe('a MongoStore whose database has stopped', () => {
  let store: Store;

  beforeAll(async () => {
    store = storeFor('stopped');
    await store.upsertMany('things', [{ id: 1 }]);
  });

  it.each(OPERATIONS)('rejects %s with ServiceUnavailableError within the bounded timeout', async (operation, call) => {
    await server.stop();
    const { error, elapsed } = await rejectionOf(call(store));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).message).toBe(`The database did not answer within ${TIMEOUT_MS} ms`);
    expect((error as ServiceUnavailableError).details).toMatchObject({ operation, driverError: expect.stringMatching(/^Mongo/) });
    expect(elapsed).toBeLessThan(BOUND_MS);
  });

  it('answers again from the same instance once the database is back', async () => {
    await server.stop();
    await expect(store.ping()).rejects.toBeInstanceOf(ServiceUnavailableError);
    await server.restart();
    await expect(store.ping()).resolves.toBeUndefined();
    expect(await store.find('things', { id: 1 })).toEqual([{ id: 1 }]);
  });

  it('answers again when the database comes back before the next call, its old connections dead', async () => {
    await store.ping();
    await server.stop();
    await server.restart();
    expect(await store.find('things', { id: 1 })).toEqual([{ id: 1 }]);
    expect(await store.upsertMany('things', [{ id: 3 }])).toBe(1);
  });
});

describe('a MongoStore whose database hangs', () => {
  it('rejects with ServiceUnavailableError within the bounded timeout, then recovers', async () => {
    const store = storeFor('hung');
    await store.upsertMany('things', [{ id: 1 }]);
    server.pause();
    try {
      const { error, elapsed } = await rejectionOf(store.find('things', {}));
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(elapsed).toBeLessThan(BOUND_MS);
    } finally {
      server.resume();
    }
    expect(await store.find('things', {})).toEqual([{ id: 1 }]);
  });
});

describe('a MongoStore created before its database is up', () => {
  it('does not throw at creation, rejects while the database is down, and works once it starts', async () => {
    await server.stop();
    const store = storeFor('late');
    const { error, elapsed } = await rejectionOf(store.find('things', {}));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(elapsed).toBeLessThan(BOUND_MS);
    await server.restart();
    await expect(store.ping()).resolves.toBeUndefined();
    expect(await store.upsertMany('things', [{ id: 1 }])).toBe(1);
    expect(await store.find('things', {})).toEqual([{ id: 1 }]);
  });

  it('works on its first call when the database started after creation', async () => {
    await server.stop();
    const store = storeFor('late_first_call');
    await server.restart();
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('a MongoStore whose connection drops mid-command', () => {
  it('retries a read on a new connection and answers', async () => {
    const store = storeFor('dropped_read');
    await store.upsertMany('things', [{ id: 1 }]);
    server.failCommands({ commands: ['find'], closeConnection: true });
    expect(await store.find('things', {})).toEqual([{ id: 1 }]);
    const finds = server.received.filter((command) => command.name === 'find' && command.db === 'dropped_read');
    expect(finds).toHaveLength(2);
  });

  it('reports a write on a standalone as unavailable, since standalones cannot retry writes', async () => {
    const store = storeFor('dropped_write');
    await store.ping();
    server.failCommands({ commands: ['update'], closeConnection: true });
    const { error } = await rejectionOf(store.upsertMany('things', [{ id: 1 }]));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).details).toMatchObject({ driverError: 'MongoNetworkError' });
  });

  it('lets other errors through unchanged', async () => {
    const store = storeFor('other_errors');
    server.failCommands({ commands: ['find'], errorCode: 2 });
    const { error } = await rejectionOf(store.find('things', {}));
    expect(error).not.toBeInstanceOf(ServiceUnavailableError);
    expect((error as Error).name).toBe('MongoServerError');
  });
});

describe('a MongoStore on a replica set whose primary changes', () => {
  let replicaSet: WireServer;
  let store: Store;

  beforeAll(async () => {
    replicaSet = await startWireServer({ replicaSet: 'rs0' });
    store = createMongoStore({ uri: replicaSet.uriFor('failover'), timeoutMs: 2000 });
    stores.push(store);
    await store.upsertMany('things', [{ id: 1 }]);
  });
  afterAll(async () => replicaSet.stop());

  it('retries a write refused with NotWritablePrimary, once, under the same transaction number', async () => {
    replicaSet.failCommands({ commands: ['update'], errorCode: 10107, errorLabels: ['RetryableWriteError'] });
    expect(await store.upsertMany('things', [{ id: 2 }])).toBe(1);
    const updates = replicaSet.received.filter((command) => command.name === 'update' && command.db === 'failover').slice(-2);
    expect(updates).toHaveLength(2);
    expect(updates[0].envelope.txnNumber).toBeDefined();
    expect(updates[1].envelope.txnNumber).toEqual(updates[0].envelope.txnNumber);
    expect(await store.count('things', {})).toBe(2);
  });

  it('retries a read interrupted by a replica set state change', async () => {
    replicaSet.failCommands({ commands: ['find'], errorCode: 11602 });
    expect(await store.find('things', { id: 1 })).toEqual([{ id: 1 }]);
  });

  it('reports a primary change that outlasts the retry as unavailable', async () => {
    replicaSet.failCommands({ commands: ['find'], errorCode: 11602, times: 2 });
    const { error } = await rejectionOf(store.find('things', {}));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
  });
});
