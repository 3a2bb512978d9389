// The outbox and the lease on each store: a delivery is written with its change and never with a
// write the store refuses (the embedded store, and MongoDB as a replica set, where both are one
// transaction); and two gateways on one MongoDB deliver each event once, from whichever holds the
// lease, the other taking over when it lets go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Store } from '../../src/store/store.ts';
import { OUTBOX } from '../../src/webhooks/outbox.ts';
import { eventually } from '../support/eventually.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { withDatabase } from '../support/store-backends.ts';
import type { TestGateway } from '../support/test-gateway.ts';
import { TestReceiver } from './support/receiver.ts';
import { rest, webhookGateway } from './support/webhook-gateway.ts';

const receiver = new TestReceiver();
let server: WireServer;
beforeAll(async () => {
  await receiver.open();
  server = await startWireServer({ replicaSet: 'rs0' });
});
afterAll(async () => {
  await receiver.close();
  await server.stop();
});

const hooks = () => [{ name: 'articles', url: receiver.url('/hook'), events: ['entry.create'], contentTypes: ['api::article.article'] }];

describe.each([
  { name: 'the embedded store', open: async (): Promise<Store> => new EmbeddedStore() },
  { name: 'MongoDB (a replica set, through the wire test server)', open: async (): Promise<Store> => createMongoStore({ uri: withDatabase(server.uri, 'outbox'), timeoutMs: 5000 }) },
])('the outbox on $name', ({ open }) => {
  it('holds a delivery for a write the store took, and none for one a unique index refused', async () => {
    const store = await open();
    const subject = await webhookGateway({ allowLocalAddresses: true, hooks: hooks() }, { store, sharedStore: !(store instanceof EmbeddedStore) });
    try {
      expect((await rest(subject, 'POST', '/api/articles', { data: { title: 'Once', slug: 'once-only' } })).status).toBe(200);
      const refused = await rest(subject, 'POST', '/api/articles', { data: { title: 'Twice', slug: 'once-only' } });
      expect(refused.status).toBe(400);
      expect(await store.count(OUTBOX, {})).toBe(1);
      expect((await store.find(OUTBOX, {}))[0]).toMatchObject({ webhook: 'articles', event: 'entry.create' });
    } finally {
      await subject.gateway.webhooks.stop();
      await store.close();
    }
  });
});

describe('two gateways on one MongoDB', () => {
  let first: TestGateway;
  let second: TestGateway;
  const uri = () => withDatabase(server.uri, 'two_gateways');

  beforeAll(async () => {
    receiver.received.length = 0;
    const settings = { allowLocalAddresses: true, delivery: { leaseMs: 600, pollMs: 50 }, hooks: hooks() };
    first = await webhookGateway(settings, { store: createMongoStore({ uri: uri(), timeoutMs: 5000 }), holder: 'first', sharedStore: true });
    await eventually(() => first.gateway.webhooks.worker.delivering);
    second = await webhookGateway(settings, { store: createMongoStore({ uri: uri(), timeoutMs: 5000 }), holder: 'second', sharedStore: true });
  });
  afterAll(async () => {
    for (const subject of [first, second]) {
      await subject.gateway.webhooks.stop();
      await subject.store.close();
    }
  });

  it('delivers each event once, whichever gateway took the write, from the one holding the lease', async () => {
    for (let n = 0; n < 10; n++) {
      for (const [name, subject] of [['first', first], ['second', second]] as const) {
        expect((await rest(subject, 'POST', '/api/articles', { data: { title: `${name} ${n}` } })).status).toBe(200);
      }
    }
    await eventually(() => receiver.received.length >= 20);
    await eventually(async () => (await first.store.count(OUTBOX, { status: 'queued' })) === 0);
    expect(receiver.received).toHaveLength(20);
    expect(receiver.deliveryIds().size).toBe(20);
    expect([first.gateway.webhooks.worker.delivering, second.gateway.webhooks.worker.delivering]).toEqual([true, false]);
  });

  it('goes on from the other gateway once the one delivering stops', async () => {
    await first.gateway.webhooks.stop();
    await eventually(() => second.gateway.webhooks.worker.delivering);
    expect((await rest(first, 'POST', '/api/articles', { data: { title: 'after the handover' } })).status).toBe(200);
    await eventually(() => receiver.received.some((request) => (request.json.entry as { title: string }).title === 'after the handover'));
    expect(receiver.deliveryIds().size).toBe(receiver.received.length);
  });
});
