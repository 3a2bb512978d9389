// GraphQL mutations in process, on the conformance fixture (the project's copy, test/fixtures/blog):
// dynamic zone items and the plugins' queries answered as a real Strapi v4.25 answered them
// (test/fixtures/graphql/mutation-answers.json), and the plugins' mutations that are served later
// saying so in Strapi's error envelope.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { BLOG_MODEL, BLOG_SEED, graphqlRequest, modelGateway } from '../support/test-gateway.ts';

interface Recorded {
  name: string;
  request: { query: string; variables?: Record<string, unknown> };
  status: number;
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}
const recorded: Recorded[] = JSON.parse(readFileSync('test/fixtures/graphql/mutation-answers.json', 'utf8')).cases;

/** What the comparison with Strapi keeps of an answer: status, data, and each error's message and code. */
const essentials = (status: number, body: Recorded['body']) => ({
  status,
  data: body.data,
  errors: body.errors?.map((e) => ({ message: e.message, code: e.extensions?.code })),
});

let gateway: Gateway;
beforeAll(async () => {
  gateway = (await modelGateway(BLOG_MODEL, BLOG_SEED)).gateway;
});

async function ask(query: string, variables: Record<string, unknown> = {}) {
  const response = await gateway.fetch(graphqlRequest(query, variables));
  return { status: response.status, body: (await response.json()) as Recorded['body'] };
}

describe('GraphQL writes as Strapi v4.25 answered them', () => {
  it.each(recorded.map((c) => [c.name, c] as const))('answers %s as Strapi did', async (_name, c) => {
    const got = await ask(c.request.query, c.request.variables);
    expect(essentials(got.status, got.body)).toEqual(essentials(c.status, c.body));
  });
});

describe('mutations of features served later', () => {
  it('refuses a file given to upload as JSON while the document is validated, saying files come in a multipart request', async () => {
    const { status, body } = await ask('mutation($file: Upload!) { upload(file: $file) { data { id } } }', { file: 'x' });
    expect(status).toBe(400);
    expect(body.errors?.[0].message).toMatch(/Upload values are files of a multipart request/);
  });

  it.each([
    ['createUploadFolder', 'mutation { createUploadFolder(data: { name: "f" }) { data { id } } }', { createUploadFolder: null }],
    ['updateUploadFolder', 'mutation { updateUploadFolder(id: 1, data: { name: "f" }) { data { id } } }', { updateUploadFolder: null }],
    ['deleteUploadFolder', 'mutation { deleteUploadFolder(id: 1) { data { id } } }', { deleteUploadFolder: null }],
  ])('%s answers a NotImplementedError naming it, in the GraphQL error envelope', async (field, query, data) => {
    const { status, body } = await ask(query);
    expect(status).toBe(200);
    expect(body.data).toEqual(data);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(new RegExp(`^${field} is not served by this gateway yet \\(.+\\)$`)),
        extensions: expect.objectContaining({ code: 'STRAPI_NOT_IMPLEMENTED_ERROR', error: expect.objectContaining({ name: 'NotImplementedError' }) }),
      }),
    ]);
  });
});

describe('content mutations, run by the write operations', () => {
  const EDITOR = { authorization: 'Bearer editor-secret-token-for-graphql-writes' };
  let writable: Gateway;
  beforeAll(async () => {
    const secrets = { apiTokenSalt: 'a-salt-for-graphql-writes' };
    writable = (await modelGateway(BLOG_MODEL, 'test/fixtures/seeds/graphql-writes.json', { secrets })).gateway;
  });
  async function write(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = EDITOR) {
    const response = await writable.fetch(graphqlRequest(query, variables, headers));
    return { status: response.status, body: (await response.json()) as { data?: Record<string, any>; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
  }

  it('creates an entry and answers it as an EntityResponse whose relations resolve through the loaders', async () => {
    const { status, body } = await write(
      'mutation($data: ArticleInput!) { createArticle(data: $data) { data { id attributes { title author { data { id attributes { name } } } tags { data { id } } publishedAt locale } } } }',
      { data: { title: 'Written', slug: 'written', author: '1', tags: ['2', '1'] } },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data!.createArticle.data.attributes).toEqual({
      title: 'Written', author: { data: { id: '1', attributes: { name: 'Ada' } } }, tags: { data: [{ id: '2' }, { id: '1' }] }, publishedAt: null, locale: 'en',
    });
  });

  it('creates a draft unless publishedAt is given, which the live list then shows', async () => {
    const draft = await write('mutation { createArticle(data: { title: "Draft" }) { data { id attributes { publishedAt } } } }');
    const published = await write('mutation { createArticle(data: { title: "Out", publishedAt: "2024-06-01T00:00:00Z" }) { data { id attributes { publishedAt } } } }');
    expect(draft.body.data!.createArticle.data.attributes.publishedAt).toBeNull();
    expect(published.body.data!.createArticle.data.attributes.publishedAt).toBe('2024-06-01T00:00:00.000Z');
    const live = await write('{ articles(pagination: { limit: 100 }) { data { attributes { title } } } }');
    const titles = live.body.data!.articles.data.map((e: { attributes: { title: string } }) => e.attributes.title);
    expect(titles).toContain('Out');
    expect(titles).not.toContain('Draft');
  });

  it('updates only what data names, and a single type without an id', async () => {
    const { body } = await write('mutation { updateArticle(id: 1, data: { title: "Hello again" }) { data { id attributes { title slug author { data { id } } } } } }');
    expect(body.data!.updateArticle.data).toEqual({ id: '1', attributes: { title: 'Hello again', slug: 'hello', author: { data: { id: '1' } } } });
    const global = await write('mutation { updateGlobal(data: { siteName: "Renamed" }) { data { attributes { siteName } } } }');
    expect(global.body.data!.updateGlobal.data.attributes.siteName).toBe('Renamed');
  });

  it('deletes an entry, answering it, and a second delete finds nothing: { data: null } without an error, as Strapi answers', async () => {
    const first = await write('mutation { deleteTag(id: 2) { data { id attributes { name } } } }');
    expect(first.body.data!.deleteTag.data).toEqual({ id: '2', attributes: { name: 'tips' } });
    const second = await write('mutation { deleteTag(id: 2) { data { id } } }');
    expect(second.body).toEqual({ data: { deleteTag: { data: null } } });
  });

  it('creates a localization as a draft in the locale asked, linked with its group', async () => {
    const { body } = await write('mutation { createArticleLocalization(id: 1, data: { title: "Bonjour" }, locale: "fr") { data { attributes { title locale publishedAt localizations(publicationState: PREVIEW) { data { id } } } } } }');
    expect(body.errors).toBeUndefined();
    expect(body.data!.createArticleLocalization.data.attributes).toEqual({ title: 'Bonjour', locale: 'fr', publishedAt: null, localizations: { data: [{ id: '1' }] } });
  });

  it('refuses a caller without the permission with Strapi\'s FORBIDDEN, writing nothing', async () => {
    const { status, body } = await write('mutation { createTag(data: { name: "sneaky" }) { data { id } } }', {}, {});
    expect({ status, data: body.data, code: body.errors?.[0].extensions?.code }).toEqual({ status: 200, data: { createTag: null }, code: 'FORBIDDEN' });
    const tags = await write('{ tags { data { attributes { name } } } }');
    expect(tags.body.data!.tags.data.map((e: { attributes: { name: string } }) => e.attributes.name)).not.toContain('sneaky');
  });

  it('runs the same mutation twice when the response cache is on: a write is never answered from the cache', async () => {
    const secrets = { apiTokenSalt: 'a-salt-for-graphql-writes' };
    const cached = (await modelGateway(BLOG_MODEL, 'test/fixtures/seeds/graphql-writes.json', { secrets, extra: { responseCache: true } })).gateway;
    const create = () => cached.fetch(graphqlRequest('mutation { createTag(data: { name: "twice" }) { data { id } } }', {}, EDITOR)).then((r) => r.json());
    const first = await create();
    const second = await create();
    expect(second.data.createTag.data.id).not.toBe(first.data.createTag.data.id);
  });

  it('runs one mutation document many times, compiled from its third use, each with its own variables', async () => {
    const names = ['c1', 'c2', 'c3', 'c4', 'c5'];
    const ids = new Set<string>();
    for (const name of names) {
      const { body } = await write('mutation($data: TagInput!) { createTag(data: $data) { data { id attributes { name } } } }', { data: { name } });
      expect(body.data!.createTag.data.attributes.name).toBe(name);
      ids.add(body.data!.createTag.data.id);
    }
    expect(ids.size).toBe(names.length);
  });

  it('writes a dynamic zone item named by __typename as the component it names, and a component with its id in place', async () => {
    const created = await write('mutation { createArticle(data: { title: "Zoned", seo: { metaTitle: "First", metaDescription: "kept" } }) { data { id attributes { seo { id } } } } }');
    expect(created.body.errors).toBeUndefined();
    const { id, attributes } = created.body.data!.createArticle.data;
    const query = `mutation($data: ArticleInput!) { updateArticle(id: ${id}, data: $data) { data { attributes {
      seo { id metaTitle metaDescription } blocks { __typename ... on ComponentBlocksQuote { title rating } } } } } }`;
    const { body } = await write(query, { data: { seo: { id: attributes.seo.id, metaTitle: 'Second' }, blocks: [{ __typename: 'ComponentBlocksQuote', title: 'Said', rating: 4 }] } });
    expect(body.errors).toBeUndefined();
    expect(body.data!.updateArticle.data.attributes).toEqual({
      seo: { id: attributes.seo.id, metaTitle: 'Second', metaDescription: 'kept' },
      blocks: [{ __typename: 'ComponentBlocksQuote', title: 'Said', rating: 4 }],
    });
  });
});
