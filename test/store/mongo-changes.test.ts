// What a change stream's failure means for the gateway watching it: poll instead, start again
// from now, or resume where it stopped.
import { MongoNetworkError, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { feedFailureOf } from '../../src/store/mongo-changes.ts';
import { isUnavailable } from '../../src/store/mongo-store.ts';

const server = (code: number, labels: string[] = []) => new MongoServerError({ ok: 0, code, errmsg: `failed with ${code}`, errorLabels: labels });

describe('a change stream failure', () => {
  it.each([
    ['a standalone (40573): poll instead', server(40573), 'unsupported'],
    ['no changeStream privilege (Unauthorized): poll instead', server(13), 'unsupported'],
    ['ChangeStreamHistoryLost: start from now', server(286, ['NonResumableChangeStreamError']), 'lost'],
    ['ChangeStreamFatalError: start from now', server(280), 'lost'],
    ['InvalidResumeToken: start from now', server(260), 'lost'],
    ['any error labelled NonResumableChangeStreamError: start from now', server(8, ['NonResumableChangeStreamError']), 'lost'],
    ['NotWritablePrimary (a failover the driver could not ride out): resume later', server(10107), 'unavailable'],
    ['a dropped connection: resume later', new MongoNetworkError('connection closed'), 'unavailable'],
    ['anything else: resume later', server(2), 'failed'],
  ])('%s', (_name, error, failure) => {
    expect(feedFailureOf(error, isUnavailable)).toBe(failure);
  });
});
