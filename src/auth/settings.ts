// Access settings: locales, roles (with the id of each role's entry) and the seed's own bearer
// tokens. They come from the seed file and are kept in the store's `_settings` collection, so
// gateways on MongoDB read what the importer wrote.
import { createHash, randomUUID } from 'node:crypto';
import { ConfigurationError } from '../errors/errors.ts';
import type { Seed } from '../seed/parse-seed.ts';
import { roleEntries } from '../seed/role-entries.ts';
import type { Store } from '../store/store.ts';
import { ACTIONS, type RoleGrants } from './roles.ts';

/** Locales known to the gateway; `defaultLocale` answers requests that name none. */
export interface LocaleSettings {
  codes: readonly string[];
  defaultLocale: string;
}

export interface AccessSettings {
  locales: LocaleSettings;
  /** Grants by role type (`public`, `authenticated`, …). */
  roles: Record<string, RoleGrants>;
  /** Id of each role's entry -> its type: what a logged-in user's `role` points at. */
  roleTypes: Record<string, string>;
  /** SHA-256 (hex) of each seed bearer token -> role type; the tokens themselves are never kept. */
  tokens: Record<string, string>;
}

/** Strapi's two roles, for settings saved before role ids were kept. */
const DEFAULT_ROLE_TYPES: Readonly<Record<string, string>> = { 1: 'authenticated', 2: 'public' };

export const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export const SETTINGS_COLLECTION = '_settings';

export function settingsFromSeed(seed: Seed): AccessSettings {
  const defaultLocale = seed.locales.find((l) => l.isDefault)?.code ?? seed.locales[0]?.code ?? 'en';
  const roles = Object.fromEntries(Object.entries(seed.roles).map(([type, role]) => [type, grantsOf(role)]));
  return {
    locales: { codes: seed.locales.map((l) => l.code), defaultLocale },
    roles,
    roleTypes: Object.fromEntries([...roleEntries(seed.roles).ids].map(([type, id]) => [String(id), type])),
    tokens: Object.fromEntries(Object.entries(seed.tokens).map(([token, role]) => [digest(token), role])),
  };
}

/** A role's grants alone, every action it lists (its id, name and description are the role entry's). */
function grantsOf(role: RoleGrants): RoleGrants {
  return Object.fromEntries(ACTIONS.filter((action) => role[action] !== undefined).map((action) => [action, role[action]]));
}

/**
 * Saved last by every import, with a new `version`: the settings document is also the data's
 * version document, which gateways on MongoDB poll to learn that an import changed the data.
 */
export async function saveSettings(store: Store, settings: AccessSettings): Promise<void> {
  await store.upsertMany(SETTINGS_COLLECTION, [{ id: 1, settings: JSON.stringify(settings), version: randomUUID() }]);
}

export interface VersionedSettings {
  settings: AccessSettings;
  /** Changes with every import (settings saved before versions were kept: their own text). */
  version: string;
}

export async function loadVersionedSettings(store: Store): Promise<VersionedSettings> {
  const [doc] = await store.find(SETTINGS_COLLECTION, { id: 1 });
  if (!doc) {
    throw new ConfigurationError('No access settings in the database: run `npm run import -- --schema DIR --seed FILE` first, or start with --seed FILE');
  }
  const settings = JSON.parse(String(doc.settings)) as AccessSettings;
  return {
    settings: { ...settings, roleTypes: settings.roleTypes ?? { ...DEFAULT_ROLE_TYPES } },
    version: typeof doc.version === 'string' ? doc.version : String(doc.settings),
  };
}

export async function loadSettings(store: Store): Promise<AccessSettings> {
  return (await loadVersionedSettings(store)).settings;
}

/** The data's version alone (one small read): what a gateway polls. */
export async function dataVersion(store: Store): Promise<string | undefined> {
  const [doc] = await store.find(SETTINGS_COLLECTION, { id: 1 }, { projection: { version: 1, settings: 1 } });
  if (!doc) return undefined;
  return typeof doc.version === 'string' ? doc.version : String(doc.settings);
}
