// A write's answer follows the one draft rule on both protocols: the written entry is shown
// whatever its state, the drafts it links (`related`, `author.articles`) are hidden as a GET of it
// and GraphQL's mutation hide them, and `publicationState=preview` shows them. Article 5 of the
// fixture is a draft by author 1.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { graphqlRequest, restCall } from '../support/test-gateway.ts';
import { writableGateway } from '../support/writable.ts';

const POPULATE = 'fields[0]=title&populate[related][fields][0]=title&populate[author][fields][0]=name&populate[author][populate][articles][fields][0]=title';
const GRAPHQL_SELECTION = 'data { id attributes { title related { data { id } } author { data { attributes { articles { data { id } } } } } } }';

let gateway: Gateway;
beforeEach(async () => {
  gateway = (await writableGateway()).gateway;
});

const rest = (method: string, path: string, data?: unknown) => restCall(gateway, method, path, data);

/** The ids a REST entry links through `related` and its author's `articles`. */
function restLinks(body: any): { related: number[]; authorArticles: number[] } {
  const attributes = body.data.attributes;
  return { related: attributes.related.data.map((e: { id: number }) => e.id), authorArticles: attributes.author.data.attributes.articles.data.map((e: { id: number }) => e.id) };
}

/** The same over GraphQL (ids are strings there). */
function graphqlLinks(entry: any): { related: number[]; authorArticles: number[] } {
  const attributes = entry.data.attributes;
  return { related: attributes.related.data.map((e: { id: string }) => Number(e.id)), authorArticles: attributes.author.data.attributes.articles.data.map((e: { id: string }) => Number(e.id)) };
}

describe("a write's answer and linked drafts", () => {
  it.each([
    ['a REST update hides a linked draft, as the GET after it does', '', { related: [1], authorArticles: [1, 2, 7, 8] }],
    ['a REST update in the preview shows it, as the GET in the preview does', '&publicationState=preview', { related: [5, 1], authorArticles: [1, 2, 5, 7, 8] }],
  ])('%s', async (_name, state, links) => {
    const written = await rest('PUT', `/api/articles/2?${POPULATE}${state}`, { related: [5, 1] });
    expect(written.status).toBe(200);
    expect(restLinks(written.body)).toEqual(links);
    expect(restLinks((await rest('GET', `/api/articles/2?${POPULATE}${state}`)).body)).toEqual(links);
  });

  it.each([
    ['a REST create hides the draft it links', 'POST', '/api/articles', { title: 'New', related: [5, 1], author: 1 }],
    ['a REST update hides the draft it links', 'PUT', '/api/articles/2', { related: [5, 1] }],
  ])('%s, as GraphQL\'s mutation answer does', async (_name, method, path, data) => {
    const written = await rest(method, `${path}?${POPULATE}`, data);
    const field = method === 'POST' ? 'createArticle' : 'updateArticle';
    const args = method === 'POST' ? 'data: { title: "New", related: [5, 1], author: 1, publishedAt: "2024-01-01T00:00:00.000Z" }' : 'id: 2, data: { related: [5, 1] }';
    const mutation = await (await gateway.fetch(graphqlRequest(`mutation { ${field}(${args}) { ${GRAPHQL_SELECTION} } }`))).json();
    expect(mutation.errors).toBeUndefined();
    const ours = restLinks(written.body);
    expect(ours.related).toEqual([1]);
    expect(ours.authorArticles).not.toContain(5);
    expect(graphqlLinks(mutation.data[field])).toEqual({ related: [1], authorArticles: [...ours.authorArticles, ...(method === 'POST' ? [Number(mutation.data[field].data.id)] : [])] });
  });

  it.each([
    ['REST', async () => (await rest('PUT', `/api/articles/5?${POPULATE}`, { title: 'Still a draft' })).body.data],
    ['GraphQL', async () => (await (await gateway.fetch(graphqlRequest(`mutation { updateArticle(id: 5, data: { title: "Still a draft" }) { ${GRAPHQL_SELECTION} } }`))).json()).data.updateArticle.data],
  ])('answers the written draft itself over %s, its own draft hidden from its author\'s articles', async (_protocol, write) => {
    const entry = await write();
    expect(Number(entry.id)).toBe(5);
    expect(entry.attributes.title).toBe('Still a draft');
    expect(entry.attributes.author.data.attributes.articles.data.map((e: { id: unknown }) => Number(e.id))).not.toContain(5);
  });
});
