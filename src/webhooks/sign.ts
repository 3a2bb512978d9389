// A delivery's id, timestamp and body + the webhook's secret -> the Standard Webhooks headers
// (standardwebhooks.com): `webhook-id`, `webhook-timestamp` (Unix seconds) and, with a secret,
// `webhook-signature: v1,<base64 of HMAC-SHA256 over "id.timestamp.body">`; and the receiver's check.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const ID_HEADER = 'webhook-id';
export const TIMESTAMP_HEADER = 'webhook-timestamp';
export const SIGNATURE_HEADER = 'webhook-signature';

/** The key a `whsec_…` secret stands for: the bytes of its base64. */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** `v1,<signature>` of the content a receiver checks. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The delivery's headers, in this order; the signature only when the webhook has a secret. */
export function deliveryHeaders(secret: string | undefined, id: string, timestamp: number, body: string): Array<[string, string]> {
  const headers: Array<[string, string]> = [[ID_HEADER, id], [TIMESTAMP_HEADER, String(timestamp)]];
  if (secret) headers.push([SIGNATURE_HEADER, signature(secret, id, timestamp, body)]);
  return headers;
}

/**
 * Whether a request's headers carry a valid signature of `body` made within `toleranceS` seconds
 * of `nowS` (a receiver refuses replays of old requests). The header may list several signatures,
 * space-separated (a secret being rotated); one matching is enough.
 */
export function verifySignature(secret: string, headers: { get(name: string): string | null }, body: string, nowS: number, toleranceS = 300): boolean {
  const id = headers.get(ID_HEADER);
  const timestamp = Number(headers.get(TIMESTAMP_HEADER));
  const given = headers.get(SIGNATURE_HEADER);
  if (!id || !Number.isInteger(timestamp) || !given || Math.abs(nowS - timestamp) > toleranceS) return false;
  const expected = Buffer.from(signature(secret, id, timestamp, body));
  return given.split(' ').some((candidate) => candidate.length === expected.length && timingSafeEqual(Buffer.from(candidate), expected));
}
