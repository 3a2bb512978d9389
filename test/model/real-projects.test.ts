// What real Strapi v4 projects carry loads unchanged: users-permissions' content-types and their
// `extensions/`, custom fields, relations to admin::user, options we do not use, and the
// FoodAdvisor and corporate-starter models themselves.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/errors.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { PERMISSION_UID, ROLE_UID, USER_UID, type ContentModel } from '../../src/model/types.ts';

const fixtures = fileURLToPath(new URL('../fixtures/schemas/', import.meta.url));
const models = fileURLToPath(new URL('../../../shared/models/', import.meta.url));
const hasModels = existsSync(models);
if (!hasModels) console.warn(`SKIPPED: the shared Strapi projects are absent (${models})`);

describe('a project using what real Strapi projects use', () => {
  let model: ContentModel;
  beforeAll(async () => {
    model = await loadContentModel(`${fixtures}real-project`);
  });
  const recipe = () => model.contentTypes.get('api::recipe.recipe')!;

  it('has the users-permissions user, role and permission content-types', () => {
    expect(model.contentTypes.get(USER_UID)).toMatchObject({ pluralName: 'users', collectionName: 'up_users' });
    expect(model.contentTypes.get(ROLE_UID)?.attributes.get('users')).toMatchObject({ side: 'inverse', inverseField: 'role' });
    expect(model.contentTypes.get(PERMISSION_UID)?.attributes.get('role')).toMatchObject({ side: 'owner', inversedBy: 'permissions' });
  });

  it('takes the user schema from extensions/, attributes replaced as a whole', () => {
    const user = model.contentTypes.get(USER_UID)!;
    expect(user.source).toBe('extensions/users-permissions/content-types/user/schema.json');
    expect(user.attributes.get('job')).toMatchObject({ type: 'string' });
    expect(user.attributes.get('recipes')).toMatchObject({ side: 'inverse', target: 'api::recipe.recipe', inverseField: 'chef' });
    expect(user.attributes.get('password')).toMatchObject({ type: 'password', private: true });
  });

  it.each([
    ['body', { type: 'richtext', customField: 'plugin::ckeditor.CKEditor' }, 'from the well-known table'],
    ['colour', { type: 'string', customField: 'plugin::color-picker.color' }, 'from the well-known table'],
    ['rating', { type: 'integer', customField: 'plugin::stars.rating' }, 'from the project\'s custom-fields.json'],
    ['nutrition', { type: 'json', customField: 'plugin::nutrition-facts.table' }, 'as JSON, being unknown'],
  ])('serves the custom field %s as %o (%s)', (name, expected) => {
    expect(recipe().attributes.get(name)).toMatchObject(expected);
  });

  it('warns about an unknown custom field, naming the attribute and how to declare it', () => {
    const warning = model.warnings.find((w) => w.includes('nutrition'));
    expect(warning).toContain('api/recipe/content-types/recipe/schema.json: attribute "nutrition"');
    expect(warning).toContain('custom-fields.json');
    expect(warning).toContain('{ "plugin::nutrition-facts.table": "string" }');
  });

  it('leaves a relation to admin::user out of the API, saying why', () => {
    expect(recipe().attributes.has('reviewer')).toBe(false);
    expect(recipe().omitted.get('reviewer')).toContain('admin::user');
  });

  it('leaves out a mappedBy side whose owning attribute does not exist, with a warning', () => {
    const user = model.contentTypes.get(USER_UID)!;
    expect(user.attributes.has('articles')).toBe(false);
    expect(model.warnings).toContainEqual(expect.stringContaining('attribute "articles": mappedBy "author" names no attribute of api::recipe.recipe'));
  });

  it('relates components to users', () => {
    expect(model.components.get('blocks.team')?.attributes.get('members')).toMatchObject({ target: USER_UID, toMany: true });
  });

  it('ignores an extension of a plugin it does not serve, with a warning', () => {
    expect(model.warnings).toContainEqual(expect.stringContaining('extends plugin::documentation.page'));
  });

  it('accepts options it does not use: reviewWorkflows, versions, regex, min/max, conditions', () => {
    expect(recipe()).toMatchObject({ draftAndPublish: true });
    expect(recipe().attributes.get('title')).toMatchObject({ type: 'string', required: true });
  });
});

describe('a custom-fields.json that cannot be used', () => {
  it('stops loading, naming each bad entry and a custom field without a uid', async () => {
    const error = await loadContentModel(`${fixtures}bad-custom-fields`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    const message = (error as Error).message;
    expect(message).toContain('custom-fields.json: "plugin::stars.rating": the type must be one of');
    expect(message).toContain('custom-fields.json: "not a uid" is not a custom field uid');
    expect(message).toContain('attribute "text": a custom field needs "customField"');
  });

  it('is named in the error when a file given by flag cannot be read', async () => {
    await expect(loadContentModel(`${fixtures}real-project`, { customFieldsFile: `${fixtures}nope.json` })).rejects.toThrow(/nope\.json cannot be read: ENOENT/);
  });
});

describe.skipIf(!hasModels)('the shared real projects, unchanged', () => {
  it('loads FoodAdvisor with its CKEditor field, its user extension and one warning', async () => {
    const model = await loadContentModel(`${models}foodadvisor`);
    expect(model.contentTypes.get('api::article.article')?.attributes.get('ckeditor_content')).toMatchObject({ type: 'richtext' });
    expect(model.contentTypes.get(USER_UID)?.attributes.get('reviews')).toMatchObject({ side: 'inverse', inverseField: 'author' });
    expect(model.warnings).toEqual([expect.stringContaining('attribute "articles": mappedBy "author" names no attribute of api::article.article')]);
  });

  it('loads the corporate starter without warnings', async () => {
    const model = await loadContentModel(`${models}corporate-starter`);
    expect(model.contentTypes.get('api::page.page')?.attributes.get('contentSections')).toMatchObject({ type: 'dynamiczone' });
    expect(model.warnings).toEqual([]);
  });
});
