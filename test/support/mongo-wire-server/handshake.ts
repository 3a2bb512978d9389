// What the test device says about itself: hello/isMaster and buildInfo replies for a MongoDB 7.0
// standalone, or a single-node replica set primary when a set name is configured.
import { BSON } from 'mongodb';

export interface ServerIdentity {
  host: string;
  port: number;
  /** Answer as the primary of this one-node replica set; a standalone when absent. */
  replicaSet?: string;
}

const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
const MAX_MESSAGE_SIZE_BYTES = 48_000_000;
const ELECTION_ID = new BSON.ObjectId('7fffffff0000000000000001');

/**
 * No `topologyVersion`, so the driver polls with plain hellos instead of streaming awaitable
 * ones (which this device does not implement); no `compression`, so nothing arrives compressed.
 */
export function helloReply(identity: ServerIdentity, connectionId: number): Record<string, unknown> {
  const me = `${identity.host}:${identity.port}`;
  const replicaSet = identity.replicaSet
    ? { setName: identity.replicaSet, setVersion: 1, hosts: [me], primary: me, me, secondary: false, electionId: ELECTION_ID }
    : {};
  return {
    // Both spellings: `hello` answers isWritablePrimary, the legacy isMaster answers ismaster.
    isWritablePrimary: true,
    ismaster: true,
    helloOk: true,
    ...replicaSet,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE_BYTES,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
}

export function buildInfoReply(): Record<string, unknown> {
  return {
    version: '7.0.0',
    gitVersion: 'mongo-wire-test-server',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    ok: 1,
  };
}
