// The wire test server through a plain driver client: the commands beyond the store's own use
// answer as MongoDB would, so the store tests can trust it.
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWireServer, type WireServer } from './server.ts';

let server: WireServer;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  server = await startWireServer({ database: 'device' });
  client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 2000, useBigInt64: true });
  db = client.db();
});
beforeEach(() => server.reset());
afterAll(async () => {
  await client.close();
  await server.stop();
});

describe('the wire test server', () => {
  it('answers an unknown command with CommandNotFound', async () => {
    const error = await db.command({ frobnicate: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MongoServerError);
    expect(error).toMatchObject({ code: 59, codeName: 'CommandNotFound', message: "no such command: 'frobnicate'" });
  });

  it('reports MongoDB 7.0 from buildInfo', async () => {
    expect(await db.admin().buildInfo()).toMatchObject({ version: '7.0.0' });
  });

  it('inserts, updates with operators and deletes', async () => {
    const things = db.collection<{ id: number; n: number; tags?: string[]; meta?: { seen: boolean } }>('things');
    await things.insertMany([{ id: 1, n: 1, tags: ['a'] }, { id: 2, n: 5 }]);
    await things.updateOne({ id: 1 }, { $inc: { n: 2 }, $set: { 'meta.seen': true }, $push: { tags: 'b' } });
    await things.updateMany({}, { $max: { n: 4 } });
    await things.deleteOne({ id: 2 });
    expect(await things.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ id: 1, n: 4, tags: ['a', 'b'], meta: { seen: true } }]);
  });

  it('upserts with $setOnInsert applied only when inserting', async () => {
    const things = db.collection('things');
    const update = { $set: { touched: true }, $setOnInsert: { created: 1 } };
    const first = await things.updateOne({ id: 9 }, update, { upsert: true });
    await things.updateOne({ id: 9 }, { ...update, $setOnInsert: { created: 2 } }, { upsert: true });
    expect(first.upsertedCount).toBe(1);
    expect(await things.findOne({ id: 9 }, { projection: { _id: 0 } })).toEqual({ id: 9, touched: true, created: 1 });
  });

  it('answers findAndModify with the document before or after, as asked', async () => {
    const counters = db.collection<{ _id: string; seq: number }>('counters');
    const created = await counters.findOneAndUpdate({ _id: 'c' }, { $inc: { seq: 3 } }, { upsert: true, returnDocument: 'after' });
    const before = await counters.findOneAndUpdate({ _id: 'c' }, { $inc: { seq: 1 } }, { returnDocument: 'before' });
    const removed = await counters.findOneAndDelete({ _id: 'c' });
    expect([created, before, removed]).toEqual([{ _id: 'c', seq: 3 }, { _id: 'c', seq: 3 }, { _id: 'c', seq: 4 }]);
  });

  it('enforces unique indexes with E11000', async () => {
    const things = db.collection('things');
    await things.createIndex({ id: 1 }, { unique: true, name: 'id_unique' });
    await things.insertOne({ id: 1 });
    await expect(things.insertOne({ id: 1 })).rejects.toMatchObject({ code: 11000 });
    expect(await things.countDocuments()).toBe(1);
  });

  it('keeps a cursor open across getMore until it is drained or killed', async () => {
    const things = db.collection('things');
    await things.insertMany(Array.from({ length: 30 }, (_, i) => ({ id: i })));
    const cursor = things.find({}, { batchSize: 10, sort: { id: 1 } });
    expect((await cursor.next())?.id).toBe(0);
    await cursor.close();
    expect(server.received.map((command) => command.name)).toContain('killCursors');
    expect(await things.find({}, { batchSize: 10 }).toArray()).toHaveLength(30);
  });

  it('lists collections, and drops collections and databases', async () => {
    await db.collection('a').insertOne({ id: 1 });
    await db.collection('b').insertOne({ id: 1 });
    await db.collection('a').drop();
    expect((await db.listCollections().toArray()).map((info) => info.name)).toEqual(['b']);
    await db.dropDatabase();
    expect(await db.listCollections().toArray()).toEqual([]);
  });

  it('forgets all data on reset', async () => {
    await db.collection('things').insertOne({ id: 1 });
    server.reset();
    expect(await db.collection('things').countDocuments()).toBe(0);
  });
});
