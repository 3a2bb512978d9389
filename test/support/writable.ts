// A gateway over the blog fixture whose public role may write every content-type of it: for
// tests of writes that are not about permissions.
import { CONTENT_VERBS, contentAction } from '../../src/access/actions.ts';
import { type AccessSettings } from '../../src/auth/settings.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { BLOG_MODEL, BLOG_SEED, modelGateway, type GatewayOptions, type TestGateway } from './test-gateway.ts';

export const WRITABLE_TYPES = ['api::article.article', 'api::author.author', 'api::category.category', 'api::tag.tag', 'api::global.global'];

/** The seed's settings, its public role granted every action on the fixture's types. */
export async function writableSettings(): Promise<AccessSettings> {
  const settings = settingsFromSeed(await loadSeedFile(BLOG_SEED));
  const granted = WRITABLE_TYPES.flatMap((uid) => CONTENT_VERBS.map((verb) => contentAction(uid, verb)));
  return { ...settings, roles: { ...settings.roles, public: [...new Set([...settings.roles.public, ...granted])] } };
}

export async function writableGateway(options: GatewayOptions = {}): Promise<TestGateway> {
  const settings = await writableSettings();
  return modelGateway(BLOG_MODEL, BLOG_SEED, { ...options, extra: { settings: () => settings, ...options.extra } });
}
