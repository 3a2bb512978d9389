// The wire test server's change streams through a plain driver client: events as MongoDB 7.0
// writes them, in commit order, resumable from their tokens; what MongoDB refuses, refused with
// its codes (a standalone has none at all).
import { BSON, MongoServerError, type ChangeStream, type Db, type Document } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { useTwoServers } from './two-servers.ts';

const wire = useTwoServers();
let streams: ChangeStream[] = [];

afterEach(async () => {
  for (const stream of streams) await stream.close();
  streams = [];
});

const things = () => wire.db.collection<{ _id?: unknown; id: number; n?: number; gone?: boolean }>('things');
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error as MongoServerError);

/** A stream that waits at most 50 ms per getMore, opened (its first aggregate answered) before it is returned. */
async function watch(target: { watch(pipeline?: Document[], options?: object): ChangeStream }, pipeline: Document[] = [], options: object = {}): Promise<ChangeStream> {
  const stream = target.watch(pipeline, { maxAwaitTimeMS: 50, ...options });
  streams.push(stream);
  expect(await stream.tryNext()).toBeNull();
  return stream;
}

/** Every event ready now, in order (stops at the first empty getMore or the stream's end). */
async function drain(stream: ChangeStream): Promise<Document[]> {
  const events: Document[] = [];
  for (let event = await stream.tryNext(); event; event = stream.closed ? null : await stream.tryNext()) events.push(event);
  return events;
}

const summary = (event: Document) => [event.operationType, event.ns?.coll ?? event.ns?.db ?? null, event.fullDocument?.id ?? event.documentKey?._id ?? null];

describe('change events on the replica set device', () => {
  it('shows inserts, replacements, updates and deletes with their namespace, key and documents', async () => {
    const stream = await watch(things());
    const { insertedId } = await things().insertOne({ id: 1, n: 1 });
    await things().replaceOne({ id: 1 }, { id: 1, n: 2 });
    await things().updateOne({ id: 1 }, { $inc: { n: 1 }, $unset: { gone: '' } });
    await things().updateOne({ id: 1 }, { $set: { n: 3 } }); // changes nothing: no event
    await things().deleteOne({ id: 1 });
    const events = await drain(stream);
    expect(events.map((event) => event.operationType)).toEqual(['insert', 'replace', 'update', 'delete']);
    for (const event of events) expect(event).toMatchObject({ ns: { db: 'device', coll: 'things' }, documentKey: { _id: insertedId }, clusterTime: expect.any(BSON.Timestamp) });
    expect(events[0]!.fullDocument).toEqual({ _id: insertedId, id: 1, n: 1 });
    expect(events[1]!.fullDocument).toEqual({ _id: insertedId, id: 1, n: 2 });
    expect(events[2]).toMatchObject({ updateDescription: { updatedFields: { n: 3 }, removedFields: [], truncatedArrays: [] } });
    expect(events[2]).not.toHaveProperty('fullDocument');
  });

  it('looks up the current document for an update with updateLookup (null once it is gone)', async () => {
    await things().insertMany([{ id: 1, n: 1 }, { id: 2, n: 1 }]);
    const stream = await watch(things(), [], { fullDocument: 'updateLookup' });
    await things().updateOne({ id: 1 }, { $inc: { n: 1 } });
    await things().updateOne({ id: 2 }, { $inc: { n: 1 } });
    await things().updateOne({ id: 1 }, { $inc: { n: 1 } });
    await things().deleteOne({ id: 2 });
    const updates = (await drain(stream)).filter((event) => event.operationType === 'update');
    expect(updates.map((event) => event.fullDocument && { id: event.fullDocument.id, n: event.fullDocument.n })).toEqual([{ id: 1, n: 3 }, null, { id: 1, n: 3 }]);
  });

  it('shows a transaction only once it commits, in commit order, with its session; an aborted one never', async () => {
    const stream = await watch(wire.db);
    const session = wire.rs.startSession();
    session.startTransaction();
    await things().insertOne({ id: 1 }, { session });
    await wire.db.collection('others').insertOne({ id: 2 }, { session });
    await things().insertOne({ id: 3 });
    expect((await drain(stream)).map(summary)).toEqual([['insert', 'things', 3]]);
    await session.commitTransaction();
    const aborted = wire.rs.startSession();
    aborted.startTransaction();
    await things().insertOne({ id: 4 }, { session: aborted });
    await aborted.abortTransaction();
    await things().insertOne({ id: 5 });
    const events = await drain(stream);
    await Promise.all([session.endSession(), aborted.endSession()]);
    expect(events.map(summary)).toEqual([['insert', 'things', 1], ['insert', 'others', 2], ['insert', 'things', 5]]);
    expect(events[0]).toMatchObject({ lsid: { id: session.id!.id }, txnNumber: expect.anything() });
    expect(events[0]!.clusterTime).toEqual(events[1]!.clusterTime);
    expect(events[2]).not.toHaveProperty('lsid');
  });

  it('watches a database (not another one, nor system collections) and ends with dropDatabase, then invalidate', async () => {
    const stream = await watch(wire.db);
    await things().insertOne({ id: 1 });
    await wire.rs.db('elsewhere').collection('things').insertOne({ id: 2 });
    await wire.db.collection('others').insertOne({ id: 3 });
    await wire.db.collection('others').drop();
    await wire.db.dropDatabase();
    const events = await drain(stream);
    expect(events.map(summary)).toEqual([['insert', 'things', 1], ['insert', 'others', 3], ['drop', 'others', null], ['drop', 'things', null], ['dropDatabase', 'device', null], ['invalidate', null, null]]);
    expect(stream.closed).toBe(true);
  });

  it('ends a collection stream when its collection is dropped; startAfter its invalidate token goes on', async () => {
    const stream = await watch(things());
    await things().insertOne({ id: 1 });
    await things().drop();
    const events = await drain(stream);
    expect(events.map(summary)).toEqual([['insert', 'things', 1], ['drop', 'things', null], ['invalidate', null, null]]);
    const invalidate = events[2]!._id;
    expect(await failure(watch(things(), [], { resumeAfter: invalidate }))).toMatchObject({ code: 260, codeName: 'InvalidResumeToken' });
    const after = await watch(things(), [], { startAfter: invalidate });
    await things().insertOne({ id: 2 });
    expect((await drain(after)).map(summary)).toEqual([['insert', 'things', 2]]);
  });

  it('resumes after an event token exactly, and starts at an operation time inclusively', async () => {
    const stream = await watch(things());
    await things().insertMany([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const [first, second] = await drain(stream);
    const resumed = things().watch([], { resumeAfter: first!._id, maxAwaitTimeMS: 50 });
    streams.push(resumed);
    expect((await drain(resumed)).map(summary)).toEqual([['insert', 'things', 2], ['insert', 'things', 3]]);
    const fromTime = things().watch([], { startAtOperationTime: second!.clusterTime, maxAwaitTimeMS: 50 });
    streams.push(fromTime);
    expect((await drain(fromTime)).map(summary)).toEqual([['insert', 'things', 2], ['insert', 'things', 3]]);
  });

  it('answers a waiting getMore as soon as a change commits (awaitData)', async () => {
    const stream = things().watch([], { maxAwaitTimeMS: 60_000 });
    streams.push(stream);
    const next = stream.tryNext();
    while (!wire.replicaSet.received.some((command) => command.name === 'getMore')) await new Promise((resolve) => setTimeout(resolve, 5));
    await things().insertOne({ id: 1 });
    expect(summary((await next)!)).toEqual(['insert', 'things', 1]);
  });

  it('ends a waiting getMore when its cursor is killed (a stream closed while it waits)', async () => {
    const stream = things().watch([], { maxAwaitTimeMS: 60_000 });
    const next = stream.tryNext().catch((error: unknown) => error);
    while (!wire.replicaSet.received.some((command) => command.name === 'getMore')) await new Promise((resolve) => setTimeout(resolve, 5));
    await stream.close();
    await next;
    expect(wire.replicaSet.received.map((command) => command.name)).toContain('killCursors');
  });

  it('applies the stages after $changeStream to the events', async () => {
    const stream = await watch(things(), [{ $match: { operationType: 'insert', 'fullDocument.n': { $gt: 1 } } }, { $project: { operationType: 1, 'fullDocument.id': 1 } }]);
    await things().insertMany([{ id: 1, n: 1 }, { id: 2, n: 2 }]);
    const events = await drain(stream);
    expect(events).toEqual([{ _id: expect.anything(), operationType: 'insert', fullDocument: { id: 2 } }]);
  });
});

describe('a broken change stream on the device', () => {
  it.each([
    ['a dropped connection', { closeConnection: true }],
    ['a failover (NotWritablePrimary, labelled ResumableChangeStreamError)', { errorCode: 10107 }],
  ])('resumes after %s from its token without losing an event', async (_name, fault) => {
    const stream = await watch(things());
    await things().insertOne({ id: 1 });
    expect(summary((await stream.tryNext())!)).toEqual(['insert', 'things', 1]);
    wire.replicaSet.failCommands({ commands: ['getMore'], ...fault });
    await things().insertOne({ id: 2 });
    expect((await drain(stream)).map(summary)).toEqual([['insert', 'things', 2]]);
    const resumes = wire.replicaSet.received.filter((command) => command.name === 'aggregate' && (command.body.pipeline as Document[])[0]!.$changeStream.resumeAfter);
    expect(resumes).toHaveLength(1);
  });

  it('refuses to resume from a point the oplog no longer holds: ChangeStreamHistoryLost, not resumable', async () => {
    const stream = await watch(things());
    await things().insertOne({ id: 1 });
    const [event] = await drain(stream);
    await things().insertOne({ id: 2 });
    wire.replicaSet.truncateOplog();
    const error = await failure(watch(things(), [], { resumeAfter: event!._id }));
    expect(error).toMatchObject({ code: 286, codeName: 'ChangeStreamHistoryLost' });
    expect(error?.hasErrorLabel('NonResumableChangeStreamError')).toBe(true);
  });

  it('fails the stream whose stages change the resume token: ChangeStreamFatalError', async () => {
    const stream = things().watch([{ $set: { _id: 'mine' } }], { maxAwaitTimeMS: 50 });
    streams.push(stream);
    const next = stream.tryNext();
    await things().insertOne({ id: 1 });
    const error = await failure(next.then((first) => first ?? stream.tryNext()));
    expect(error).toMatchObject({ code: 280, codeName: 'ChangeStreamFatalError' });
    expect(error?.hasErrorLabel('NonResumableChangeStreamError')).toBe(true);
  });
});

describe('what the device refuses, as MongoDB 7.0 does', () => {
  const open = (database: Db, aggregate: string | 1, pipeline: Document[]) => failure(database.command({ aggregate, pipeline, cursor: {} }));

  it('refuses change streams on a standalone', async () => {
    expect(await open(wire.single.db('device'), 'things', [{ $changeStream: {} }])).toMatchObject({ code: 40573, codeName: 'Location40573', message: 'The $changeStream stage is only supported on replica sets' });
    const stream = wire.single.db('device').watch();
    expect(await failure(stream.tryNext())).toMatchObject({ code: 40573 });
    await stream.close();
  });

  it.each([
    ['$changeStream after another stage', 'device', 'things', [{ $match: {} }, { $changeStream: {} }], 40602],
    ['a $group after $changeStream', 'device', 'things', [{ $changeStream: {} }, { $group: { _id: null } }], 20],
    ['an unknown option', 'device', 'things', [{ $changeStream: { everything: true } }], 40415],
    ['an unknown fullDocument', 'device', 'things', [{ $changeStream: { fullDocument: 'always' } }], 2],
    ['resumeAfter with startAfter', 'device', 'things', [{ $changeStream: { resumeAfter: { _data: '82' }, startAfter: { _data: '82' } } }], 50865],
    ['a token with startAtOperationTime', 'device', 'things', [{ $changeStream: { resumeAfter: { _data: `82${'0'.repeat(24)}00` }, startAtOperationTime: new BSON.Timestamp({ t: 1, i: 1 }) } }], 40674],
    ['an unreadable token', 'device', 'things', [{ $changeStream: { resumeAfter: { _data: 'zz' } } }], 50811],
    ['a token of an event that never was', 'device', 'things', [{ $changeStream: { resumeAfter: { _data: `82${'f'.repeat(24)}01` } } }], 280],
    ['the admin database without allChangesForCluster', 'admin', 1, [{ $changeStream: {} }], 73],
    ['allChangesForCluster outside admin', 'device', 1, [{ $changeStream: { allChangesForCluster: true } }], 72],
    ['the config database', 'config', 1, [{ $changeStream: {} }], 73],
  ] as Array<[string, string, string | 1, Document[], number]>)('refuses %s', async (_name, database, aggregate, pipeline, code) => {
    expect((await open(wire.rs.db(database), aggregate, pipeline))?.code).toBe(code);
  });

  it('refuses a change stream inside a transaction, and aborts the transaction', async () => {
    const session = wire.rs.startSession();
    session.startTransaction();
    await things().insertOne({ id: 1 }, { session });
    const error = await failure(wire.db.command({ aggregate: 'things', pipeline: [{ $changeStream: {} }], cursor: {} }, { session }));
    expect(error).toMatchObject({ code: 263, codeName: 'OperationNotSupportedInTransaction' });
    expect(await failure(session.commitTransaction())).toMatchObject({ code: 251, codeName: 'NoSuchTransaction' });
    await session.endSession();
    expect(await things().countDocuments()).toBe(0);
  });
});
