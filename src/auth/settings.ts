// Access settings: locales, roles (the actions each grants, and the id of each role's entry) and
// the seed's own bearer tokens. An import writes them (src/seed/seed-settings.ts) to the store's
// `_settings` collection, so gateways on MongoDB read what the importer wrote.
import { createHash, randomUUID } from 'node:crypto';
import { DEFAULT_ROLE_ACTIONS, seedAction } from '../access/actions.ts';
import { ConfigurationError } from '../errors/errors.ts';
import type { Doc, Store } from '../store/store.ts';
import type { RoleGrants } from './roles.ts';

/** Locales known to the gateway; `defaultLocale` answers requests that name none. */
export interface LocaleSettings {
  codes: readonly string[];
  defaultLocale: string;
}

export interface AccessSettings {
  locales: LocaleSettings;
  /** The actions each role type (`public`, `authenticated`, …) grants. */
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

/**
 * Saved last by every import, with a new `version`: the settings document is also the data's
 * version document, which gateways on MongoDB poll to learn that an import changed the data.
 */
export async function saveSettings(store: Store, settings: AccessSettings): Promise<void> {
  await store.upsertMany(SETTINGS_COLLECTION, [settingsDoc(settings)]);
}

/** The stored settings document of `settings`, with a new version (gateways read the settings again on it). */
export function settingsDoc(settings: AccessSettings): Doc {
  return { id: 1, settings: JSON.stringify(settings), version: randomUUID() };
}

/** The settings a stored settings document holds, as this release keeps them. */
export function settingsOfDoc(doc: Doc): AccessSettings {
  const settings = JSON.parse(String(doc.settings)) as AccessSettings;
  return { ...settings, roles: currentRoles(settings.roles), roleTypes: settings.roleTypes ?? { ...DEFAULT_ROLE_TYPES } };
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
  return { settings: settingsOfDoc(doc), version: typeof doc.version === 'string' ? doc.version : String(doc.settings) };
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

/** A role as settings saved before actions had names kept it: content-type uids per verb. */
type VerbGrants = Readonly<Record<string, readonly string[]>>;

/**
 * Roles as this release keeps them: settings saved by an earlier one list uids per verb, which
 * become actions; Strapi's own roles then also get what users-permissions grants them.
 */
function currentRoles(roles: Record<string, RoleGrants | VerbGrants>): Record<string, RoleGrants> {
  return Object.fromEntries(Object.entries(roles).map(([type, grants]) => {
    if (Array.isArray(grants)) return [type, grants as RoleGrants];
    const actions = Object.entries(grants as VerbGrants).flatMap(([verb, subjects]) => subjects.map((subject) => seedAction(subject, verb)));
    return [type, [...new Set([...(DEFAULT_ROLE_ACTIONS[type] ?? []), ...actions])]];
  }));
}
