// How Store values become BSON through MongoStore and the driver: bigint is int64 (Long) on the
// wire and in the database, Dates are BSON dates, JSON text is a string, numbers stay numbers.
import { BSON, MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import type { Store } from '../../src/store/store.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { Int64 } from '../support/mongo-wire-server/values.ts';

const DATABASE = 'bson_mapping';
const PUBLISHED = new Date('2024-02-29T12:34:56.789Z');
const JSON_TEXT = '{"$set":{"a.b":1},"x.y":[1,2]}';

let server: WireServer;
let store: Store;
/** A second client that reads raw BSON types: no bigint, no promotion of numeric wrappers. */
let raw: MongoClient;

beforeAll(async () => {
  server = await startWireServer();
  store = createMongoStore({ uri: server.uriFor(DATABASE), timeoutMs: 2000 });
  raw = new MongoClient(server.uriFor(DATABASE), { useBigInt64: false, promoteLongs: false, promoteValues: false });
  await store.upsertMany('entries', [
    { id: 1, big: 9007199254740993n, small: 5n, count: 42, ratio: 2.5, publishedAt: PUBLISHED, meta: JSON_TEXT },
  ]);
});
afterAll(async () => {
  await raw.close();
  await store.close();
  await server.stop();
});

/** The stored document as BSON types, read back through a raw driver. */
const rawEntry = async () => (await raw.db(DATABASE).collection('entries').findOne({ id: new BSON.Int32(1) }))!;

describe('BSON mapping through MongoStore', () => {
  it.each([
    ['a bigint past 2^53', 'big', '9007199254740993'],
    ['a small bigint', 'small', '5'],
  ])('stores %s as a BSON Long with every digit', async (_name, field, digits) => {
    const value = (await rawEntry())[field];
    expect(value).toBeInstanceOf(BSON.Long);
    expect((value as BSON.Long).toString()).toBe(digits);
  });

  it('holds a written bigint as int64 inside the server, not as a double', () => {
    const [stored] = server.engine.collection(DATABASE, 'entries')!.docs;
    expect(stored.big).toBeInstanceOf(Int64);
    expect((stored.big as Int64).value).toBe(9007199254740993n);
  });

  it('reads a bigint back as the same bigint, with no precision lost', async () => {
    const [entry] = await store.find('entries', { id: 1 });
    expect(typeof entry.big).toBe('bigint');
    expect(entry.big).toBe(9007199254740993n);
    expect(entry.small).toBe(5n);
  });

  it('sends a bigint filter value as int64, so it matches exactly', async () => {
    expect(await store.count('entries', { big: 9007199254740993n })).toBe(1);
    expect(await store.count('entries', { big: 9007199254740992n })).toBe(0);
    const count = server.received.findLast((command) => command.name === 'aggregate' && command.db === DATABASE);
    const match = (count?.body.pipeline as Array<Record<string, { big?: unknown }>>)[0].$match;
    expect(match.big).toBeInstanceOf(Int64);
  });

  it.each([
    ['an integer number', 'count', 'Int32', 42],
    ['a fractional number', 'ratio', 'Double', 2.5],
  ])('stores %s as a BSON number, and reads it back as a JS number', async (_name, field, bsonType, expected) => {
    expect((await rawEntry())[field]._bsontype).toBe(bsonType);
    const [entry] = await store.find('entries', { id: 1 });
    expect(entry[field]).toBe(expected);
  });

  it('stores a Date as a BSON date and reads it back as the same Date', async () => {
    expect((await rawEntry()).publishedAt).toEqual(PUBLISHED);
    const [entry] = await store.find('entries', { id: 1 });
    expect(entry.publishedAt).toBeInstanceOf(Date);
    expect((entry.publishedAt as Date).toISOString()).toBe(PUBLISHED.toISOString());
  });

  it('stores JSON text as a string, its $ and . keys left uninterpreted', async () => {
    expect((await rawEntry()).meta).toBe(JSON_TEXT);
    const [entry] = await store.find('entries', { id: 1 });
    expect(entry.meta).toBe(JSON_TEXT);
  });

  it('answers counts and ids as JS numbers, never bigint', async () => {
    expect(typeof (await store.count('entries', {}))).toBe('number');
    expect(typeof (await store.allocateIds('entries', 3))).toBe('number');
    const [entry] = await store.find('entries', { id: 1 });
    expect(typeof entry.id).toBe('number');
  });
});
