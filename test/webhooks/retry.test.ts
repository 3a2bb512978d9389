// What follows an attempt: delivered on a 2xx; tried again on a timeout, a connection error, a 5xx
// or a 429, after a backoff that doubles with jitter, or the receiver's Retry-After when longer;
// kept as failed on any other answer, a local address, or the last attempt.
import { describe, expect, it } from 'vitest';
import { backoffMs, isRetryable, nextStep, retryAfterMs, type AttemptResult } from '../../src/webhooks/retry.ts';
import { DEFAULT_DELIVERY } from '../../src/webhooks/settings.ts';

const answered = (status: number, retryAfter?: string): AttemptResult => ({ kind: 'answered', status, text: '', ...(retryAfter ? { retryAfter } : {}) });
const failed = (reason: 'timeout' | 'network' | 'local-address'): AttemptResult => ({ kind: 'failed', reason, message: reason });
const NOW = Date.parse('2026-11-27T10:00:00.000Z');
const settings = { ...DEFAULT_DELIVERY, minDelayMs: 1000, maxDelayMs: 60_000, attempts: 5 };

describe('which attempts are tried again', () => {
  it.each([
    { name: 'a timeout', result: failed('timeout'), retryable: true },
    { name: 'a refused or reset connection', result: failed('network'), retryable: true },
    { name: 'a local address', result: failed('local-address'), retryable: false },
    { name: '500', result: answered(500), retryable: true },
    { name: '503', result: answered(503), retryable: true },
    { name: '429', result: answered(429), retryable: true },
    { name: '400', result: answered(400), retryable: false },
    { name: '404', result: answered(404), retryable: false },
    { name: '410', result: answered(410), retryable: false },
    { name: 'a redirect (not followed)', result: answered(301), retryable: false },
  ])('$name: $retryable', ({ result, retryable }) => {
    expect(isRetryable(result)).toBe(retryable);
  });
});

describe('the backoff', () => {
  it.each([
    { made: 1, random: 0, wait: 500 },
    { made: 1, random: 1, wait: 1000 },
    { made: 2, random: 0, wait: 1000 },
    { made: 3, random: 0.5, wait: 3000 },
    { made: 7, random: 1, wait: 60_000 },
    { made: 30, random: 0, wait: 30_000 },
  ])('after attempt $made with jitter $random: $wait ms', ({ made, random, wait }) => {
    expect(backoffMs(made, settings, () => random)).toBe(wait);
  });
});

describe('Retry-After', () => {
  it.each([
    { value: '120', ms: 120_000 },
    { value: ' 0 ', ms: 0 },
    { value: 'Fri, 27 Nov 2026 10:00:30 GMT', ms: 30_000 },
    { value: 'Fri, 27 Nov 2026 09:00:00 GMT', ms: 0 },
    { value: 'soon', ms: undefined },
    { value: undefined, ms: undefined },
  ])('$value: $ms ms', ({ value, ms }) => {
    expect(retryAfterMs(value, NOW)).toBe(ms);
  });
});

describe('the next step', () => {
  it.each([
    { name: 'a 2xx is delivered', result: answered(204), made: 1, step: { status: 'delivered' } },
    { name: 'a 400 fails at once', result: answered(400), made: 1, step: { status: 'failed' } },
    { name: 'a 500 waits the backoff', result: answered(500), made: 2, step: { status: 'queued', nextAt: NOW + 1000, retried: true } },
    { name: 'a 429 waits its Retry-After when longer', result: answered(429, '20'), made: 1, step: { status: 'queued', nextAt: NOW + 20_000, retried: true } },
    { name: 'a 503 waits the backoff when Retry-After is shorter', result: answered(503, '0'), made: 3, step: { status: 'queued', nextAt: NOW + 2000, retried: true } },
    { name: 'a Retry-After past maxDelayMs waits maxDelayMs', result: answered(503, '86400'), made: 1, step: { status: 'queued', nextAt: NOW + 60_000, retried: true } },
    { name: 'the last attempt fails for good', result: failed('timeout'), made: 5, step: { status: 'failed' } },
  ])('$name', ({ result, made, step }) => {
    expect(nextStep(result, made, settings, NOW, () => 0)).toEqual(step);
  });
});
