// Which driver failures mean "the database is not there" (answered 503) and which are real
// errors that must surface: one row per kind of failure.
import { MongoNetworkError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isUnavailable } from '../../src/store/mongo-store.ts';

function socketError(code: string): Error {
  return Object.assign(new Error(`socket failure ${code}`), { code });
}

describe('isUnavailable', () => {
  it.each([
    ['a network error', new MongoNetworkError('connection closed'), true],
    ['a server selection timeout', new MongoServerSelectionError('no server', { type: 'Unknown', servers: new Map(), stale: false, compatible: true, heartbeatFrequencyMS: 10000, localThresholdMS: 15, setName: null, maxElectionId: null, maxSetVersion: null, commonWireVersion: 0, logicalSessionTimeoutMinutes: null } as never), true],
    ['a write on a socket the server closed (EPIPE)', socketError('EPIPE'), true],
    ['a reset connection', socketError('ECONNRESET'), true],
    ['a refused connection', socketError('ECONNREFUSED'), true],
    ['a server error such as a duplicate key', new MongoServerError({ message: 'E11000 duplicate key', code: 11000 }), false],
    ['a programming error', new TypeError('x is not a function'), false],
    ['a file error that is not about sockets', socketError('ENOENT'), false],
  ])('says %s is %s', (_name, error, expected) => {
    expect(isUnavailable(error)).toBe(expected);
  });
});
