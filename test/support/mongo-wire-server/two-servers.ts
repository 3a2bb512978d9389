// The devices the wire test server's own tests talk to: a replica set and a standalone, each with
// a plain driver client, emptied before each test and stopped after the file.
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startWireServer, type WireServer } from './server.ts';

export interface TwoServers {
  replicaSet: WireServer;
  standalone: WireServer;
  /** The replica set's client, and its database `device`. */
  rs: MongoClient;
  db: Db;
  /** The standalone's client. */
  single: MongoClient;
}

/** Registers the file's hooks; the fields are set once `beforeAll` has run. */
export function useTwoServers(): TwoServers {
  const wire = {} as TwoServers;
  beforeAll(async () => {
    wire.replicaSet = await startWireServer({ replicaSet: 'rs0', database: 'device' });
    wire.standalone = await startWireServer({ database: 'device' });
    wire.rs = new MongoClient(wire.replicaSet.uri, { serverSelectionTimeoutMS: 2000 });
    wire.single = new MongoClient(wire.standalone.uri, { serverSelectionTimeoutMS: 2000 });
    wire.db = wire.rs.db();
  });
  beforeEach(() => {
    wire.replicaSet.reset();
    wire.standalone.reset();
  });
  afterAll(async () => {
    await Promise.all([wire.rs.close(), wire.single.close()]);
    await Promise.all([wire.replicaSet.stop(), wire.standalone.stop()]);
  });
  return wire;
}
