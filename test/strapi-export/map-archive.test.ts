// Archive rows -> seed values, on the blog model: permissions become the seed's grants, links become
// relations on the owning side in Strapi's order, localization links become groups.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { mapAccess } from '../../src/strapi-export/map-access.ts';
import { mapEntities } from '../../src/strapi-export/map-entities.ts';
import { applyLinks } from '../../src/strapi-export/map-links.ts';
import type { EntityRecord, LinkRecord } from '../../src/strapi-export/records.ts';
import { BLOG_MODEL } from '../support/test-gateway.ts';

let model: ContentModel;
beforeAll(async () => {
  model = await loadContentModel(BLOG_MODEL);
});

const article = (id: number, locale = 'en'): EntityRecord => ({
  type: 'api::article.article',
  id,
  data: { title: `A${id}`, locale, publishedAt: null, seo: { id: 10 + id, metaTitle: 'T', metaSocial: [] }, blocks: [] },
});
const tag = (id: number): EntityRecord => ({ type: 'api::tag.tag', id, data: { name: `T${id}` } });
const link = (left: LinkRecord['left'], right: LinkRecord['right'], kind = 'relation.basic'): LinkRecord => ({ kind, relation: 'manyToMany', left, right });

/** The values of `uid` entry `id` after mapping `entities` and applying `links`. */
function mapped(entities: EntityRecord[], links: LinkRecord[]) {
  const draft = mapEntities(entities, model);
  applyLinks(links, draft, model);
  return { draft, values: (uid: string, id: number) => draft.rows.get(`${uid}#${id}`)?.values };
}

describe('roles from the archive', () => {
  it('keeps every action of every role, writes included, and reports the actions it does not serve', () => {
    const draft = mapEntities([], model);
    draft.roles.push({ id: 1, type: 'authenticated', name: 'Authenticated', description: null }, { id: 2, type: 'public', name: 'Public', description: 'Anyone' });
    const actions = ['api::article.article.find', 'api::tag.tag.create', 'api::article.article.update', 'api::article.article.delete', 'plugin::upload.content-api.upload', 'plugin::users-permissions.auth.callback', 'plugin::documentation.documentation.read'];
    actions.forEach((action, index) => draft.permissions.set(index + 1, { id: index + 1, action, role: index === 2 ? 2 : 1 }));
    expect(mapAccess(draft, model)).toEqual({
      authenticated: { id: 1, name: 'Authenticated', find: ['api::article.article'], create: ['api::tag.tag'], delete: ['api::article.article'], upload: ['plugin::upload.file'], callback: ['plugin::users-permissions.auth'] },
      public: { id: 2, name: 'Public', description: 'Anyone', update: ['api::article.article'] },
    });
    expect(draft.notes).toEqual(['role "authenticated": 1 permission(s) for actions the gateway does not serve, ignored: plugin::documentation.documentation.read']);
  });
});

describe('links as relations', () => {
  it('lists a to-many relation in the order of its positions, whatever order the links come in', () => {
    const { values } = mapped([article(1), tag(1), tag(2), tag(3)], [
      link({ type: 'api::article.article', ref: 1, field: 'tags', pos: 3 }, { type: 'api::tag.tag', ref: 1, field: 'articles', pos: 1 }),
      link({ type: 'api::article.article', ref: 1, field: 'tags', pos: 1 }, { type: 'api::tag.tag', ref: 3, field: 'articles', pos: 1 }),
      link({ type: 'api::article.article', ref: 1, field: 'tags', pos: 2 }, { type: 'api::tag.tag', ref: 2, field: 'articles', pos: 1 }),
    ]);
    expect(values('api::article.article', 1)?.tags).toEqual([3, 2, 1]);
  });

  it('puts a link given from the mappedBy side on the owning side, at that side\'s position', () => {
    const { values } = mapped([article(1), tag(1), tag(2)], [
      link({ type: 'api::tag.tag', ref: 2, field: 'articles', pos: 1 }, { type: 'api::article.article', ref: 1, field: 'tags', pos: 1 }),
      link({ type: 'api::tag.tag', ref: 1, field: 'articles', pos: 1 }, { type: 'api::article.article', ref: 1, field: 'tags', pos: 2 }),
    ]);
    expect(values('api::article.article', 1)?.tags).toEqual([2, 1]);
  });

  it('sets media inside a component item from the file\'s morph link', () => {
    const { values } = mapped([article(1)], [
      link({ type: 'plugin::upload.file', ref: 5, field: 'related' }, { type: 'shared.seo', ref: 11, field: 'shareImage', pos: 1 }, 'relation.morph'),
    ]);
    expect(values('api::article.article', 1)?.seo).toEqual({ metaTitle: 'T', metaSocial: [], shareImage: 5 });
  });

  it('makes localization links a group named by its smallest id', () => {
    const { values } = mapped([article(1), article(7, 'fr'), article(9, 'de')], [
      link({ type: 'api::article.article', ref: 7, field: 'localizations', pos: 1 }, { type: 'api::article.article', ref: 1 }, 'relation.circular'),
      link({ type: 'api::article.article', ref: 9, field: 'localizations', pos: 1 }, { type: 'api::article.article', ref: 7 }, 'relation.circular'),
    ]);
    expect([1, 7, 9].map((id) => values('api::article.article', id)?.localizationOf)).toEqual([undefined, 1, 1]);
  });

  it('gives a user the id of the role its link names, and a permission its role', () => {
    const user: EntityRecord = { type: 'plugin::users-permissions.user', id: 4, data: { username: 'ada', email: 'ada@example.com' } };
    const role: EntityRecord = { type: 'plugin::users-permissions.role', id: 3, data: { name: 'Editor', type: 'editor' } };
    const permission: EntityRecord = { type: 'plugin::users-permissions.permission', id: 9, data: { action: 'api::tag.tag.find' } };
    const { draft, values } = mapped([user, role, permission], [
      { kind: 'relation.basic', relation: 'manyToOne', left: { type: 'plugin::users-permissions.user', ref: 4, field: 'role' }, right: { type: 'plugin::users-permissions.role', ref: 3, field: 'users', pos: 1 } },
      { kind: 'relation.basic', relation: 'manyToOne', left: { type: 'plugin::users-permissions.permission', ref: 9, field: 'role' }, right: { type: 'plugin::users-permissions.role', ref: 3, field: 'permissions', pos: 1 } },
    ]);
    expect(values('plugin::users-permissions.user', 4)).toEqual({ id: 4, username: 'ada', email: 'ada@example.com', role: 3 });
    expect(draft.permissions.get(9)).toEqual({ id: 9, action: 'api::tag.tag.find', role: 3 });
  });

  it('reports a link to an entry the archive does not hold, and tallies links of types it does not serve', () => {
    const { draft } = mapped([article(1)], [
      link({ type: 'api::article.article', ref: 1, field: 'tags', pos: 1 }, { type: 'api::tag.tag', ref: 4 }),
      link({ type: 'api::article.article', ref: 2, field: 'tags', pos: 1 }, { type: 'api::tag.tag', ref: 4 }),
      link({ type: 'plugin::upload.folder', ref: 1, field: 'parent' }, { type: 'plugin::upload.folder', ref: 2 }),
    ]);
    expect(draft.problems).toEqual(['a link names api::article.article 2, which the archive does not hold']);
    expect(draft.notes).toContain('links the gateway does not keep: links of plugin::upload.folder (1)');
  });
});
