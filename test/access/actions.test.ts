// Strapi's action names: how a content-type's verbs, a seed's grants and an archive's permissions
// are spelled, and which names a role may be granted under a model.
import { describe, expect, it } from 'vitest';
import { contentAction, isKnownAction, isReadAction, looksLikeAction, seedAction, seedGrantOf, type ContentVerb } from '../../src/access/actions.ts';

const API_TYPES = new Set(['api::article.article', 'api::tag.tag']);

describe('the action a verb on a content-type needs', () => {
  it.each<[string, ContentVerb, string]>([
    ['api::article.article', 'find', 'api::article.article.find'],
    ['api::article.article', 'delete', 'api::article.article.delete'],
    ['plugin::upload.file', 'findOne', 'plugin::upload.content-api.findOne'],
    ['plugin::upload.file', 'create', 'plugin::upload.content-api.upload'],
    ['plugin::upload.file', 'delete', 'plugin::upload.content-api.destroy'],
    ['plugin::users-permissions.user', 'find', 'plugin::users-permissions.user.find'],
    ['plugin::users-permissions.user', 'delete', 'plugin::users-permissions.user.destroy'],
    ['plugin::users-permissions.role', 'create', 'plugin::users-permissions.role.createRole'],
    ['plugin::i18n.locale', 'find', 'plugin::i18n.locale.find'],
  ])('%s %s is %s', (uid, verb, action) => {
    expect(contentAction(uid, verb)).toBe(action);
  });
});

describe("a seed's grants and an archive's permissions", () => {
  it.each([
    ['api::article.article', 'find', 'api::article.article.find'],
    ['plugin::upload.file', 'upload', 'plugin::upload.content-api.upload'],
    ['plugin::users-permissions.auth', 'callback', 'plugin::users-permissions.auth.callback'],
    ['plugin::users-permissions.user', 'me', 'plugin::users-permissions.user.me'],
  ])('%s %s is the action %s, and back', (subject, verb, action) => {
    expect(seedAction(subject, verb)).toBe(action);
    expect(seedGrantOf(action)).toEqual([subject, verb]);
  });
});

describe('the actions a role may be granted', () => {
  it.each([
    ['api::article.article.find', true],
    ['api::tag.tag.delete', true],
    ['api::article.article.publish', false],
    ['api::unknown.unknown.find', false],
    ['plugin::upload.content-api.upload', true],
    ['plugin::upload.content-api.destroy', true],
    ['plugin::upload.content-api.delete', false],
    ['plugin::users-permissions.auth.callback', true],
    ['plugin::users-permissions.user.me', true],
    ['plugin::users-permissions.role.find', true],
    ['plugin::users-permissions.auth.nope', false],
    ['plugin::documentation.documentation.read', false],
  ])('%s: %s', (action, known) => {
    expect(isKnownAction(action, API_TYPES)).toBe(known);
  });

  it.each([
    ['api::article.article.find', true],
    ['plugin::upload.content-api.findOne', true],
    ['api::article.article.create', false],
    ['plugin::users-permissions.user.me', false],
  ])('%s only reads: %s', (action, reads) => {
    expect(isReadAction(action)).toBe(reads);
  });

  it.each([
    ['api::article.article.find', true],
    ['plugin::upload.content-api.upload', true],
    ['article.find', false],
    ['nonsense', false],
  ])('%s is spelled as an action: %s', (text, spelled) => {
    expect(looksLikeAction(text)).toBe(spelled);
  });
});
