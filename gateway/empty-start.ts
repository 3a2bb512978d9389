// A data folder started with no data to import -> what Strapi makes of an empty database at its
// first start: English alone, its two roles (authenticated, public) granted only what
// users-permissions grants them (signing in, registering; the own user), saved.
import { DEFAULT_ROLE_ACTIONS } from '../src/access/actions.ts';
import { saveSettings, type AccessSettings } from '../src/auth/settings.ts';
import { settingsFromSeed } from '../src/seed/seed-settings.ts';
import type { ContentModel } from '../src/model/types.ts';
import { importSeed } from '../src/seed/import-seed.ts';
import { parseSeed } from '../src/seed/parse-seed.ts';
import type { Store } from '../src/store/store.ts';

/** The seed of an empty start: no entries, Strapi's two roles with nothing granted beyond users-permissions' defaults. */
const EMPTY_SEED = parseSeed({ roles: { authenticated: {}, public: {} } }, 'The empty start');

/** Writes the role entries and access settings of an empty start; returns the settings. */
export async function startEmpty(model: ContentModel, store: Store): Promise<AccessSettings> {
  await importSeed(model, EMPTY_SEED, store);
  const settings = settingsFromSeed(EMPTY_SEED);
  await saveSettings(store, settings);
  return settings;
}

/** Whether the public role (a request without credentials) may do nothing beyond users-permissions' defaults: no content at all. */
export function publicMayDoNothing(settings: AccessSettings): boolean {
  const defaults = new Set(DEFAULT_ROLE_ACTIONS.public);
  return (settings.roles.public ?? []).every((action) => defaults.has(action));
}
