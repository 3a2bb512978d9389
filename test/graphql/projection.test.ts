// Projection pushdown: each collection is read with only the fields the document needs (the
// entry's own fields always), in both protocols, when the gateway narrows reads (MongoDB); the
// answers stay whole (the differential sets and the conformance cases on the wire server run
// with narrowed reads too).
import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { projectionsFor } from '../../src/graphql/projection.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Doc, Filter, FindOptions } from '../../src/store/store.ts';
import { BLOG_MODEL, blogGateway, graphqlRequest, restRequest } from '../support/test-gateway.ts';

const ENTRY = ['id', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations'];
const fields = (projection: Record<string, 1> | undefined) => Object.keys(projection ?? {}).filter((field) => !ENTRY.includes(field)).sort();

describe('the fields a document needs', () => {
  it.each([
    ['scalars', '{ articles { data { attributes { title views } } } }', { articles: ['title', 'views'] }],
    ['an owning relation: its ids, and the related entries\' fields', '{ articles { data { attributes { author { data { attributes { name } } } } } } }', { articles: ['author'], authors: ['name'] }],
    ['the other side of a relation: nothing on the parent', '{ authors { data { attributes { articles { data { id } } } } } }', { authors: [], articles: [] }],
    ['media, components and dynamic zones: the whole field', '{ articles { data { attributes { cover { data { id } } seo { metaTitle } blocks { __typename } } } } }', { articles: ['blocks', 'cover', 'seo'], files: [] }],
    ['fragments of every kind', 'query { articles { data { ...A attributes { ... on Article { slug } } } } } fragment A on ArticleEntity { attributes { summary } }', { articles: ['slug', 'summary'] }],
  ])('%s', async (_name, query, expected) => {
    const model = await loadContentModel(BLOG_MODEL);
    const projections = projectionsFor(model, buildGraphQLSchema(model), parse(query));
    expect(Object.fromEntries([...projections].map(([collection, projection]) => [collection, fields(projection)]))).toEqual(expected);
    for (const projection of projections.values()) expect(Object.keys(projection)).toEqual(expect.arrayContaining(ENTRY));
  });
});

/** A store that records what each find asked for. */
class RecordingStore extends EmbeddedStore {
  readonly finds: Array<{ collection: string; projection?: Record<string, 1> }> = [];
  override find(collection: string, filter: Filter, options?: FindOptions): Promise<Doc[]> {
    this.finds.push({ collection, projection: options?.projection });
    return super.find(collection, filter, options);
  }
}

describe('reads narrowed by the gateway', () => {
  it.each([
    ['REST', () => restRequest('/api/articles?fields[0]=title&populate[author][fields][0]=name')],
    ['GraphQL', () => graphqlRequest('{ articles { data { attributes { title author { data { attributes { name } } } } } } }')],
  ])('%s reads articles and authors with the fields asked for only, and answers them', async (_name, request) => {
    const store = new RecordingStore();
    const { gateway } = await blogGateway({ store });
    await gateway.loadMeasurement();
    store.finds.length = 0;
    const response = await gateway.fetch(request());
    const text = await response.text();
    expect(response.status).toBe(200);
    const byCollection = new Map(store.finds.map((find) => [find.collection, fields(find.projection)]));
    expect(byCollection.get('articles')).toEqual(['author', 'title']);
    expect(byCollection.get('authors')).toEqual(['name']);
    expect(text).toContain('"name"');
    expect(text).toContain('"title"');
  });

  it('reads whole documents when the gateway is told not to narrow reads', async () => {
    const store = new RecordingStore();
    const { gateway } = await blogGateway({ store, extra: { projectReads: false } });
    await gateway.loadMeasurement();
    store.finds.length = 0;
    await (await gateway.fetch(restRequest('/api/articles?fields[0]=title'))).text();
    expect(store.finds.filter((find) => find.collection === 'articles').map((find) => find.projection)).toEqual([undefined]);
  });
});
