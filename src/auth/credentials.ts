// An Authorization header -> who is calling: the public role without one; otherwise the role of a
// seed bearer token, a Strapi API token, or the logged-in user a users-permissions JWT names.
// A credential that is wrong, expired, revoked or malformed is a 401, never the public role.
import { UnauthorizedError } from '../errors/errors.ts';
import type { Doc } from '../store/store.ts';
import { digest, type AccessSettings } from './settings.ts';
import { isExpired, tokenRole, type ApiTokenLookup } from './api-tokens.ts';
import { looksLikeJwt, type JwtVerifier } from './jwt.ts';
import { rememberedDigest } from './remembered-digest.ts';
import { createRole, PUBLIC_ROLE, type Role } from './roles.ts';

export interface Caller {
  role: Role;
  kind: 'public' | 'seed-token' | 'api-token' | 'user';
  /** The logged-in user, for `me`. */
  user?: Doc;
  /** Who may share answers with this caller: callers with one key see the same data. */
  accessKey: string;
}

export interface CredentialSources {
  settings: AccessSettings;
  /** Absent when API_TOKEN_SALT is not configured: Strapi API tokens are then not accepted. */
  apiTokens?: ApiTokenLookup;
  /** Absent when JWT_SECRET is not configured: users' JWTs are then not accepted. */
  jwt?: JwtVerifier;
  /** A user entry by id, or undefined. */
  user(id: number): Promise<Doc | undefined>;
  now?: () => Date;
}

/** A seed token's digest, as `settings.tokens` holds it. */
const seedDigest = rememberedDigest(digest);

const refused = () => new UnauthorizedError('Missing or invalid credentials');

const rolesBySettings = new WeakMap<AccessSettings, Map<string, Role>>();

/** The role of a type under these settings, made once per settings. */
function roleOfType(type: string, settings: AccessSettings): Role {
  let roles = rolesBySettings.get(settings);
  if (!roles) rolesBySettings.set(settings, (roles = new Map()));
  let role = roles.get(type);
  if (!role) roles.set(type, (role = createRole(type, settings.roles[type] ?? [])));
  return role;
}

const anonymousBySettings = new WeakMap<AccessSettings, Caller>();

/** Who calls without credentials: the public role (one per settings). */
export function anonymous(settings: AccessSettings): Caller {
  let caller = anonymousBySettings.get(settings);
  if (!caller) anonymousBySettings.set(settings, (caller = Object.freeze({ role: roleOfType(PUBLIC_ROLE, settings), kind: 'public', accessKey: `role:${PUBLIC_ROLE}` } as Caller)));
  return caller;
}

export async function authenticate(authorization: string | null, sources: CredentialSources): Promise<Caller> {
  const { settings } = sources;
  if (authorization === null || authorization.trim() === '') return anonymous(settings);
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!bearer) throw refused();
  const token = bearer[1];

  const seedRole = settings.tokens[seedDigest(token)];
  if (seedRole !== undefined) return { role: roleOfType(seedRole, settings), kind: 'seed-token', accessKey: `role:${seedRole}` };

  const apiToken = await sources.apiTokens?.find(token);
  if (apiToken) {
    if (isExpired(apiToken, sources.now?.() ?? new Date())) throw refused();
    // Every read-only token acts alike, and every full-access one: each type is one class.
    const key = apiToken.type === 'custom' ? `api-token:${apiToken.id}` : `api-token:${apiToken.type}`;
    return { role: tokenRole(apiToken), kind: 'api-token', accessKey: key };
  }

  if (sources.jwt && looksLikeJwt(token)) {
    const id = await sources.jwt.userId(token);
    if (id === undefined) throw refused();
    const user = await sources.user(id);
    // As Strapi: the token of a user deleted or blocked since no longer opens anything, in its words.
    if (!user || user.blocked === true) throw new UnauthorizedError('Invalid credentials');
    // A user without a role may read nothing (Strapi fails such a request).
    const type = user.role === null || user.role === undefined ? undefined : settings.roleTypes[String(user.role)];
    const role = type === undefined ? createRole('no-role', []) : roleOfType(type, settings);
    return { role, kind: 'user', user, accessKey: `role:${role.name}` };
  }
  throw refused();
}
