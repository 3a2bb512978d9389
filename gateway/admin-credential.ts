// A request to /admin -> allowed, or Strapi's 401: its `Authorization: Bearer <token>` must be an
// admin token whose access key (HMAC-SHA512 with API_TOKEN_SALT, as API tokens are kept) is one
// the config file's `admin.accessKeys` or ADMIN_ACCESS_KEYS lists; the token itself is kept nowhere.
import { accessKeyOf } from '../src/auth/api-tokens.ts';
import { sameSecret } from '../src/auth/same-secret.ts';
import { UnauthorizedError } from '../src/errors/errors.ts';

export interface AdminSettings {
  /** Access keys of the admin tokens (hex HMAC-SHA512 of each token with API_TOKEN_SALT). */
  readonly accessKeys: readonly string[];
}

export const NO_ADMIN: AdminSettings = { accessKeys: [] };

/** Checks a request's admin credential. @throws UnauthorizedError as Strapi words it. */
export type AdminCheck = (request: Request) => void;

/** Without a salt or a key, every request is refused: the admin routes are off. */
export function adminCheck(settings: AdminSettings, salt: string | undefined): AdminCheck {
  return (request) => {
    const token = /^Bearer (\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const key = token && salt ? accessKeyOf(token, salt) : undefined;
    // Every key compared, each in constant time, so the time says nothing of which one matched.
    const matches = key ? settings.accessKeys.filter((kept) => sameSecret(key, kept.toLowerCase())) : [];
    if (matches.length === 0) throw new UnauthorizedError('Missing or invalid credentials');
  };
}
