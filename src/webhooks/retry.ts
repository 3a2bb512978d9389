// An attempt's result and how many attempts were made -> what becomes of the delivery: delivered
// (a 2xx), tried again later (a timeout, a connection error, a 5xx or a 429: exponential backoff
// with jitter, or the receiver's Retry-After when longer), or kept as failed (any other answer, a
// local address, or the last attempt).
import type { DeliverySettings } from './settings.ts';

/** What one attempt met. */
export type AttemptResult =
  | { readonly kind: 'answered'; readonly status: number; readonly retryAfter?: string; readonly text: string }
  | { readonly kind: 'failed'; readonly reason: 'timeout' | 'network' | 'local-address'; readonly message: string };

export type NextStep = { readonly status: 'delivered' } | { readonly status: 'queued'; readonly nextAt: number; readonly retried: true } | { readonly status: 'failed' };

/** Whether another attempt may succeed where this one did not. */
export function isRetryable(result: AttemptResult): boolean {
  if (result.kind === 'failed') return result.reason !== 'local-address';
  return result.status === 429 || (result.status >= 500 && result.status <= 599);
}

/**
 * The wait before attempt `made + 1`: `minDelayMs` doubled for each attempt after the first, at
 * most `maxDelayMs`, of which a random half ("equal jitter": receivers coming back are not met by
 * every delivery at once, and no wait is shorter than half the step).
 */
export function backoffMs(made: number, settings: Pick<DeliverySettings, 'minDelayMs' | 'maxDelayMs'>, random: () => number): number {
  const step = Math.min(settings.maxDelayMs, settings.minDelayMs * 2 ** Math.max(0, made - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** A `Retry-After` value (seconds, or an HTTP date) as milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** What follows attempt number `made` (1 for the first) of a delivery, at `now`. */
export function nextStep(result: AttemptResult, made: number, settings: DeliverySettings, now: number, random: () => number): NextStep {
  if (result.kind === 'answered' && result.status >= 200 && result.status <= 299) return { status: 'delivered' };
  if (!isRetryable(result) || made >= settings.attempts) return { status: 'failed' };
  const asked = result.kind === 'answered' ? retryAfterMs(result.retryAfter, now) : undefined;
  const wait = Math.min(settings.maxDelayMs, Math.max(backoffMs(made, settings, random), asked ?? 0));
  return { status: 'queued', nextAt: now + wait, retried: true };
}
