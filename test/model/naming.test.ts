// Content model names -> the GraphQL names Strapi v4's GraphQL plugin gives them.
import { describe, expect, it } from 'vitest';
import { collectionQueryField, componentTypeName, dynamicZoneUnionName, enumName, enumValueName, singleQueryField, typeName } from '../../src/model/naming.ts';

describe('GraphQL names', () => {
  it.each([
    [{ uid: 'api::article.article', singularName: 'article', pluralName: 'articles' }, 'Article', 'article', 'articles'],
    [{ uid: 'api::blog-page.blog-page', singularName: 'blog-page', pluralName: 'blog-pages' }, 'BlogPage', 'blogPage', 'blogPages'],
    [{ uid: 'plugin::upload.file', singularName: 'file', pluralName: 'files' }, 'UploadFile', 'uploadFile', 'uploadFiles'],
    [{ uid: 'plugin::users-permissions.user', singularName: 'user', pluralName: 'users' }, 'UsersPermissionsUser', 'usersPermissionsUser', 'usersPermissionsUsers'],
  ])('names %o: type %s, queries %s and %s', (ct, type, one, many) => {
    expect(typeName(ct)).toBe(type);
    expect(singleQueryField(ct)).toBe(one);
    expect(collectionQueryField(ct)).toBe(many);
  });

  it.each([
    [{ category: 'shared', name: 'seo' }, 'ComponentSharedSeo'],
    [{ category: 'blocks', name: 'rich-text' }, 'ComponentBlocksRichText'],
    [{ category: 'elements', name: 'feature_row' }, 'ComponentElementsFeatureRow'],
  ])('names the component %o %s', (component, expected) => {
    expect(componentTypeName(component)).toBe(expected);
  });

  it('names enums and dynamic zone unions after their owner', () => {
    expect(enumName('ComponentSharedMetaSocial', 'socialNetwork')).toBe('ENUM_COMPONENTSHAREDMETASOCIAL_SOCIALNETWORK');
    expect(dynamicZoneUnionName('Page', 'contentSections')).toBe('PageContentSectionsDynamicZone');
  });

  it.each([
    ['news', 'news'],
    ['Facebook', 'Facebook'],
    ['_blank', 'blank'],
    ['in-progress', 'in_progress'],
    ['a  b--c', 'a_b_c'],
    ['Crème brûlée', 'Creme_brulee'],
    ['R&D', 'R_and_D'],
    ['Straße', 'Strasse'],
    ['2024', '_2024'],
  ])('names the enumeration value %j %s, as Strapi slugs it', (value, expected) => {
    expect(enumValueName(value)).toBe(expected);
  });
});
