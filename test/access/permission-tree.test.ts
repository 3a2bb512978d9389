// Role permissions in users-permissions' REST format: the tree Strapi v4.25 answered for the
// fixture model (every action offered, in its order, the role's enabled), and a client's tree read
// back into the actions it enables, or refused when it cannot be read.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { enabledActions, permissionTree } from '../../src/access/permission-tree.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { roleActions } from '../../src/seed/role-entries.ts';
import { BLOG_MODEL } from '../support/test-gateway.ts';

const recorded = JSON.parse(readFileSync('test/fixtures/users-permissions/strapi-permission-trees.json', 'utf8')) as { permissions: unknown; publicRole: unknown };
let model: ContentModel;
beforeAll(async () => {
  model = await loadContentModel(BLOG_MODEL);
});

describe('permissionTree', () => {
  it('lists every action the model offers, in Strapi\'s order, none enabled', () => {
    const tree = permissionTree(model, new Set());
    expect(tree).toEqual(recorded.permissions);
    expect(JSON.stringify(tree)).toBe(JSON.stringify(recorded.permissions));
  });

  it('enables what a role grants: the fixture seed\'s public role, as Strapi answered it', () => {
    const seed = JSON.parse(readFileSync('test/fixtures/users-permissions/seed.json', 'utf8'));
    const granted = roleActions('public', { grants: seed.roles.public } as never);
    expect(permissionTree(model, new Set(granted))).toEqual(recorded.publicRole);
  });
});

describe('enabledActions', () => {
  it.each([
    ['the enabled leaves only', { 'api::tag': { controllers: { tag: { find: { enabled: true, policy: '' }, create: { enabled: false } } } } }, ['api::tag.tag.find']],
    ['a whole tree Strapi answered, back as its actions', recorded.publicRole, expect.arrayContaining(['api::article.article.find', 'plugin::users-permissions.auth.callback'])],
    ['nothing from an empty tree', {}, []],
    ['each action once', { 'api::tag': { controllers: { tag: { find: { enabled: true } } } }, 'plugin::upload': { controllers: { 'content-api': { find: { enabled: true } } } } }, ['api::tag.tag.find', 'plugin::upload.content-api.find']],
  ])('reads %s', (_name, raw, expected) => {
    expect(enabledActions(model, raw)).toEqual(expected);
  });

  it.each([
    ['a list', [], /permissions must be/],
    ['a group without controllers', { 'api::tag': { tag: {} } }, /permissions must be/],
    ['a leaf that is no object', { 'api::tag': { controllers: { tag: { find: true } } } }, /permissions must be/],
    ['an action the model does not offer', { 'api::nope': { controllers: { nope: { find: { enabled: true } } } } }, /^Unknown permission: api::nope.nope.find$/],
  ])('refuses %s with a ValidationError', (_name, raw, message) => {
    expect(() => enabledActions(model, raw)).toThrow(message);
  });
});
