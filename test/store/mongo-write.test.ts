// MongoStore.write through the real driver on the wire test server, as a replica set (one
// transaction) and as a standalone (an order that leaves nothing dangling): all or nothing,
// duplicates as UniqueViolation, concurrent creates, outages, and the write marks. With
// MONGODB_URI set, the tests that need no fault injection also run on that MongoDB.
import { MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../src/errors/errors.ts';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { UniqueViolation, type Change, type IndexSpec, type Store } from '../../src/store/store.ts';
import { readWriteMarks } from '../../src/store/write-marks.ts';
import { startWireServer, type WireServer, type WireServerOptions } from '../support/mongo-wire-server/server.ts';
import { withDatabase } from '../support/store-backends.ts';

const realUri = process.env.MONGODB_URI ?? '';
if (!realUri) console.warn('MONGODB_URI is not set: MongoStore.write on a real MongoDB is skipped');

const TIMEOUT_MS = 400;
const SLUG_UNIQUE: IndexSpec = { keys: { slug: 1 }, unique: true, partial: { slug: { $type: 'string' } }, name: 'slug_unique' };

const put = (collection: string, doc: { id: number } & Record<string, unknown>): Change => ({ op: 'put', collection, doc });
const del = (collection: string, id: number): Change => ({ op: 'delete', collection, id });
const settle = (write: Promise<void>) => write.then(() => 'written', (error: unknown) => error);

/** Deleting author 1 and the reference to it, in the order a careless caller might list them. */
const UNLINK_AND_DELETE = [put('articles', { id: 3, slug: 'three' }), del('authors', 1), put('articles', { id: 1, slug: 'one', author: null })];

interface Deployment {
  deployment: string;
  /** The wire test server's; absent: the real MongoDB of MONGODB_URI, where faults cannot be injected. */
  options?: WireServerOptions;
  afterDropMidway?: Record<string, unknown>;
}

describe.each<Deployment>([
  {
    deployment: 'a replica set, in one transaction',
    options: { replicaSet: 'rs0' },
    // The transaction is aborted: nothing of the write is there.
    afterDropMidway: { articles: ['1:one', '2:two'], authorOfOne: 1, authors: 1 },
  },
  {
    deployment: 'a standalone, in order',
    options: {},
    // Puts first, deletes last: the reference is gone before the author is, so nothing dangles.
    afterDropMidway: { articles: ['1:one', '2:two', '3:three'], authorOfOne: null, authors: 1 },
  },
  ...(realUri ? [{ deployment: `the real MongoDB of MONGODB_URI` }] : []),
])('MongoStore.write on $deployment', ({ options, afterDropMidway }) => {
  let server: WireServer | undefined;
  let store: Store;
  let database = 0;
  const prefix = `write_${process.pid}_${Date.now()}`;
  const uriFor = (name: string) => (server ? server.uriFor(name) : withDatabase(realUri, name));
  const articles = async () => (await store.find('articles', {}, { sort: [['id', 1]] })).map((doc) => `${doc.id}:${String(doc.slug)}`);

  beforeAll(async () => {
    if (options) server = await startWireServer(options);
  });
  // Each test on its own database, with articles 1 and 2 and author 1 (whom article 1 points at).
  beforeEach(async () => {
    store = createMongoStore({ uri: uriFor(`${prefix}_${++database}`), timeoutMs: server ? TIMEOUT_MS : 5000 });
    await store.ensureIndexes('articles', [SLUG_UNIQUE]);
    await store.write([put('authors', { id: 1, name: 'A' }), put('articles', { id: 1, slug: 'one', author: 1 }), put('articles', { id: 2, slug: 'two' })]);
  });
  afterEach(async () => {
    server?.clearFaults();
    await server?.restart();
    await store.close();
  });
  afterAll(async () => {
    await server?.stop();
    if (!server) await dropDatabases(Array.from({ length: database }, (_, i) => `${prefix}_${i + 1}`));
  });

  it('applies puts and deletes across collections, and moves the write mark of each collection it changed', async () => {
    const before = await readWriteMarks(store);
    await store.write([put('articles', { id: 3, slug: 'three' }), put('articles', { id: 1, slug: 'one', author: null }), del('authors', 1)]);
    expect(await articles()).toEqual(['1:one', '2:two', '3:three']);
    expect(await store.count('authors', {})).toBe(0);
    const after = await readWriteMarks(store);
    expect([after.get('articles')! - before.get('articles')!, after.get('authors')! - before.get('authors')!]).toEqual([1, 1]);
  });

  it.each([
    ['a new entry', [put('articles', { id: 3, slug: 'fresh' }), put('articles', { id: 4, slug: 'one' })]],
    ['a changed entry', [del('authors', 1), put('articles', { id: 2, slug: 'one' })]],
  ])('refuses %s holding a taken unique value with UniqueViolation, and applies none of the write', async (_case, changes) => {
    const error = await settle(store.write(changes));
    expect(error).toBeInstanceOf(UniqueViolation);
    expect(error).toMatchObject({ collection: 'articles', index: 'slug_unique' });
    expect(await articles()).toEqual(['1:one', '2:two']);
    expect(await store.count('authors', {})).toBe(1);
  });

  it('lets entries without a value, or with null, be as many as they like', async () => {
    await store.write([put('articles', { id: 3 }), put('articles', { id: 4 }), put('articles', { id: 5, slug: null }), put('articles', { id: 6, slug: null })]);
    expect(await store.count('articles', {})).toBe(6);
  });

  it('gives exactly one success to concurrent creates of one unique value, and UniqueViolation to the others', async () => {
    const outcomes = await Promise.all([3, 4, 5, 6].map((id) => settle(store.write([put('articles', { id, slug: 'same' })]))));
    expect(outcomes.filter((outcome) => outcome === 'written')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome instanceof UniqueViolation)).toHaveLength(3);
    expect(await store.count('articles', { slug: 'same' })).toBe(1);
  });

  it.skipIf(!options)('answers ServiceUnavailableError while the database is down, applies nothing, and writes once it is back', async () => {
    await server!.stop();
    expect(await settle(store.write([put('articles', { id: 3, slug: 'three' })]))).toBeInstanceOf(ServiceUnavailableError);
    await server!.restart();
    expect(await articles()).toEqual(['1:one', '2:two']);
    await store.write([put('articles', { id: 3, slug: 'three' })]);
    expect(await articles()).toEqual(['1:one', '2:two', '3:three']);
  });

  it.skipIf(!options)('leaves nothing dangling when the database drops the connection at the delete, and answers ServiceUnavailableError', async () => {
    server!.failCommands({ commands: ['delete'], closeConnection: true, times: 1000 });
    expect(await settle(store.write(UNLINK_AND_DELETE))).toBeInstanceOf(ServiceUnavailableError);
    server!.clearFaults();
    const [one] = await store.find('articles', { id: 1 });
    expect({ articles: await articles(), authorOfOne: one!.author, authors: await store.count('authors', {}) }).toEqual(afterDropMidway);
  });
});

async function dropDatabases(names: readonly string[]): Promise<void> {
  const client = new MongoClient(realUri);
  try {
    for (const name of names) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

describe('the write concern of a write', () => {
  let replicaSet: WireServer;
  let standalone: WireServer;
  beforeAll(async () => {
    [replicaSet, standalone] = await Promise.all([startWireServer({ replicaSet: 'rs0' }), startWireServer()]);
  });
  afterAll(async () => Promise.all([replicaSet.stop(), standalone.stop()]));

  it.each([
    ['a replica set, by default: majority, on the commit', 'rs', undefined, '', 'commitTransaction', { w: 'majority' }],
    ['a replica set, configured', 'rs', '1', '', 'commitTransaction', { w: 1 }],
    ['a replica set, from the connection string', 'rs', undefined, '&w=1', 'commitTransaction', { w: 1 }],
    ["a standalone, by default: the server's", 'single', undefined, '', 'update', undefined],
    ['a standalone, configured', 'single', 'majority', '', 'update', { w: 'majority' }],
  ])('on %s', async (_case, kind, writeConcern, uriSuffix, command, expected) => {
    const server = kind === 'rs' ? replicaSet : standalone;
    const store = createMongoStore({ uri: `${server.uriFor('concern')}${uriSuffix}`, timeoutMs: TIMEOUT_MS, writeConcern });
    await store.ping();
    const from = server.received.length;
    await store.write([put('articles', { id: 1 })]);
    await store.close();
    // commitTransaction goes to the admin database.
    const sent = server.received.slice(from).find((received) => received.name === command);
    // The driver adds its own wtimeout to a commit.
    expect(sent?.body.writeConcern ?? null).toEqual(expected ? expect.objectContaining(expected) : null);
  });

  it('refuses an empty write concern at start', () => {
    expect(() => createMongoStore({ uri: 'mongodb://127.0.0.1:1/x', writeConcern: ' ' })).toThrow(/write concern must be majority/);
  });
});
