// The wire test server's transactions, unique indexes and write concerns through a plain driver
// client: what MongoDB 7.0 accepts it accepts, what MongoDB refuses it refuses with MongoDB's codes.
import { MongoServerError, type Db, type WriteConcernSettings } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTwoServers } from './two-servers.ts';

const wire = useTwoServers();

const things = () => wire.db.collection<{ id: number; slug?: string | null; n?: number }>('things');
const ids = async () => (await things().find({}, { sort: { id: 1 } }).toArray()).map((doc) => doc.id);
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as MongoServerError);

describe('transactions on the replica set device', () => {
  it('applies every write of a committed transaction, and reads its own writes before the commit', async () => {
    const session = wire.rs.startSession();
    let seenInside: number[] = [];
    await session.withTransaction(async () => {
      await things().insertOne({ id: 1 }, { session });
      await things().insertOne({ id: 2 }, { session });
      seenInside = (await things().find({}, { session }).toArray()).map((doc) => doc.id);
      expect(await ids()).toEqual([]);
    });
    await session.endSession();
    expect(seenInside).toEqual([1, 2]);
    expect(await ids()).toEqual([1, 2]);
  });

  it('applies nothing of an aborted transaction', async () => {
    await things().insertOne({ id: 1 });
    const session = wire.rs.startSession();
    session.startTransaction();
    await things().insertOne({ id: 2 }, { session });
    await things().deleteOne({ id: 1 }, { session });
    await session.abortTransaction();
    await session.endSession();
    expect(await ids()).toEqual([1]);
  });

  it('applies nothing when the connection drops before the commit', async () => {
    const session = wire.rs.startSession();
    session.startTransaction();
    await things().insertOne({ id: 1 }, { session });
    wire.replicaSet.failCommands({ commands: ['insert'], closeConnection: true });
    const error = await failure(things().insertOne({ id: 2 }, { session }));
    await session.abortTransaction().catch(() => undefined);
    await session.endSession();
    expect(error?.hasErrorLabel('TransientTransactionError')).toBe(true);
    expect(await ids()).toEqual([]);
  });

  it('refuses a second writer of one document with WriteConflict, labelled TransientTransactionError', async () => {
    await things().insertOne({ id: 1, n: 0 });
    const [first, second] = [wire.rs.startSession(), wire.rs.startSession()];
    first.startTransaction();
    second.startTransaction();
    await things().updateOne({ id: 1 }, { $inc: { n: 1 } }, { session: first });
    const error = await failure(things().updateOne({ id: 1 }, { $inc: { n: 10 } }, { session: second }));
    await first.commitTransaction();
    await second.abortTransaction().catch(() => undefined);
    await Promise.all([first.endSession(), second.endSession()]);
    expect(error).toMatchObject({ code: 112, codeName: 'WriteConflict' });
    expect(error?.hasErrorLabel('TransientTransactionError')).toBe(true);
    expect((await things().findOne({ id: 1 }))?.n).toBe(1);
  });

  it('lets one of two transactions inserting one unique value commit; the retry of the other meets E11000', async () => {
    await things().createIndex({ slug: 1 }, { unique: true, name: 'slug_unique' });
    const create = async (id: number) => {
      const session = wire.rs.startSession();
      try {
        await session.withTransaction(async () => {
          await things().insertOne({ id, slug: 'same' }, { session });
        });
        return 'created';
      } catch (error) {
        return (error as MongoServerError).code;
      } finally {
        await session.endSession();
      }
    };
    expect((await Promise.all([create(1), create(2)])).sort()).toEqual([11000, 'created']);
    expect(await things().countDocuments({ slug: 'same' })).toBe(1);
  });

  it.each([
    ['count', (session: never) => things().estimatedDocumentCount({ session } as never), 263],
    ['a write concern on a statement', (session: never) => wire.db.command({ insert: 'things', documents: [{ id: 1 }], writeConcern: { w: 1 } }, { session }), 72],
  ])('refuses %s inside a transaction', async (_name, run, code) => {
    const session = wire.rs.startSession();
    session.startTransaction();
    const error = await failure(run(session as never));
    await session.abortTransaction().catch(() => undefined);
    await session.endSession();
    expect(error?.code).toBe(code);
  });
});

describe('the standalone device', () => {
  it('refuses a transaction as MongoDB does: transaction numbers need a replica set', async () => {
    const session = wire.single.startSession();
    const error = await failure(session.withTransaction(async () => {
      await wire.single.db().collection('things').insertOne({ id: 1 }, { session });
    }));
    await session.endSession();
    expect(error).toMatchObject({ code: 20, codeName: 'IllegalOperation', message: 'Transaction numbers are only allowed on a replica set member or mongos' });
    expect(await wire.single.db().collection('things').countDocuments()).toBe(0);
  });
});

describe('unique indexes of the device', () => {
  it('answers a duplicate with E11000 in writeErrors, with keyPattern and keyValue', async () => {
    await things().createIndex({ slug: 1, n: 1 }, { unique: true, name: 'slug_n' });
    await things().insertOne({ id: 1, slug: 'a', n: 1 });
    const error = await failure(things().insertOne({ id: 2, slug: 'a', n: 1 }));
    expect(error).toMatchObject({
      code: 11000,
      keyPattern: { slug: 1, n: 1 },
      keyValue: { slug: 'a', n: 1 },
      message: 'E11000 duplicate key error collection: device.things index: slug_n dup key: { slug: "a", n: 1 }',
    });
  });

  it.each([
    ['a plain unique index: two documents without the field collide (missing is null)', {}, [{ id: 1 }, { id: 2 }], 1],
    ['a partial unique index on strings: missing and null values never collide', { partialFilterExpression: { slug: { $type: 'string' } } }, [{ id: 1 }, { id: 2, slug: null }, { id: 3 }, { id: 4, slug: 'x' }], 4],
  ])('%s', async (_name, options, docs, stored) => {
    await things().createIndex({ slug: 1 }, { unique: true, name: 'slug_unique', ...options });
    for (const doc of docs) await things().insertOne(doc).catch(() => undefined);
    expect(await things().countDocuments()).toBe(stored);
  });

  it.each([
    ['$ne', { slug: { $ne: null } }],
    ['$exists: false', { slug: { $exists: false } }],
    ['$not', { slug: { $not: { $eq: 'x' } } }],
  ])('refuses a partialFilterExpression with %s, as MongoDB does', async (_name, partialFilterExpression) => {
    const error = await failure(things().createIndex({ slug: 1 }, { unique: true, name: 'slug_unique', partialFilterExpression }));
    expect(error).toMatchObject({ code: 67, codeName: 'CannotCreateIndex' });
  });

  it('refuses to build a unique index over documents that already share a value', async () => {
    await things().insertMany([{ id: 1, slug: 'a' }, { id: 2, slug: 'a' }]);
    expect(await failure(things().createIndex({ slug: 1 }, { unique: true, name: 'slug_unique' }))).toMatchObject({ code: 11000 });
    expect(await things().indexExists('slug_unique')).toBe(false);
  });

  it('keeps a unique partial index beside an ordinary one on the same key, and refuses a twin under another name', async () => {
    await things().createIndex({ slug: 1 }, { name: 'slug_1' });
    await things().createIndex({ slug: 1 }, { unique: true, name: 'slug_unique', partialFilterExpression: { slug: { $type: 'string' } } });
    expect(await failure(things().createIndex({ slug: 1 }, { name: 'another' }))).toMatchObject({ code: 85, codeName: 'IndexOptionsConflict' });
  });
});

describe('write concerns on the device', () => {
  it.each([
    ['replica set', () => wire.db, { w: 'majority', wtimeoutMS: 1000 }, undefined],
    ['replica set', () => wire.db, { w: 1, journal: true }, undefined],
    ['replica set', () => wire.db, { w: 2 }, 100],
    ['replica set', () => wire.db, { w: 'eastCoast' }, 79],
    ['standalone', () => wire.single.db('device'), { w: 'majority' }, undefined],
    ['standalone', () => wire.single.db('device'), { w: 2 }, 2],
  ] as Array<[string, () => Db, WriteConcernSettings, number | undefined]>)('on the %s, %j answers %s', async (_kind, database, writeConcern, code) => {
    const error = await failure(database().collection('things').insertOne({ id: 1 }, { writeConcern }));
    expect(error?.code).toBe(code);
  });
});
