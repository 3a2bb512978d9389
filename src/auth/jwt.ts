// A users-permissions JWT (as a Strapi backend issues them to logged-in end users: HS256, signed
// with the project's JWT_SECRET, `{ id, iat, exp }`) -> the id of the user it names, or nothing
// when it is malformed, forged or expired.
import { errors, jwtVerify } from 'jose';

/** Whether text has a JWT's shape (three base64url parts), so other tokens are not tried as one. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}

export class JwtVerifier {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** The user id the token names, or undefined for any token that does not verify. */
  async userId(token: string): Promise<number | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const id = Number(payload.id);
      return Number.isSafeInteger(id) && id > 0 ? id : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}
