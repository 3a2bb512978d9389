// A write's body loses the relations its caller may not read, at every depth, as Strapi's input
// sanitizer drops them; everything else reaches the body checker as it was sent.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentModel } from '../../../src/model/types.ts';
import { contentType } from '../../../src/model/types.ts';
import { withoutRestrictedRelations } from '../../../src/operations/write/restricted-relations.ts';
import { fixtureModel } from '../../rest/support/fixture.ts';

let model: ContentModel;
beforeAll(async () => {
  model = await fixtureModel();
});

/** The caller reads tags and files, not articles nor authors. */
const mayFind = (uid: string) => uid === 'api::tag.tag' || uid === 'plugin::upload.file';

describe('a write body without the relations its caller may not read', () => {
  it.each<[string, unknown, unknown]>([
    ['a relation to a type it may not find is left out', { title: 't', author: 1 }, { title: 't' }],
    ['in any form (connect, set, null)', { author: { connect: [1] }, related: { set: [2] }, category: null }, {}],
    ['a relation to a type it may find stays', { tags: [1, 2] }, { tags: [1, 2] }],
    ['media are not relations: they stay', { cover: 3, gallery: [1] }, { cover: 3, gallery: [1] }],
    ['in a dynamic zone item', { blocks: [{ __component: 'blocks.related-articles', articles: [1], header: { title: 'h' } }, { __component: 'blocks.quote', title: 'q' }] }, { blocks: [{ __component: 'blocks.related-articles', header: { title: 'h' } }, { __component: 'blocks.quote', title: 'q' }] }],
    ['a zone item of no known component is left for the checker', { blocks: [{ __component: 'nope.nothing', articles: [1] }] }, { blocks: [{ __component: 'nope.nothing', articles: [1] }] }],
    ['a body that is not an object is left for the checker', [{ author: 1 }], [{ author: 1 }]],
  ])('%s', (_name, data, expected) => {
    expect(withoutRestrictedRelations(model, contentType(model, 'api::article.article'), data, mayFind)).toEqual(expected);
  });
});
