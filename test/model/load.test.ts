// Schema folders in Strapi v4 layout -> ContentModel: the conformance fixture, the demo model,
// the every-kind fixture and the project-root layout.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import { MEDIA_UID, SCALAR_TYPES, type Attribute, type ContentModel } from '../../src/model/types.ts';

/** The conformance fixture's model, as the project keeps it. */
const conformanceSchema = fileURLToPath(new URL('../fixtures/blog', import.meta.url));
const demoSchema = fileURLToPath(new URL('../../schema', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/schemas/', import.meta.url));

function attribute(model: ContentModel, owner: string, name: string): Attribute | undefined {
  return (model.contentTypes.get(owner) ?? model.components.get(owner))?.attributes.get(name);
}

describe('the conformance fixture schema', () => {
  let model: ContentModel;
  beforeAll(async () => {
    model = await loadContentModel(conformanceSchema);
  });

  it('holds its five content-types, the media library, users-permissions\' three and eight components', () => {
    expect([...model.contentTypes.keys()].sort()).toEqual([
      'api::article.article',
      'api::author.author',
      'api::category.category',
      'api::global.global',
      'api::tag.tag',
      MEDIA_UID,
      'plugin::users-permissions.permission',
      'plugin::users-permissions.role',
      'plugin::users-permissions.user',
    ]);
    expect(model.components.size).toBe(8);
  });

  it('reads the article options: draft and publish, i18n, collection name', () => {
    expect(model.contentTypes.get('api::article.article')).toMatchObject({
      kind: 'collectionType',
      singularName: 'article',
      pluralName: 'articles',
      displayName: 'Article',
      collectionName: 'articles',
      draftAndPublish: true,
      localized: true,
      timestamps: true,
      source: 'api/article/content-types/article/schema.json',
    });
    expect(model.contentTypes.get('api::global.global')).toMatchObject({ kind: 'singleType', draftAndPublish: false, localized: false });
  });

  it.each([
    ['api::article.article', 'author', { relation: 'manyToOne', target: 'api::author.author', toMany: false, side: 'owner', inversedBy: 'articles' }],
    ['api::article.article', 'tags', { relation: 'manyToMany', target: 'api::tag.tag', toMany: true, side: 'owner', inversedBy: 'articles' }],
    ['api::article.article', 'related', { relation: 'oneToMany', target: 'api::article.article', toMany: true, side: 'owner' }],
    ['api::author.author', 'articles', { relation: 'oneToMany', toMany: true, side: 'inverse', inverseField: 'author' }],
    ['api::tag.tag', 'articles', { relation: 'manyToMany', toMany: true, side: 'inverse', inverseField: 'tags' }],
    ['api::category.category', 'parent', { relation: 'manyToOne', target: 'api::category.category', side: 'owner', inversedBy: 'children' }],
    ['api::category.category', 'children', { relation: 'oneToMany', side: 'inverse', inverseField: 'parent' }],
    ['blocks.related-articles', 'articles', { relation: 'oneToMany', target: 'api::article.article', toMany: true, side: 'owner' }],
  ])('compiles the relation %s.%s with its side', (owner, name, expected) => {
    expect(attribute(model, owner, name)).toMatchObject({ type: 'relation', ...expected });
  });

  it.each([
    ['api::article.article', 'kind', { type: 'enumeration', values: ['news', 'guide', 'opinion'] }],
    ['api::article.article', 'bigViews', { type: 'biginteger' }],
    ['api::article.article', 'cover', { type: 'media', multiple: false, allowedTypes: ['images'] }],
    ['api::article.article', 'gallery', { type: 'media', multiple: true, allowedTypes: ['images', 'files'] }],
    ['api::article.article', 'seo', { type: 'component', component: 'shared.seo', repeatable: false }],
    ['api::article.article', 'blocks', { type: 'dynamiczone', components: ['blocks.rich-text', 'blocks.quote', 'blocks.media', 'blocks.related-articles'] }],
    ['api::article.article', 'title', { type: 'string', required: true, private: false, unique: false }],
    ['shared.seo', 'metaSocial', { type: 'component', component: 'shared.meta-social', repeatable: true }],
  ])('compiles %s.%s', (owner, name, expected) => {
    expect(attribute(model, owner, name)).toMatchObject(expected);
  });

  it('names components by category and file, with their collection', () => {
    expect(model.components.get('shared.meta-social')).toMatchObject({
      category: 'shared',
      name: 'meta-social',
      displayName: 'Meta social',
      collectionName: 'components_shared_meta_socials',
      source: 'components/shared/meta-social.json',
    });
  });
});

describe('the demo schema', () => {
  let model: ContentModel;
  beforeAll(async () => {
    model = await loadContentModel(demoSchema);
  });

  const kindsIn = (m: ContentModel) => {
    const seen = new Set<string>();
    for (const owner of [...m.contentTypes.values(), ...m.components.values()]) {
      if (owner.uid === MEDIA_UID) continue;
      for (const a of owner.attributes.values()) {
        seen.add(a.type);
        if (a.type === 'relation') seen.add(`relation:${a.relation}`);
        if (a.type === 'relation' && a.side === 'owner' && a.inversedBy === undefined) seen.add(`one-way relation:${a.relation}`);
        if (a.type === 'relation' && !('kind' in owner)) seen.add('relation in a component');
        if (a.type === 'media') seen.add(a.multiple ? 'media:multiple' : 'media:single');
        if (a.type === 'component') seen.add(a.repeatable ? 'component:repeatable' : 'component:single');
      }
    }
    return seen;
  };

  it("uses every attribute kind, Strapi v4's relation kinds both ways and one-way, media and component form", () => {
    const seen = kindsIn(model);
    const wanted = [
      ...SCALAR_TYPES,
      'dynamiczone',
      'media:single',
      'media:multiple',
      'component:single',
      'component:repeatable',
      ...['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'].map((kind) => `relation:${kind}`),
      ...['oneToOne', 'oneToMany'].map((kind) => `one-way relation:${kind}`),
      'relation in a component',
    ];
    expect(wanted.filter((kind) => !seen.has(kind))).toEqual([]);
  });

  it('loads without a warning: it uses only what Strapi v4.25 loads (no oneWay or manyWay)', () => {
    expect(model.warnings).toEqual([]);
    expect(kindsIn(model).has('relation:oneWay') || kindsIn(model).has('relation:manyWay')).toBe(false);
  });

  it('has a private password, a localized draft-and-publish type, a single type and nested components', () => {
    expect(attribute(model, 'api::writer.writer', 'password')).toMatchObject({ type: 'password', private: true });
    expect(model.contentTypes.get('api::post.post')).toMatchObject({ draftAndPublish: true, localized: true });
    expect(model.contentTypes.get('api::magazine.magazine')).toMatchObject({ kind: 'singleType' });
    expect(attribute(model, 'shared.seo', 'socialCards')).toMatchObject({ type: 'component', component: 'shared.social-card' });
  });
});

describe('the every-kind fixture', () => {
  let model: ContentModel;
  beforeAll(async () => {
    model = await loadContentModel(`${fixtures}every-kind`);
  });

  it.each(SCALAR_TYPES.map((type) => [type]))('compiles a %s attribute', (type) => {
    const found = [...model.contentTypes.get('api::thing.thing')!.attributes.values()].find((a) => a.type === type);
    expect(found).toBeDefined();
  });

  it.each([
    ['aString', { type: 'string', required: true, unique: true, private: false }],
    ['aPassword', { type: 'password', private: true, required: false }],
    ['anEnumeration', { type: 'enumeration', values: ['small', 'large', 'x-large'] }],
    ['oneToOneOwner', { relation: 'oneToOne', toMany: false, side: 'owner', inversedBy: 'oneToOneInverse' }],
    ['oneToManyOwner', { relation: 'oneToMany', toMany: true, side: 'owner', inversedBy: 'manyToOneInverse' }],
    ['manyToOneOwner', { relation: 'manyToOne', toMany: false, side: 'owner' }],
    ['manyToManyOwner', { relation: 'manyToMany', toMany: true, side: 'owner' }],
    ['oneWay', { relation: 'oneWay', toMany: false, side: 'owner', target: 'api::other.other' }],
    ['manyWay', { relation: 'manyWay', toMany: true, side: 'owner', target: 'api::thing.thing' }],
    ['singleMedia', { type: 'media', multiple: false, allowedTypes: ['images'] }],
    ['multipleMedia', { type: 'media', multiple: true, allowedTypes: ['images', 'files', 'videos', 'audios'] }],
    ['single', { type: 'component', component: 'parts.outer', repeatable: false }],
    ['repeated', { type: 'component', component: 'parts.leaf', repeatable: true }],
    ['zone', { type: 'dynamiczone', components: ['parts.leaf', 'parts.outer'] }],
  ])('compiles api::thing.thing attribute %s', (name, expected) => {
    expect(attribute(model, 'api::thing.thing', name)).toMatchObject(expected);
  });

  it.each([
    ['oneToOneInverse', { relation: 'oneToOne', toMany: false, side: 'inverse', inverseField: 'oneToOneOwner' }],
    ['manyToOneInverse', { relation: 'manyToOne', toMany: false, side: 'inverse', inverseField: 'oneToManyOwner' }],
    ['oneToManyInverse', { relation: 'oneToMany', toMany: true, side: 'inverse', inverseField: 'manyToOneOwner' }],
    ['manyToManyInverse', { relation: 'manyToMany', toMany: true, side: 'inverse', inverseField: 'manyToManyOwner' }],
  ])('compiles the mappedBy side api::other.other attribute %s', (name, expected) => {
    expect(attribute(model, 'api::other.other', name)).toMatchObject(expected);
  });

  it.each([
    ['oneWay', 'api/thing/content-types/thing/schema.json', 'oneWay', 'oneToOne'],
    ['manyWay', 'api/thing/content-types/thing/schema.json', 'manyWay', 'oneToMany'],
  ])('warns that a %s relation is beyond Strapi v4, naming its file and attribute and the v4 form', (_kind, file, name, strapi) => {
    expect(model.warnings).toContainEqual(expect.stringMatching(new RegExp(`${file}: attribute "${name}": relation "${name}" is Strapi v3's; Strapi v4 stops .*"${strapi}" without "inversedBy"`)));
  });

  it('fills in defaults a schema file leaves out', () => {
    expect(model.contentTypes.get('api::other.other')).toMatchObject({
      displayName: 'other',
      collectionName: 'others',
      draftAndPublish: false,
      localized: false,
    });
    expect(model.contentTypes.get('api::settings.settings')).toMatchObject({ kind: 'singleType', draftAndPublish: false });
    expect(model.components.get('parts.outer')).toMatchObject({ collectionName: 'components_parts_outers' });
  });

  it('adds the media library with its fixed attributes', () => {
    const media = model.contentTypes.get(MEDIA_UID)!;
    expect(media).toMatchObject({ singularName: 'file', pluralName: 'files', collectionName: 'files', displayName: 'File', draftAndPublish: false, localized: false });
    expect([...media.attributes.values()].map((a) => `${a.name}:${a.type}${a.required ? '!' : ''}`)).toEqual([
      'name:string!', 'alternativeText:string', 'caption:string', 'width:integer', 'height:integer', 'formats:json',
      'hash:string!', 'ext:string', 'mime:string!', 'size:decimal!', 'url:string!', 'previewUrl:string',
      'provider:string!', 'provider_metadata:json',
    ]);
  });
});

describe('finding the schema folder', () => {
  it.each([
    ['a project root holding src/', `${fixtures}project-layout`],
    ['a project\'s src/ folder', `${fixtures}project-layout/src`],
  ])('reads %s', async (_, dir) => {
    const model = await loadContentModel(dir);
    expect(model.contentTypes.get('api::note.note')?.attributes.get('stamp')).toMatchObject({ type: 'component', component: 'parts.stamp' });
    expect(model.components.has('parts.stamp')).toBe(true);
  });
});
