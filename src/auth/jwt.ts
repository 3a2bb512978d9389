// Users-permissions JWTs as Strapi issues them (HS256 with JWT_SECRET, `{ id, iat, exp }`): a user id ->
// a token, and a token -> the id it names, or nothing when it is malformed, forged or expired.
import { errors, jwtVerify, SignJWT } from 'jose';
import ms from 'ms';
import { z } from 'zod';

/** Strapi's default `plugin.users-permissions.jwt.expiresIn`. */
export const DEFAULT_JWT_EXPIRES_IN = '30d';

/**
 * Strapi's `jwt.expiresIn` -> seconds, as jsonwebtoken reads it: a text is a time span in `ms`'s
 * grammar (`"30d"`, `"7d"`, `"12h"`, `"2 days"`; a bare number in a text is milliseconds), a
 * number is seconds. Undefined when it names no span, or not a positive one.
 */
export function expiresInSeconds(value: string | number): number | undefined {
  const seconds = typeof value === 'number' ? value : parseSpan(value);
  return seconds !== undefined && Number.isFinite(seconds) && seconds >= 1 ? seconds : undefined;
}

function parseSpan(text: string): number | undefined {
  // `ms` throws on an empty text rather than answering undefined.
  const milliseconds: number | undefined = text === '' ? undefined : ms(text as ms.StringValue);
  return milliseconds === undefined ? undefined : milliseconds / 1000;
}

/** The config file's `jwt.expiresIn` (raw) -> a token's lifetime in seconds; Strapi's 30 days when left out. */
export const jwtExpiresInSchema = z
  .union([z.string(), z.number().int()])
  .default(DEFAULT_JWT_EXPIRES_IN)
  .transform((value, context) => {
    const seconds = expiresInSeconds(value);
    if (seconds === undefined) {
      context.addIssue({ code: 'custom', message: `expected a whole number of seconds or a time span such as "30d", "7d", "12h" (at least 1 s); got ${JSON.stringify(value)}` });
      return z.NEVER;
    }
    return seconds;
  });

/** Whether text has a JWT's shape (three base64url parts), so other tokens are not tried as one. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}

/** Signs tokens byte for byte as Strapi's jsonwebtoken does: header `{"alg":"HS256","typ":"JWT"}`, payload `{"id","iat","exp"}`. */
export class JwtIssuer {
  private readonly key: Uint8Array;

  /**
   * @param lifetimeSeconds what {@link expiresInSeconds} made of `jwt.expiresIn`
   * @param now the clock, epoch milliseconds (tests fix it)
   */
  constructor(
    secret: string,
    private readonly lifetimeSeconds: number = expiresInSeconds(DEFAULT_JWT_EXPIRES_IN)!,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A token naming `userId`, valid from now for the configured lifetime. */
  issue(userId: number): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(issuedAt + this.lifetimeSeconds))
      .sign(this.key);
  }
}

export class JwtVerifier {
  private readonly key: Uint8Array;

  /** @param now the clock, epoch milliseconds (tests fix it) */
  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** The user id the token names, or undefined for any token that does not verify. */
  async userId(token: string): Promise<number | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: new Date(this.now()) });
      const id = Number(payload.id);
      return Number.isSafeInteger(id) && id > 0 ? id : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}
