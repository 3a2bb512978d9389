// The per-client limit counts requests, not time: `max` pass within an interval, the next ones are
// told when to come back, and the window opens again once the (fake) clock has passed it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authLimitKey, rateLimiter, rateLimitSettingsSchema } from '../../src/limits/rate-limit.ts';

beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) }));
afterEach(() => vi.useRealTimers());

async function consumeTimes(limiter: ReturnType<typeof rateLimiter>, key: string, times: number) {
  const answers = [];
  for (let i = 0; i < times; i += 1) answers.push(await limiter.consume(key));
  return answers;
}

describe('rateLimiter', () => {
  it('allows max requests per key, then says how many seconds to wait', async () => {
    const limiter = rateLimiter({ enabled: true, interval: 60_000, max: 3 });
    const answers = await consumeTimes(limiter, 'a', 4);
    const resetAt = Date.UTC(2026, 0, 1) + 60_000;
    expect(answers.slice(0, 3)).toEqual([
      { allowed: true, remaining: 2, resetAt },
      { allowed: true, remaining: 1, resetAt },
      { allowed: true, remaining: 0, resetAt },
    ]);
    expect(answers[3]).toEqual({ allowed: false, retryAfterSeconds: 60, resetAt });
  });

  it('counts each key on its own', async () => {
    const limiter = rateLimiter({ enabled: true, interval: 60_000, max: 1 });
    expect(await limiter.consume('a')).toMatchObject({ allowed: true });
    expect(await limiter.consume('b')).toMatchObject({ allowed: true });
    expect(await limiter.consume('a')).toMatchObject({ allowed: false });
  });

  it('shortens the wait as the window passes, and opens it again after the interval', async () => {
    const limiter = rateLimiter({ enabled: true, interval: 60_000, max: 1 });
    await limiter.consume('a');
    vi.advanceTimersByTime(45_500);
    expect(await limiter.consume('a')).toEqual({ allowed: false, retryAfterSeconds: 15, resetAt: Date.UTC(2026, 0, 1) + 60_000 });
    vi.advanceTimersByTime(14_500);
    expect(await limiter.consume('a')).toEqual({ allowed: true, remaining: 0, resetAt: Date.UTC(2026, 0, 1) + 120_000 });
  });

  it('allows everything when disabled', async () => {
    const answers = await consumeTimes(rateLimiter({ enabled: false, interval: 60_000, max: 1 }), 'a', 5);
    expect(answers.every((answer) => answer.allowed)).toBe(true);
  });
});

describe('rateLimitSettingsSchema', () => {
  it.each([
    ['Strapi\'s defaults when left out', undefined, { enabled: true, interval: 60_000, max: 10 }],
    ['a partial section over the defaults', { max: 5 }, { enabled: true, interval: 60_000, max: 5 }],
    ['a switch-off', { enabled: false }, { enabled: false, interval: 60_000, max: 10 }],
  ])('reads %s', (_name, raw, expected) => {
    expect(rateLimitSettingsSchema.parse(raw)).toEqual(expected);
  });

  it.each([
    ['an interval in seconds by mistake', { interval: 60 }],
    ['no requests at all', { max: 0 }],
    ['an unknown key', { window: 5 }],
  ])('refuses %s', (_name, raw) => {
    expect(rateLimitSettingsSchema.safeParse(raw).success).toBe(false);
  });
});

describe('authLimitKey', () => {
  it.each([
    ['the email lower-cased', 'Ada@Example.test', '/api/auth/forgot-password', 'ada@example.test:/api/auth/forgot-password:1.2.3.4'],
    ['unknownIdentifier without an email', undefined, '/api/auth/local', 'unknownIdentifier:/api/auth/local:1.2.3.4'],
    ['unknownIdentifier for an email that is not text', ['a'], '/api/auth/local', 'unknownIdentifier:/api/auth/local:1.2.3.4'],
    ['the path lower-cased', '', '/API/Auth/Local', 'unknownIdentifier:/api/auth/local:1.2.3.4'],
  ])('keys by %s, as Strapi does', (_name, email, path, expected) => {
    expect(authLimitKey(email, path, '1.2.3.4')).toBe(expected);
  });
});
