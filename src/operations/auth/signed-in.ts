// What sign-in, registration and the password and confirmation routes answer: a JWT naming the
// user (none when registration waits for a confirmed email) and the user entry as stored, which
// each protocol shows as Strapi does (never its password or tokens).
import type { Doc } from '../../store/store.ts';

export interface SignedIn {
  readonly jwt?: string;
  /** The stored user; the routes that change it answer it as it was before, as Strapi does. */
  readonly user: Doc;
}

/** `GET /api/auth/email-confirmation`'s: signed in, and where the browser goes next. */
export interface Confirmed extends SignedIn {
  readonly redirectTo: string;
}
