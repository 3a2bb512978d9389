// The seed's `roles` -> users-permissions role and permission entries, with Strapi's default ids
// and names; users point at roles by id like any relation.
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/errors.ts';
import { compileContentModel } from '../../src/model/load.ts';
import { parseSeed, type SeedRole } from '../../src/seed/parse-seed.ts';
import { permissionAction, roleEntries } from '../../src/seed/role-entries.ts';
import { validateSeed } from '../../src/seed/validate-seed.ts';

const ids = (roles: Record<string, SeedRole>) => Object.fromEntries(roleEntries(roles).ids);

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
    public: { find: ['api::article.article', 'plugin::upload.file'], findOne: ['api::article.article'], create: ['api::lead.lead'] },
    editor: { name: 'Editor', description: 'Edits things', find: ['plugin::users-permissions.user'], update: ['api::article.article'], delete: ['api::article.article'] },
  });

  it('names the default roles as Strapi does, and custom ones by what the seed says', () => {
    expect(roles.map((r) => ({ id: r.id, ...r.values }))).toEqual([
      { id: 1, type: 'authenticated', name: 'Authenticated', description: 'Default role given to authenticated user.' },
      { id: 2, type: 'public', name: 'Public', description: 'Default role given to unauthenticated user.' },
      { id: 3, type: 'editor', name: 'Editor', description: 'Edits things' },
    ]);
  });

  it('holds one permission per granted action, pointing at its role', () => {
    expect(permissions.map((p) => [p.id, p.values.action, p.values.role])).toEqual([
      [1, 'api::article.article.find', 2],
      [2, 'plugin::upload.content-api.find', 2],
      [3, 'api::article.article.findOne', 2],
      [4, 'api::lead.lead.create', 2],
      [5, 'plugin::users-permissions.user.find', 3],
      [6, 'api::article.article.update', 3],
      [7, 'api::article.article.delete', 3],
    ]);
  });

  it.each([
    ['api::article.article', 'find', 'api::article.article.find'],
    ['plugin::upload.file', 'findOne', 'plugin::upload.content-api.findOne'],
    ['plugin::users-permissions.user', 'find', 'plugin::users-permissions.user.find'],
    ['api::article.article', 'delete', 'api::article.article.delete'],
  ])('writes the action on %s %s as %s', (uid, action, expected) => {
    expect(permissionAction(uid, action)).toBe(expected);
  });
});

describe('users in a seed', () => {
  const model = compileContentModel(new Map());

  it('accept roles with an id, a name and a description', () => {
    const checked = validateSeed(model, parseSeed({ roles: { editor: { id: 5, name: 'Editor', description: 'Edits' } } }));
    expect(checked.entries.get('plugin::users-permissions.role')!.map((entry) => entry.id)).toEqual([1, 2, 5]);
    expect(() => validateSeed(model, parseSeed({ roles: { editor: { id: 5, find: ['api::nope.nope'] } } }))).toThrow('role "editor": find names unknown content-type "api::nope.nope"');
  });

  it.each(['create', 'update', 'delete'])('accept roles granting %s, and name an unknown content-type it lists', (action) => {
    const checked = validateSeed(model, parseSeed({ roles: { editor: { [action]: ['plugin::users-permissions.user'] } } }));
    expect(checked.roles.editor).toEqual({ [action]: ['plugin::users-permissions.user'] });
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
    ['a role with an unknown key', { roles: { editor: { publish: [] } } }, 'role "editor": unknown key "publish" (expected find, findOne, create, update, delete, id, name, description)'],
    ['an action that is not a list of uids', { roles: { editor: { create: 'api::a.a' } } }, 'role "editor": "create" must be an array of content-type uids'],
  ])('are refused with %s', (_name, raw, fragment) => {
    expect(() => validateSeed(model, parseSeed(raw))).toThrow(ConfigurationError);
    expect(() => validateSeed(model, parseSeed(raw))).toThrow(fragment);
  });
});
