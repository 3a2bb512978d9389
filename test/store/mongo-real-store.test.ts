// MongoStore against a real MongoDB when MONGODB_URI is set (each run on its own database,
// dropped afterwards); skipped loudly otherwise.
import { BSON, MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { withDatabase } from '../support/store-backends.ts';
import { describeStoreContract } from './store-contract.ts';

const uri = process.env.MONGODB_URI ?? '';
if (!uri) console.warn('MONGODB_URI is not set: the real-MongoDB store tests are skipped');

describe.skipIf(!uri)('MongoStore on a real MongoDB (skipped when MONGODB_URI is not set)', () => {
  const database = `store_test_${Date.now()}_${process.pid}`;
  const dropDatabase = async (name: string) => {
    const client = new MongoClient(withDatabase(uri, name));
    try {
      await client.db().dropDatabase();
    } finally {
      await client.close();
    }
  };

  describeStoreContract(`MongoStore on a real MongoDB (database ${database})`, async () => {
    const store = createMongoStore({ uri: withDatabase(uri, database), timeoutMs: 5000 });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await dropDatabase(database);
      },
    };
  });

  it('stores a bigint as a BSON Long', async () => {
    const name = `${database}_bson`;
    const store = createMongoStore({ uri: withDatabase(uri, name), timeoutMs: 5000 });
    const raw = new MongoClient(withDatabase(uri, name), { useBigInt64: false, promoteLongs: false });
    try {
      await store.upsertMany('entries', [{ id: 1, big: 9007199254740993n }]);
      const entry = await raw.db().collection('entries').findOne({ id: 1 });
      expect(entry?.big).toBeInstanceOf(BSON.Long);
      expect(String(entry?.big)).toBe('9007199254740993');
    } finally {
      await store.close();
      await raw.close();
      await dropDatabase(name);
    }
  });
});
