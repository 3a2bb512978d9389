// Strapi v4 API tokens, as Strapi keeps them: only an HMAC-SHA512 of the token with the
// project's API_TOKEN_SALT is stored (`accessKey`), with a type (read-only, full-access or custom
// with its permissions) and an optional expiry. A bearer token -> its record -> the role it acts as.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isReadAction } from '../access/actions.ts';
import type { Store } from '../store/store.ts';
import { createRole, ruleRole, type Role } from './roles.ts';

export const API_TOKEN_TYPES = ['read-only', 'full-access', 'custom'] as const;
export type ApiTokenType = (typeof API_TOKEN_TYPES)[number];

/** Where the records live, as Strapi names its table. */
export const API_TOKENS_COLLECTION = 'strapi_api_tokens';

export interface ApiToken {
  id: number;
  name: string;
  description: string;
  type: ApiTokenType;
  /** HMAC-SHA512 (hex) of the token with API_TOKEN_SALT; the token itself is never kept. */
  accessKey: string;
  /** For `custom`: `api::article.article.find`, `api::article.article.create`, `plugin::upload.content-api.find`… */
  permissions: string[];
  /** Null: never expires. */
  expiresAt: Date | null;
  createdAt: Date;
}

/** A new token, as random as Strapi's (128 bytes, hex). Shown once; only its access key is stored. */
export function generateToken(): string {
  return randomBytes(128).toString('hex');
}

export function accessKeyOf(token: string, salt: string): string {
  return createHmac('sha512', salt).update(token).digest('hex');
}

/**
 * The role a token acts as, as Strapi's token types mean: full-access may run every action of the
 * content API; read-only every action that reads (`…find`, `…findOne`); custom the actions its
 * permissions name, nothing else.
 */
export function tokenRole(token: ApiToken): Role {
  const name = `api-token:${token.id}`;
  if (token.type === 'full-access') return ruleRole(name, () => true);
  if (token.type === 'read-only') return ruleRole(name, isReadAction);
  return createRole(name, token.permissions);
}

export function isExpired(token: ApiToken, now: Date): boolean {
  return token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now.getTime();
}

/**
 * Finds tokens by access key in the store, remembering answers briefly by the token presented so a
 * busy gateway neither reads the store nor works out the HMAC on every request, while a token
 * created or revoked meanwhile is seen within `ttlMs`.
 */
export class ApiTokenLookup {
  private readonly cache = new Map<string, { token: ApiToken | undefined; until: number }>();

  constructor(
    private readonly store: Store,
    private readonly salt: string,
    private readonly ttlMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  async find(token: string): Promise<ApiToken | undefined> {
    const cached = this.cache.get(token);
    if (cached && cached.until > this.now()) return cached.token;
    const key = accessKeyOf(token, this.salt);
    const [found] = (await this.store.find(API_TOKENS_COLLECTION, { accessKey: key }, { limit: 1 })) as unknown as ApiToken[];
    // Compared again in constant time: the store's equality is not.
    const match = found && found.accessKey.length === key.length && timingSafeEqual(Buffer.from(found.accessKey), Buffer.from(key)) ? found : undefined;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(token, { token: match, until: this.now() + this.ttlMs });
    return match;
  }
}
