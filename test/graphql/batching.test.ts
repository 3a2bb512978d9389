// Proves resolution without N+1: the store calls a 3-level query sends do not grow with the
// number of entries. Counts are exact (a CountingStore records every read).
import { roleGranting } from '../support/roles.ts';
import { execute, parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../src/auth/roles.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { scopeFor } from '../support/scope.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { type Filter } from '../../src/store/store.ts';
import { CountingStore } from '../support/counting-store.ts';
import { fillBlog } from '../support/generated-blog.ts';

const THREE_LEVELS = parse(`
  query ($pageSize: Int) {
    articles(pagination: { pageSize: $pageSize }) {
      data { id attributes {
        title
        category { data { attributes { name } } }
        author { data { attributes {
          name
          avatar { data { attributes { url } } }
          articles(pagination: { limit: 100 }) { data { id attributes {
            title
            tags { data { attributes { name } } }
          } } }
        } } }
      } }
      meta { pagination { total } }
    }
  }
`);

const everyone = roleGranting('public', {
  find: ['api::article.article', 'api::author.author', 'api::category.category', 'api::tag.tag', 'plugin::upload.file'],
  findOne: ['api::author.author'],
});

let model: ContentModel;
beforeAll(async () => {
  model = await loadContentModel('test/fixtures/blog');
});

async function callsFor(articles: number, pageSize: number) {
  const store = new CountingStore(new EmbeddedStore());
  await fillBlog(store, { articles });
  store.reset();
  const context = scopeFor({ model, store, role: everyone, locales: { codes: ['en'], defaultLocale: 'en' } });
  const result = await execute({ schema: buildGraphQLSchema(model), document: THREE_LEVELS, variableValues: { pageSize }, contextValue: context });
  expect(result.errors).toBeUndefined();
  const data = result.data as { articles: { data: unknown[] } };
  return { calls: store.calls, returned: data.articles.data.length };
}

describe('a query populating relations three levels deep', () => {
  it.each([
    { articles: 20, pageSize: 10 },
    { articles: 200, pageSize: 100 },
  ])('sends the same store calls for $articles articles read $pageSize at a time', async ({ articles, pageSize }) => {
    const { calls, returned } = await callsFor(articles, pageSize);
    expect(returned).toBe(pageSize);
    // root find + count; level 2: category, author; level 3: avatar, author.articles (an inverse
    // relation, read per parent by one aggregation); level 4: tags.
    expect(calls.map((c) => `${c.op} ${c.collection}`).sort()).toEqual([
      'aggregate articles',
      'count articles',
      'find articles',
      'find authors',
      'find categories',
      'find files',
      'find tags',
    ]);
  });
});

/** Records how many documents each aggregation answered with. */
class MeasuringStore extends EmbeddedStore {
  answered: number[] = [];
  override async aggregate(collection: string, pipeline: readonly Filter[]) {
    const rows = await super.aggregate(collection, pipeline);
    this.answered.push(rows.reduce((n, row) => n + ((row as { docs?: unknown[] }).docs?.length ?? 1), 0));
    return rows;
  }
}

describe('an inverse to-many relation', () => {
  it.each([
    { limit: 5, start: 0, expected: 5 },
    { limit: 5, start: 20, expected: 25 },
  ])('reads only start + limit of its 300 entries from the store (start $start, limit $limit)', async ({ limit, start, expected }) => {
    const store = new MeasuringStore();
    await fillBlog(store, { articles: 300 });
    const articles = await store.find('articles', {});
    await store.upsertMany('articles', articles.map((article) => ({ ...article, author: 1 })));
    const context = scopeFor({ model, store, role: everyone, locales: { codes: ['en'], defaultLocale: 'en' } });
    const document = parse(`query ($p: PaginationArg) { author(id: 1) { data { attributes { articles(pagination: $p) { data { id } } } } } }`);
    const result = await execute({ schema: buildGraphQLSchema(model), document, variableValues: { p: { start, limit } }, contextValue: context });
    expect(result.errors).toBeUndefined();
    const page = (result.data as { author: { data: { attributes: { articles: { data: Array<{ id: string }> } } } } }).author.data.attributes.articles.data;
    expect(page.map((a) => Number(a.id))).toEqual(Array.from({ length: limit }, (_, i) => start + i + 1));
    expect(store.answered).toEqual([expected]);
  });
});
