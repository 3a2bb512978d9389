// Several mutations in one GraphQL document run one after another (GraphQL's serial execution),
// and each answers what the store holds after it: a relation an earlier field read through the
// request's loaders is read again once a later mutation has written.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { graphqlRequest } from '../support/test-gateway.ts';
import { writableGateway } from '../support/writable.ts';

let gateway: Gateway;
beforeAll(async () => {
  gateway = (await writableGateway()).gateway;
});

async function ask(query: string) {
  const response = await gateway.fetch(graphqlRequest(query));
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

describe('mutations in one document', () => {
  it.each([
    [
      'an author renamed by a later mutation',
      `mutation {
        first: updateArticle(id: 1, data: { summary: "one" }) { data { attributes { author { data { attributes { name } } } } } }
        rename: updateAuthor(id: 1, data: { name: "Augusta Ada King" }) { data { id } }
        second: updateArticle(id: 1, data: { summary: "two" }) { data { attributes { author { data { attributes { name } } } } } }
      }`,
      (data: any) => [data.first.data.attributes.author.data.attributes.name, data.second.data.attributes.author.data.attributes.name],
      ['Ada Lovelace', 'Augusta Ada King'],
    ],
    [
      'a relation connected by a later mutation',
      `mutation {
        before: updateAuthor(id: 2, data: { bio: "b" }) { data { attributes { articles { data { id } } } } }
        link: updateArticle(id: 1, data: { author: 2 }) { data { id } }
        after: updateAuthor(id: 2, data: { bio: "c" }) { data { attributes { articles { data { id } } } } }
      }`,
      (data: any) => [data.before.data.attributes.articles.data.some((a: { id: string }) => a.id === '1'), data.after.data.attributes.articles.data.some((a: { id: string }) => a.id === '1')],
      [false, true],
    ],
  ])('%s shows the write from the field after it', async (_name, query, pick, want) => {
    const body = await ask(query);
    expect(body.errors).toBeUndefined();
    expect(pick(body.data)).toEqual(want);
  });
});
