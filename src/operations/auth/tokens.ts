// One-use tokens of the reset and confirmation mails: a new token (what the mail carries, of
// Strapi's length and alphabet, its expiry inside it) and what the user entry keeps (its SHA-256,
// never the token); a token a client sends -> the digest to look up, or nothing once expired.
import { createHash, randomBytes } from 'node:crypto';

/** Strapi's lengths in hex digits: 64 random bytes for a reset code, 20 for a confirmation token. */
export const TOKEN_LENGTHS = { resetPassword: 128, emailConfirmation: 40 } as const;
export type TokenKind = keyof typeof TOKEN_LENGTHS;

/** The expiry's epoch seconds, as the token's last 12 hex digits (enough for any date of this era). */
const EXPIRY_DIGITS = 12;

export interface NewToken {
  /** What the mail carries. */
  readonly token: string;
  /** What the user entry keeps: the token's SHA-256 in hex. */
  readonly stored: string;
}

/** A token valid for `lifetimeSeconds` from `nowMs`: random hex, then its expiry, so a stored digest alone says both. */
export function newToken(kind: TokenKind, lifetimeSeconds: number, nowMs: number): NewToken {
  const randomDigits = TOKEN_LENGTHS[kind] - EXPIRY_DIGITS;
  const expiry = Math.floor(nowMs / 1000 + lifetimeSeconds).toString(16).padStart(EXPIRY_DIGITS, '0');
  const token = randomBytes(randomDigits / 2).toString('hex') + expiry;
  return { token, stored: tokenDigest(token) };
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The digest to look a client's token up by, or undefined when it cannot be one of ours still
 * valid: not of the kind's length in lower-case hex, or past its expiry. The expiry is the
 * token's own, and the digest covers it, so changing it finds nothing.
 */
export function lookupDigest(kind: TokenKind, given: string, nowMs: number): string | undefined {
  if (given.length !== TOKEN_LENGTHS[kind] || !/^[0-9a-f]+$/.test(given)) return undefined;
  const expiresAt = Number.parseInt(given.slice(-EXPIRY_DIGITS), 16) * 1000;
  return expiresAt > nowMs ? tokenDigest(given) : undefined;
}
