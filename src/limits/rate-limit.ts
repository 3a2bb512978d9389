// A client's key -> whether it may make one more request now, or how many seconds until it may: at
// most `max` per `interval` ms per key, a fixed window from its first request, as Strapi counts.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';

/** Strapi's `plugin.users-permissions.ratelimit` defaults: 10 requests a minute. */
export const STRAPI_AUTH_RATE_LIMIT = { enabled: true, interval: 60_000, max: 10 } as const;

/** The config file's rate limit (raw) -> `{ enabled, interval, max }`, Strapi's defaults filling what it leaves out. */
export const rateLimitSettingsSchema = z
  .object({
    enabled: z.boolean().default(STRAPI_AUTH_RATE_LIMIT.enabled),
    interval: z.number().int().min(1_000, 'expected milliseconds, at least 1000').default(STRAPI_AUTH_RATE_LIMIT.interval),
    max: z.number().int().min(1).default(STRAPI_AUTH_RATE_LIMIT.max),
  })
  .strict()
  .default(STRAPI_AUTH_RATE_LIMIT);

export type RateLimitSettings = z.output<typeof rateLimitSettingsSchema>;

/** One request counted: allowed with what is left of the window, or refused with the wait; `resetAt` (epoch ms) ends the window. */
export type Consumed =
  | { allowed: true; remaining: number; resetAt: number }
  | { allowed: false; retryAfterSeconds: number; resetAt: number };

export interface RateLimiter {
  /** Requests allowed per window; undefined when the limit is switched off (nothing is counted). */
  readonly max?: number;
  /** Counts one request under `key`. */
  consume(key: string): Promise<Consumed>;
}

/** A limiter counting in memory; with `enabled: false`, one that allows everything. */
export function rateLimiter(settings: RateLimitSettings): RateLimiter {
  if (!settings.enabled) return { consume: () => Promise.resolve({ allowed: true, remaining: Number.POSITIVE_INFINITY, resetAt: Date.now() }) };
  const limiter = new RateLimiterMemory({ points: settings.max, duration: settings.interval / 1000 });
  return {
    max: settings.max,
    async consume(key) {
      try {
        const result = await limiter.consume(key);
        return { allowed: true, remaining: result.remainingPoints, resetAt: Date.now() + result.msBeforeNext };
      } catch (refusal) {
        // The library rejects with its result when the key has no points left, and with an Error otherwise.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)), resetAt: Date.now() + refusal.msBeforeNext };
      }
    },
  };
}

/**
 * Strapi's key for its auth routes: the body's `email` lower-cased (or `unknownIdentifier`), the
 * path lower-cased, the client; so one client's attempts on one account and route count together.
 */
export function authLimitKey(email: unknown, path: string, client: string): string {
  const identifier = typeof email === 'string' && email !== '' ? email.toLowerCase() : 'unknownIdentifier';
  return `${identifier}:${path.toLowerCase()}:${client}`;
}
