// MongoStore through the official driver against the wire test server, as a standalone and as a
// one-node replica set (where the driver adds retryable-write transaction numbers and read preferences).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { describeStoreContract } from './store-contract.ts';

let standalone: WireServer;
let replicaSet: WireServer;

beforeAll(async () => {
  standalone = await startWireServer();
  replicaSet = await startWireServer({ replicaSet: 'rs0' });
});
afterAll(async () => {
  await standalone.stop();
  await replicaSet.stop();
});

describeStoreContract('MongoStore on the wire test server (standalone)', async () => {
  const store = createMongoStore({ uri: standalone.uriFor('contract_standalone'), timeoutMs: 2000 });
  return { store, cleanup: () => store.close() };
});

describeStoreContract('MongoStore on the wire test server (replica set, secondaryPreferred)', async () => {
  const store = createMongoStore({ uri: replicaSet.uriFor('contract_rs'), readPreference: 'secondaryPreferred', timeoutMs: 2000 });
  return { store, cleanup: () => store.close() };
});

describe('MongoStore on the wire test server', () => {
  it('uses the database the connection string names', async () => {
    const store = createMongoStore({ uri: standalone.uriFor('named_database'), timeoutMs: 2000 });
    await store.upsertMany('things', [{ id: 1 }]);
    await store.close();
    expect(standalone.engine.collection('named_database', 'things')?.docs).toHaveLength(1);
  });

  it("uses the database 'strapi' when the connection string names none", async () => {
    const store = createMongoStore({ uri: `mongodb://127.0.0.1:${standalone.port}/?directConnection=true`, timeoutMs: 2000 });
    await store.upsertMany('things', [{ id: 1 }]);
    await store.close();
    expect(standalone.engine.collection('strapi', 'things')?.docs).toHaveLength(1);
  });

  it('sends the sort keys in the order given', async () => {
    const store = createMongoStore({ uri: standalone.uriFor('sort_order'), timeoutMs: 2000 });
    await store.find('things', {}, { sort: [['z', 1], ['a', -1], ['m', 1]] });
    await store.close();
    const find = standalone.received.findLast((command) => command.name === 'find' && command.db === 'sort_order');
    expect(Object.entries(find?.body.sort as object)).toEqual([['z', 1], ['a', -1], ['m', 1]]);
  });

  it('reads from secondaries when asked to, on a replica set', async () => {
    const store = createMongoStore({ uri: replicaSet.uriFor('read_preference'), readPreference: 'secondaryPreferred', timeoutMs: 2000 });
    await store.find('things', {});
    await store.close();
    const find = replicaSet.received.findLast((command) => command.name === 'find' && command.db === 'read_preference');
    expect(find?.envelope.$readPreference).toEqual({ mode: 'secondaryPreferred' });
  });

  it('refuses a read preference that does not exist, naming the valid ones', () => {
    expect(() => createMongoStore({ uri: standalone.uri, readPreference: 'fastest' })).toThrow(/readPreference must be one of primary, .*received "fastest"/);
  });
});
