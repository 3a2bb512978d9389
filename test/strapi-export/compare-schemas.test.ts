// The schemas a real Strapi exported (the conformance fixture's), each edited one way, compared
// with the model they were made from: every edit that changes data or API is one named difference.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { collectRecords } from '../../src/strapi-export/collect-records.ts';
import { compareSchemas } from '../../src/strapi-export/compare-schemas.ts';
import { openArchive } from '../../src/strapi-export/open-archive.ts';
import { readRecords } from '../../src/strapi-export/read-records.ts';
import type { SchemaRecord } from '../../src/strapi-export/records.ts';
import { BLOG_MODEL } from '../support/test-gateway.ts';
import { ARCHIVES } from './support.ts';

type Json = Record<string, any>;

let model: ContentModel;
let exported: SchemaRecord[];

beforeAll(async () => {
  model = await loadContentModel(BLOG_MODEL);
  const file = `${ARCHIVES}/conformance.tar.gz`;
  exported = (await collectRecords(readRecords(await openArchive(file), file), async () => {})).schemas;
});

/** The exported schemas with `uid`'s definition changed by `edit` (a deep copy; null drops it). */
function edited(uid: string, edit: (definition: Json) => Json | null): SchemaRecord[] {
  return exported.flatMap((schema) => {
    if (schema.uid !== uid) return [schema];
    const changed = edit(structuredClone(schema.definition) as Json);
    return changed === null ? [] : [{ ...schema, definition: changed }];
  });
}

const ARTICLE = 'api::article.article';

describe('comparing an archive\'s schemas with the model', () => {
  it('finds no difference between the model and the schemas Strapi exported for it', () => {
    expect(compareSchemas(exported, model)).toEqual([]);
  });

  it.each<[string, string, (definition: Json) => Json | null, string[]]>([
    ['a scalar type', ARTICLE, (d) => ({ ...d, attributes: { ...d.attributes, views: { ...d.attributes.views, type: 'biginteger' } } }),
      ['api::article.article: attribute "views": type is "biginteger" in the archive, "integer" in the model']],
    ['enumeration values', ARTICLE, (d) => ({ ...d, attributes: { ...d.attributes, kind: { ...d.attributes.kind, type: 'enumeration', enum: ['news', 'guide'] } } }),
      ['api::article.article: attribute "kind": values is ["news","guide"] in the archive, ["news","guide","opinion"] in the model']],
    ['a relation\'s kind', ARTICLE, (d) => ({ ...d, attributes: { ...d.attributes, tags: { ...d.attributes.tags, relation: 'oneToMany' } } }),
      ['api::article.article: attribute "tags": relation is "oneToMany" in the archive, "manyToMany" in the model']],
    ['a relation\'s target', ARTICLE, (d) => ({ ...d, attributes: { ...d.attributes, related: { ...d.attributes.related, target: 'api::tag.tag' } } }),
      ['api::article.article: attribute "related": target is "api::tag.tag" in the archive, "api::article.article" in the model']],
    ['a single media made multiple', ARTICLE, (d) => ({ ...d, attributes: { ...d.attributes, cover: { ...d.attributes.cover, multiple: true } } }),
      ['api::article.article: attribute "cover": multiple is true in the archive, false in the model']],
    ['a component made repeatable', ARTICLE, (d) => ({ ...d, attributes: { ...d.attributes, seo: { ...d.attributes.seo, repeatable: true } } }),
      ['api::article.article: attribute "seo": repeatable is true in the archive, false in the model']],
    ['the components of a dynamic zone', ARTICLE, (d) => ({ ...d, attributes: { ...d.attributes, blocks: { ...d.attributes.blocks, components: ['blocks.quote'] } } }),
      ['api::article.article: attribute "blocks": components is ["blocks.quote"] in the archive, ["blocks.rich-text","blocks.quote","blocks.media","blocks.related-articles"] in the model']],
    ['draft and publish', ARTICLE, (d) => ({ ...d, options: { draftAndPublish: false } }),
      ['api::article.article: draftAndPublish is false in the archive, true in the model']],
    ['i18n', ARTICLE, (d) => ({ ...d, pluginOptions: {} }),
      ['api::article.article: localized is false in the archive, true in the model']],
    ['a single type made a collection', 'api::global.global', (d) => ({ ...d, kind: 'collectionType' }),
      ['api::global.global: kind is "collectionType" in the archive, "singleType" in the model']],
    ['an attribute of a component', 'shared.seo', (d) => ({ ...d, attributes: { ...d.attributes, metaTitle: { type: 'text' } } }),
      ['shared.seo: attribute "metaTitle": type is "text" in the archive, "string" in the model']],
    ['a missing component', 'blocks.quote', () => null,
      ['blocks.quote is in the model but not in the archive']],
    ['an attribute the model lacks', 'api::tag.tag', (d) => ({ ...d, attributes: { ...d.attributes, color: { type: 'string' } } }),
      ['api::tag.tag: attribute "color" is in the archive but not in the model']],
  ])('names a difference in %s', (_, uid, edit, expected) => {
    expect(compareSchemas(edited(uid, edit), model)).toEqual(expected);
  });

  it.each<[string, (definition: Json) => Json]>([
    ['required', (d) => ({ ...d, attributes: { ...d.attributes, title: { ...d.attributes.title, required: false } } })],
    ['private', (d) => ({ ...d, attributes: { ...d.attributes, summary: { ...d.attributes.summary, private: true } } })],
    ['the display name', (d) => ({ ...d, info: { ...d.info, displayName: 'Story' } })],
    ['the attributes Strapi adds itself', (d) => ({ ...d, attributes: { ...d.attributes, createdBy: { type: 'relation', relation: 'oneToOne', target: 'admin::user' } } })],
  ])('ignores %s, which change neither the data nor the API', (_, edit) => {
    expect(compareSchemas(edited(ARTICLE, edit), model)).toEqual([]);
  });
});
