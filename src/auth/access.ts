// Access settings: locales, roles and API tokens. They come from the seed file and are kept in
// the store's `_settings` collection, so gateways on MongoDB read what the importer wrote.
import { createHash } from 'node:crypto';
import type { Seed } from '../seed/parse-seed.ts';
import type { Store } from '../store/store.ts';
import type { LocaleSettings } from '../graphql/context.ts';
import { ConfigurationError, UnauthorizedError } from '../errors/errors.ts';
import { createRole, PUBLIC_ROLE, type Role, type RoleGrants } from './roles.ts';

export interface AccessSettings {
  locales: LocaleSettings;
  roles: Record<string, RoleGrants>;
  /** SHA-256 (hex) of each bearer token -> role name; the tokens themselves are never kept. */
  tokens: Record<string, string>;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export const SETTINGS_COLLECTION = '_settings';

export function settingsFromSeed(seed: Seed): AccessSettings {
  const defaultLocale = seed.locales.find((l) => l.isDefault)?.code ?? seed.locales[0]?.code ?? 'en';
  return {
    locales: { codes: seed.locales.map((l) => l.code), defaultLocale },
    roles: seed.roles,
    tokens: Object.fromEntries(Object.entries(seed.tokens).map(([token, role]) => [digest(token), role])),
  };
}

export async function saveSettings(store: Store, settings: AccessSettings): Promise<void> {
  await store.upsertMany(SETTINGS_COLLECTION, [{ id: 1, settings: JSON.stringify(settings) }]);
}

export async function loadSettings(store: Store): Promise<AccessSettings> {
  const [doc] = await store.find(SETTINGS_COLLECTION, { id: 1 });
  if (!doc) {
    throw new ConfigurationError('No access settings in the database: run `npm run import -- --schema DIR --seed FILE` first, or start with --seed FILE');
  }
  return JSON.parse(String(doc.settings)) as AccessSettings;
}

/** Resolves the caller's role: no credentials acts as the public role; an unknown token is refused. */
export function authenticate(authorization: string | null, settings: AccessSettings): Role {
  if (!authorization) return createRole(PUBLIC_ROLE, settings.roles[PUBLIC_ROLE] ?? {});
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  const roleName = match ? settings.tokens[digest(match[1])] : undefined;
  if (!roleName) throw new UnauthorizedError('Missing or invalid credentials');
  return createRole(roleName, settings.roles[roleName] ?? {});
}
