// GraphQL result -> REST body. Each fixture holds a GraphQL result recorded for a conformance
// case and the body a real Strapi gave for it; reshape must turn the one into the other.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentModel, ContentType, EnumerationAttribute } from '../../src/model/types.ts';
import { contentType } from '../../src/model/types.ts';
import { rootField } from '../../src/rest/document.ts';
import { reshapeCollection, reshapeEntry, reshapePlain } from '../../src/rest/reshape.ts';
import { fixtureModel, translate } from './support/fixture.ts';
import { normalise } from '../support/strapi-answers.ts';
import { RESHAPE_CASES, RESHAPE_FIXTURES } from './support/reshape-cases.ts';

interface ReshapeFixture {
  path: string;
  graphql: Record<string, unknown>;
  expected: unknown;
}

let model: ContentModel;
beforeAll(async () => {
  model = await fixtureModel();
});

function reshapeFor(current: ContentModel, path: string, data: Record<string, unknown>): Promise<unknown> {
  const { route, query } = translate(current, path);
  const root = data[rootField(route.target, route.operation)];
  if (route.kind !== 'entries') return reshapePlain(current, route.target, query, root);
  return route.operation.kind === 'findMany'
    ? reshapeCollection(current, route.target, query, root)
    : reshapeEntry(current, route.target, query, root);
}

describe('reshape against Strapi answers', () => {
  it.each(RESHAPE_CASES)('gives Strapi\'s body for %s', async (name) => {
    const fixture = JSON.parse(await readFile(join(RESHAPE_FIXTURES, `${name}.json`), 'utf8')) as ReshapeFixture;
    expect(normalise(await reshapeFor(model, fixture.path, fixture.graphql))).toEqual(fixture.expected);
  });
});

describe('reshape rules', () => {
  const entity = (id: string, attributes: Record<string, unknown>) => ({ id, attributes });

  it.each([
    ['an empty to-one relation as data null', 'populate[0]=author&fields[0]=title', { title: 'T', author: { data: null } }, { title: 'T', author: { data: null } }],
    ['an empty to-many relation as an empty list', 'populate[0]=related&fields[0]=title', { title: 'T', related: { data: [] } }, { title: 'T', related: { data: [] } }],
    ['an empty multiple media field as data null, as Strapi does', 'populate[0]=gallery&fields[0]=title', { title: 'T', gallery: { data: [] } }, { title: 'T', gallery: { data: null } }],
    ['a missing component as null', 'populate[0]=seo&fields[0]=title', { title: 'T', seo: null }, { title: 'T', seo: null }],
    ['a missing dynamic zone as an empty list', 'populate[0]=blocks&fields[0]=title', { title: 'T', blocks: null }, { title: 'T', blocks: [] }],
    [
      'related ids as integers',
      'populate[author][fields][0]=name&fields[0]=title',
      { title: 'T', author: { data: entity('12', { name: 'N' }) } },
      { title: 'T', author: { data: { id: 12, attributes: { name: 'N' } } } },
    ],
    [
      'dynamic zone items with __component, and the Error member dropped',
      'populate[0]=blocks&fields[0]=title',
      { title: 'T', blocks: [{ __typename: 'ComponentBlocksRichText', id: '4', body_on_ComponentBlocksRichText: 'B' }, { __typename: 'Error', code: 'X' }] },
      { title: 'T', blocks: [{ __component: 'blocks.rich-text', id: 4, body: 'B' }] },
    ],
    [
      'items of component types not named under on dropped',
      'populate[blocks][on][blocks.quote]=true&fields[0]=title',
      { title: 'T', blocks: [{ __typename: 'ComponentBlocksRichText' }, { __typename: 'ComponentBlocksQuote', id: '2', title: 'Q', body: null, rating: 5 }] },
      { title: 'T', blocks: [{ __component: 'blocks.quote', id: 2, title: 'Q', body: null, rating: 5 }] },
    ],
    ['the __typename standing in for an empty selection left out', 'fields[0]=id', { __typename: 'Article' }, {}],
  ])('shapes %s', async (_name, query, attributes, expected) => {
    const body = await reshapeFor(model, `/api/articles/1?${query}`, { article: { data: entity('1', attributes) } });
    expect(body).toEqual({ data: { id: 1, attributes: expected }, meta: {} });
  });

  it('answers data null for a missing entry, for the handler to turn into a 404', async () => {
    expect(await reshapeFor(model, '/api/articles/999', { article: { data: null } })).toEqual({ data: null, meta: {} });
  });

  it('flattens media library files into plain objects', async () => {
    const files = await reshapeFor(model, '/api/upload/files?fields[0]=name&fields[1]=url', {
      uploadFiles: { data: [entity('1', { name: 'a.jpg', url: '/a.jpg' }), entity('2', { name: 'b.pdf', url: '/b.pdf' })] },
    });
    expect(files).toEqual([{ id: 1, name: 'a.jpg', url: '/a.jpg' }, { id: 2, name: 'b.pdf', url: '/b.pdf' }]);
  });

  it('maps enumeration value names back to the stored values', async () => {
    const articles = contentType(model, 'api::article.article');
    const kind: EnumerationAttribute = { ...(articles.attributes.get('kind') as EnumerationAttribute), values: ['in-progress', '2024', 'news'] };
    const withOddValues: ContentType = { ...articles, attributes: new Map([...articles.attributes, ['kind', kind]]) };
    const oddModel: ContentModel = { ...model, contentTypes: new Map([...model.contentTypes, [articles.uid, withOddValues]]) };
    const body = await reshapeFor(oddModel, '/api/articles?fields[0]=kind', {
      articles: { data: [entity('1', { kind: 'in_progress' }), entity('2', { kind: '_2024' }), entity('3', { kind: 'news' })], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 3 } } },
    });
    expect((body as { data: Array<{ attributes: unknown }> }).data.map((e) => e.attributes)).toEqual([
      { kind: 'in-progress' },
      { kind: '2024' },
      { kind: 'news' },
    ]);
  });
});
