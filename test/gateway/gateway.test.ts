// The gateway's fetch handler in process: health, GraphQL over HTTP, credentials, and errors
// that reach the caller in the right envelope while the gateway keeps serving.
import { describe, expect, it } from 'vitest';
import { saveSettings } from '../../src/auth/settings.ts';
import { ServiceUnavailableError } from '../../src/errors/errors.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Filter, FindOptions } from '../../src/store/store.ts';
import { blogGateway, graphqlRequest, restRequest } from '../support/test-gateway.ts';

/** An embedded store whose reads fail with a chosen error, after the seed is in. */
class FailingStore extends EmbeddedStore {
  failure: Error | undefined;
  override async find(collection: string, filter: Filter, options?: FindOptions) {
    if (this.failure) throw this.failure;
    return super.find(collection, filter, options);
  }
  override async ping() {
    if (this.failure) throw this.failure;
  }
}

describe('GET /_health', () => {
  it('answers 204 once the store is ready', async () => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(restRequest('/_health'));
    expect(response.status).toBe(204);
  });

  it('answers 503 in Strapi envelope while the gateway is starting', async () => {
    const { gateway } = await blogGateway({ ready: false });
    const response = await gateway.fetch(restRequest('/_health'));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ data: null, error: { status: 503, name: 'ServiceUnavailableError' } });
  });

  it('answers 503 when the database does not answer', async () => {
    const store = new FailingStore();
    const { gateway } = await blogGateway({ store });
    store.failure = new ServiceUnavailableError('The database did not answer within 5000 ms');
    const response = await gateway.fetch(restRequest('/_health'));
    expect(response.status).toBe(503);
  });
});

describe('POST /graphql', () => {
  it('answers a query with the data of the embedded store', async () => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(graphqlRequest('{ authors(sort: "name:asc") { data { id attributes { name } } } }'));
    expect(await response.json()).toEqual({
      data: { authors: { data: [
        { id: '1', attributes: { name: 'Ada Lovelace' } },
        { id: '3', attributes: { name: 'Alan Turing' } },
        { id: '2', attributes: { name: 'Grace Hopper' } },
      ] } },
    });
  });

  it('serves GraphiQL to a browser', async () => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(new Request('http://gateway.test/graphql', { headers: { accept: 'text/html' } }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('GraphiQL');
  });

  it('reports a syntax error and keeps serving', async () => {
    const { gateway } = await blogGateway();
    const bad = await gateway.fetch(graphqlRequest('{ articles { '));
    expect((await bad.json()).errors[0].message).toMatch(/Syntax Error/);
    const good = await gateway.fetch(graphqlRequest('{ articles { data { id } } }'));
    expect((await good.json()).data.articles.data).toHaveLength(5);
  });

  it('answers a bad argument with BAD_USER_INPUT naming it', async () => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(graphqlRequest('{ articles(sort: "nope:asc") { data { id } } }'));
    const body = await response.json();
    expect(body.errors[0]).toMatchObject({ message: 'Invalid parameter nope', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('masks an unexpected error and logs it', async () => {
    const store = new FailingStore();
    const { gateway, logged } = await blogGateway({ store });
    store.failure = new Error('secret connection string mongodb://user:pw@host');
    const body = await (await gateway.fetch(graphqlRequest('{ articles { data { id } } }'))).json();
    expect(body.errors[0]).toMatchObject({ message: 'Internal Server Error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(logged).toHaveLength(1);
  });

  it("answers Strapi's STRAPI_SERVICE_UNAVAILABLE_ERROR when the database does not answer in time", async () => {
    const store = new FailingStore();
    const { gateway } = await blogGateway({ store });
    store.failure = new ServiceUnavailableError('The database did not answer within 5000 ms');
    const body = await (await gateway.fetch(graphqlRequest('{ articles { data { id } } }'))).json();
    expect(body.errors[0]).toMatchObject({ extensions: { code: 'STRAPI_SERVICE_UNAVAILABLE_ERROR' } });
  });
});

describe('credentials', () => {
  it.each([
    ['no credentials act as the public role, which cannot list tags', {}, 'FORBIDDEN'],
    ['an API token acts as its role, which can', { authorization: 'Bearer editor-token-123' }, null],
  ])('%s', async (_name, headers, code) => {
    const { gateway } = await blogGateway();
    const body = await (await gateway.fetch(graphqlRequest('{ tags { data { id } } }', {}, headers))).json();
    expect(body.errors?.[0]?.extensions?.code ?? null).toBe(code);
    if (!code) expect(body.data.tags.data).toHaveLength(4);
  });

  it('refuses an unknown token with 401 in both protocols', async () => {
    const { gateway } = await blogGateway();
    const headers = { authorization: 'Bearer wrong' };
    const refused = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };
    for (const request of [restRequest('/api/articles', headers), graphqlRequest('{ articles { data { id } } }', {}, headers)]) {
      const response = await gateway.fetch(request);
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 401, body: refused });
    }
  });
});

describe('other paths', () => {
  it('answers 404 in Strapi envelope', async () => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(restRequest('/nowhere'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  });

  it('answers REST with 503 in Strapi envelope when the database does not answer', async () => {
    const store = new FailingStore();
    const { gateway } = await blogGateway({ store });
    store.failure = new ServiceUnavailableError('The database did not answer within 5000 ms');
    const response = await gateway.fetch(restRequest('/api/articles'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'The database did not answer within 5000 ms', details: {} } });
  });
});

describe('GraphQL document limits', () => {
  const nested = (levels: number) => {
    let selection = 'title';
    for (let i = 0; i < levels; i++) selection = `title related { data { attributes { ${selection} } } }`;
    return `{ articles { data { attributes { ${selection} } } } }`;
  };

  it.each([
    ['a query nested past the depth limit', nested(7), 'Query depth limit of 24 exceeded, found 25. (maxDepth)'],
    ['a query flooding aliases', `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: articles { data { id } }`).join(' ')} }`, 'Aliases limit of 30 exceeded, found 31. (maxAliases)'],
    ['a query of too many tokens', `{ articles { data { ${'id '.repeat(5000)} } } }`, 'Token limit of 5000 exceeded. (maxTokens)'],
    ['a query of too many directives', `{ articles { data { ${'id @include(if: true) '.repeat(51)} } } }`, 'Directives limit of 50 exceeded, found 51. (maxDirectives)'],
  ])('refuses %s with 400 before running it', async (_name, query, message) => {
    const { gateway, store } = await blogGateway();
    const counted = { finds: 0 };
    const find = store.find.bind(store);
    store.find = async (...args) => {
      counted.finds++;
      return find(...args);
    };
    const response = await gateway.fetch(graphqlRequest(query));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([expect.objectContaining({ message, extensions: { code: 'BAD_USER_INPUT' } })]);
    expect(counted.finds).toBe(0);
  });

  it('accepts a query nested within the limit', async () => {
    const { gateway } = await blogGateway();
    const body = await (await gateway.fetch(graphqlRequest(nested(6)))).json();
    expect(body.errors).toBeUndefined();
  });
});

describe('access settings', () => {
  it('keep digests of API tokens, never the tokens', async () => {
    const { settings, store } = await blogGateway();
    await saveSettings(store, settings);
    const [stored] = await store.find('_settings', { id: 1 });
    expect(String(stored.settings)).not.toContain('editor-token-123');
    expect(Object.keys(settings.tokens)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
  });
});

describe('request bodies', () => {
  it.each([
    ['declared larger than 1 MiB', { 'content-length': String(2 * 1024 * 1024) }],
    ['larger than 1 MiB without saying so', {}],
  ])('refuses one %s with 413 as a GraphQL error', async (_name, headers) => {
    const { gateway } = await blogGateway();
    const query = `{ articles { data { id } } } #${'x'.repeat(1024 * 1024)}`;
    const request = new Request('http://gateway.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
    const response = await gateway.fetch(request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: [{
        message: 'Request body larger than 1048576 bytes',
        extensions: { code: 'STRAPI_PAYLOAD_TOO_LARGE_ERROR', error: { name: 'PayloadTooLargeError', message: 'Request body larger than 1048576 bytes', details: { limit: 1048576 } } },
      }],
    });
  });

  it('accepts a body within the limit', async () => {
    const { gateway } = await blogGateway();
    const body = await (await gateway.fetch(graphqlRequest(`{ articles { data { id } } } #${'x'.repeat(1000)}`))).json();
    expect(body.data.articles.data).toHaveLength(5);
  });
});

describe('sorting a repeatable component', () => {
  it.each([
    ['by a field, descending', 'network:desc', ['mastodon', 'github']],
    ['by a field, ascending', 'network', ['github', 'mastodon']],
  ])('orders items %s', async (_name, sort, expected) => {
    const { gateway } = await blogGateway();
    const body = await (await gateway.fetch(graphqlRequest('query ($s: [String]) { author(id: 1) { data { attributes { socials(sort: $s) { network } } } } }', { s: [sort] }))).json();
    expect(body.data.author.data.attributes.socials.map((s: { network: string }) => s.network)).toEqual(expected);
  });

  it('refuses a field the component does not have, naming it', async () => {
    const { gateway } = await blogGateway();
    const body = await (await gateway.fetch(graphqlRequest('{ author(id: 1) { data { attributes { socials(sort: "nope.deeper:asc") { network } } } } }'))).json();
    expect(body.errors[0]).toMatchObject({ message: 'Invalid parameter nope', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
