// A data folder started with no data to import -> what Strapi makes of an empty database at its
// first start: English alone, its two roles (authenticated, public) granted nothing, saved.
import { saveSettings, settingsFromSeed, type AccessSettings } from '../src/auth/settings.ts';
import type { ContentModel } from '../src/model/types.ts';
import { importSeed } from '../src/seed/import-seed.ts';
import { parseSeed } from '../src/seed/parse-seed.ts';
import type { Store } from '../src/store/store.ts';

/** The seed of an empty start: no entries, Strapi's two roles with nothing granted. */
const EMPTY_SEED = parseSeed({ roles: { authenticated: {}, public: {} } }, 'The empty start');

/** Writes the role entries and access settings of an empty start; returns the settings. */
export async function startEmpty(model: ContentModel, store: Store): Promise<AccessSettings> {
  await importSeed(model, EMPTY_SEED, store);
  const settings = settingsFromSeed(EMPTY_SEED);
  await saveSettings(store, settings);
  return settings;
}

/** Whether the public role (a request without credentials) may do nothing at all. */
export function publicMayDoNothing(settings: AccessSettings): boolean {
  return Object.values(settings.roles.public ?? {}).every((uids) => (uids ?? []).length === 0);
}
