// The seed's `roles` -> users-permissions role and permission entries, with Strapi's default ids
// and names; users point at roles by id like any relation.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_ACTIONS } from '../../src/access/actions.ts';
import { ConfigurationError } from '../../src/errors/errors.ts';
import { compileContentModel } from '../../src/model/load.ts';
import { parseSeed, type SeedRole } from '../../src/seed/parse-seed.ts';
import { roleEntries } from '../../src/seed/role-entries.ts';
import { validateSeed } from '../../src/seed/validate-seed.ts';

const ids = (roles: Record<string, Omit<SeedRole, 'grants'>>) => Object.fromEntries(roleEntries(Object.fromEntries(Object.entries(roles).map(([type, role]) => [type, { ...role, grants: {} }]))).ids);

describe('role ids', () => {
  it.each([
    ['no roles: Strapi\'s two', {}, { authenticated: 1, public: 2 }],
    ['public alone still has authenticated beside it', { public: {} }, { authenticated: 1, public: 2 }],
    ['a custom role takes the next id', { editor: {} }, { authenticated: 1, public: 2, editor: 3 }],
    ['a given id is kept', { editor: { id: 7 } }, { authenticated: 1, public: 2, editor: 7 }],
    ['a given id may take a default one, which moves on', { editor: { id: 1 } }, { authenticated: 3, public: 2, editor: 1 }],
  ])('%s', (_name, roles, expected) => {
    expect(ids(roles)).toEqual(expected);
  });
});

describe('role and permission entries', () => {
  const { roles, permissions } = roleEntries({
    public: { grants: { find: ['api::article.article', 'plugin::upload.file'], findOne: ['api::article.article'], create: ['api::lead.lead'] } },
    editor: { name: 'Editor', description: 'Edits things', grants: { find: ['plugin::users-permissions.user'], update: ['api::article.article'], delete: ['api::article.article'], callback: ['plugin::users-permissions.auth'] } },
  });

  it('names the default roles as Strapi does, and custom ones by what the seed says', () => {
    expect(roles.map((r) => ({ id: r.id, ...r.values }))).toEqual([
      { id: 1, type: 'authenticated', name: 'Authenticated', description: 'Default role given to authenticated user.' },
      { id: 2, type: 'public', name: 'Public', description: 'Default role given to unauthenticated user.' },
      { id: 3, type: 'editor', name: 'Editor', description: 'Edits things' },
    ]);
  });

  it("holds one permission per granted action, pointing at its role; Strapi's two roles also hold users-permissions' defaults", () => {
    const byRole = (role: number) => permissions.filter((p) => p.values.role === role).map((p) => p.values.action);
    expect(permissions.map((p) => p.id)).toEqual(permissions.map((_p, index) => index + 1));
    expect(byRole(1)).toEqual(DEFAULT_ROLE_ACTIONS.authenticated);
    expect(byRole(2)).toEqual([...DEFAULT_ROLE_ACTIONS.public, 'api::article.article.find', 'plugin::upload.content-api.find', 'api::article.article.findOne', 'api::lead.lead.create']);
    expect(byRole(3)).toEqual(['plugin::users-permissions.user.find', 'api::article.article.update', 'api::article.article.delete', 'plugin::users-permissions.auth.callback']);
  });
});

describe('users in a seed', () => {
  const model = compileContentModel(new Map());

  it('accept roles with an id, a name and a description', () => {
    const checked = validateSeed(model, parseSeed({ roles: { editor: { id: 5, name: 'Editor', description: 'Edits' } } }));
    expect(checked.entries.get('plugin::users-permissions.role')!.map((entry) => entry.id)).toEqual([1, 2, 5]);
    expect(() => validateSeed(model, parseSeed({ roles: { editor: { id: 5, find: ['api::nope.nope'] } } }))).toThrow('role "editor": find names unknown content-type "api::nope.nope"');
  });

  it.each(['create', 'update', 'destroy'])('accept roles granting %s, and name an unknown content-type it lists', (action) => {
    const checked = validateSeed(model, parseSeed({ roles: { editor: { [action]: ['plugin::users-permissions.user'] } } }));
    expect(checked.roles.editor).toEqual({ grants: { [action]: ['plugin::users-permissions.user'] } });
    expect(() => validateSeed(model, parseSeed({ roles: { editor: { [action]: ['api::nope.nope'] } } }))).toThrow(`role "editor": ${action} names unknown content-type "api::nope.nope"`);
  });

  it('point at a role by id', () => {
    const checked = validateSeed(model, parseSeed({
      roles: { authenticated: { find: [] } },
      entries: { 'plugin::users-permissions.user': [{ id: 1, username: 'ada', email: 'ada@example.com', role: 1, password: 'secret-1' }] },
    }));
    const [user] = checked.entries.get('plugin::users-permissions.user')!;
    expect(user.fields.get('role')).toEqual({ kind: 'value', value: 1 });
  });

  it.each([
    ['a role id no role has', { entries: { 'plugin::users-permissions.user': [{ id: 1, username: 'ada', email: 'a@x.io', role: 9 }] } }, 'attribute "role": plugin::users-permissions.role has no entry 9'],
    ['role entries given directly', { entries: { 'plugin::users-permissions.role': [{ id: 1, name: 'x' }] } }, 'entries come from "roles"'],
    ['a role whose id is not a number', { roles: { editor: { id: 'x' } } }, 'role "editor": "id" must be a positive integer'],
    ['a verb no action of its subject has', { roles: { editor: { publish: ['plugin::users-permissions.user'] } } }, 'role "editor": "publish" of "plugin::users-permissions.user" grants plugin::users-permissions.user.publish, which is not an action of this model (its actions: plugin::users-permissions.user.me'],
    ['a plugin action misspelled', { roles: { public: { callbak: ['plugin::users-permissions.auth'] } } }, 'grants plugin::users-permissions.auth.callbak, which is not an action of this model (its actions: plugin::users-permissions.auth.callback'],
    ['an action that is not a list of uids', { roles: { editor: { create: 'api::a.a' } } }, 'role "editor": "create" must be an array of content-type uids'],
  ])('are refused with %s', (_name, raw, fragment) => {
    expect(() => validateSeed(model, parseSeed(raw))).toThrow(ConfigurationError);
    expect(() => validateSeed(model, parseSeed(raw))).toThrow(fragment);
  });
});
