// The seed's roles -> the access settings kept in the store's `_settings`: every action a role
// grants (reads and writes) survives the round trip, so gateways reading the store grant the same;
// the demo seed grants writes to its editors only.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_ACTIONS, contentAction } from '../../src/access/actions.ts';
import { createRole } from '../../src/auth/roles.ts';
import { loadSettings, saveSettings, SETTINGS_COLLECTION } from '../../src/auth/settings.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { parseSeed } from '../../src/seed/parse-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

const ROLES = {
  public: { find: ['api::lead.lead'], create: ['api::lead.lead'] },
  editor: { id: 3, name: 'Editor', findOne: ['api::page.page'], update: ['api::page.page'], delete: ['api::page.page'] },
};

describe('access settings in the store', () => {
  it('keep every action of every role, and only the actions', async () => {
    const store = new EmbeddedStore();
    await saveSettings(store, settingsFromSeed(parseSeed({ roles: ROLES })));
    const { roles } = await loadSettings(store);
    expect(roles).toEqual({
      authenticated: DEFAULT_ROLE_ACTIONS.authenticated,
      public: [...DEFAULT_ROLE_ACTIONS.public, 'api::lead.lead.find', 'api::lead.lead.create'],
      editor: ['api::page.page.findOne', 'api::page.page.update', 'api::page.page.delete'],
    });
  });

  it('read settings an earlier release saved (uids per verb) as actions, with users-permissions\' defaults for Strapi\'s roles', async () => {
    const store = new EmbeddedStore();
    const earlier = { locales: { codes: ['en'], defaultLocale: 'en' }, roles: { public: { find: ['api::lead.lead', 'plugin::upload.file'] }, editor: { update: ['api::page.page'] } }, roleTypes: {}, tokens: {} };
    await store.upsertMany(SETTINGS_COLLECTION, [{ id: 1, settings: JSON.stringify(earlier), version: 'v1' }]);
    expect((await loadSettings(store)).roles).toEqual({
      public: [...DEFAULT_ROLE_ACTIONS.public, 'api::lead.lead.find', 'plugin::upload.content-api.find'],
      editor: ['api::page.page.update'],
    });
  });

  it.each([
    ['public', 'create', 'api::lead.lead', true],
    ['public', 'update', 'api::lead.lead', false],
    ['editor', 'delete', 'api::page.page', true],
    ['editor', 'create', 'api::page.page', false],
  ] as const)('let the %s role %s %s: %s', async (role, action, uid, allowed) => {
    const store = new EmbeddedStore();
    await saveSettings(store, settingsFromSeed(parseSeed({ roles: ROLES })));
    expect(createRole(role, (await loadSettings(store)).roles[role]).can(contentAction(uid, action))).toBe(allowed);
  });
});

describe('the demo seed (schema/seed.json)', () => {
  it.each([
    ['public', 'find', 'api::post.post', true],
    ['public', 'create', 'api::post.post', false],
    ['authenticated', 'update', 'api::post.post', false],
    ['editor', 'create', 'api::post.post', true],
    ['editor', 'update', 'api::magazine.magazine', true],
    ['editor', 'create', 'api::magazine.magazine', false],
    ['editor', 'delete', 'plugin::users-permissions.user', false],
  ] as const)('lets the %s role %s %s: %s', async (role, action, uid, allowed) => {
    const settings = settingsFromSeed(await loadSeedFile('schema/seed.json'));
    expect(createRole(role, settings.roles[role]).can(contentAction(uid, action))).toBe(allowed);
  });

  it('gives its API token to the editor role', async () => {
    expect(Object.values(settingsFromSeed(await loadSeedFile('schema/seed.json')).tokens)).toEqual(['editor']);
  });
});
