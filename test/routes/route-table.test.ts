// Routes are a table: a route added as one row is served, refused to a caller without its action,
// answered 405 with the methods its path takes, and documented in the OpenAPI document; and the
// table's own rows are what the router, `Allow` and the document know.
import { beforeAll, describe, expect, it } from 'vitest';
import { contentAction } from '../../src/access/actions.ts';
import type { ContentType } from '../../src/model/types.ts';
import { routeMatcher, routeTable } from '../../src/routes/api.ts';
import type { RouteRow } from '../../src/routes/table.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { BLOG_MODEL, modelGateway, BLOG_SEED, type TestGateway } from '../support/test-gateway.ts';

/** A route of our own: how many words a tag's name has. The editor role may `findOne` tags; the public role may not. */
function wordCountRow(tags: ContentType): RouteRow {
  return {
    method: 'GET',
    path: '/api/tags/:id/word-count',
    action: contentAction(tags.uid, 'findOne'),
    handler: {
      kind: 'call',
      operation: ({ params }) => ({ action: 'findOne', type: tags, input: { id: params.id } }),
      answer: (result) => {
        const entry = (result as { data: { name?: string } | null }).data;
        return { words: entry ? String(entry.name).split(/\s+/).length : 0 };
      },
      doc: { operationId: 'countTagWords', summary: "How many words a tag's name has", tag: 'Tag', response: { type: 'object', properties: { words: { type: 'integer' } } } },
    },
  };
}

let subject: TestGateway;
beforeAll(async () => {
  const model = await loadContentModel(BLOG_MODEL);
  subject = await modelGateway(BLOG_MODEL, BLOG_SEED, { extra: { routes: [wordCountRow(model.contentTypes.get('api::tag.tag')!)] } });
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => subject.gateway.fetch(new Request(`http://gateway.test${path}`, { method, headers }));

describe('a route added as one row', () => {
  it('is served to a caller whose role has its action', async () => {
    const response = await get('/api/tags/1/word-count', { authorization: 'Bearer editor-token-123' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ words: expect.any(Number) });
  });

  it("is refused, in Strapi's envelope, to a caller without its action", async () => {
    const response = await get('/api/tags/1/word-count');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } });
  });

  it('answers another method with a 405 naming the methods its path takes, and a bad id with a 404', async () => {
    const refused = await get('/api/tags/1/word-count', {}, 'POST');
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD');
    expect((await get('/api/tags/x/word-count')).status).toBe(404);
  });

  it('is in the OpenAPI document, with the action it needs', async () => {
    const document = (await (await get('/documentation/openapi.json')).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(document.paths['/api/tags/{id}/word-count'].get).toMatchObject({
      operationId: 'countTagWords',
      'x-strapi-action': 'api::tag.tag.findOne',
      parameters: [{ name: 'id', in: 'path', required: true }],
      responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } }, 403: { $ref: '#/components/responses/Forbidden' } },
    });
  });
});

describe("the model's table", () => {
  it.each([
    ['GET', '/api/articles', 'read', 'api::article.article.find'],
    ['POST', '/api/articles', 'write', 'api::article.article.create'],
    ['GET', '/api/articles/3', 'read', 'api::article.article.findOne'],
    ['PUT', '/api/articles/3', 'write', 'api::article.article.update'],
    ['DELETE', '/api/articles/3', 'write', 'api::article.article.delete'],
    ['POST', '/api/articles/3/localizations', 'write', 'api::article.article.create'],
    ['GET', '/api/global', 'read', 'api::global.global.find'],
    ['HEAD', '/api/global', 'read', 'api::global.global.find'],
    ['GET', '/api/upload/files/2', 'read', 'plugin::upload.content-api.findOne'],
    ['GET', '/api/users/me', 'read', 'plugin::users-permissions.user.me'],
    ['GET', '/api/users/count', 'call', 'plugin::users-permissions.user.count'],
  ])('%s %s is a %s needing %s', async (method, path, kind, action) => {
    const { row } = routeMatcher(await loadContentModel(BLOG_MODEL)).match(method, path);
    expect([row.handler.kind, row.action]).toEqual([kind, action]);
  });

  it.each([
    ['/api/articles', ['GET', 'HEAD', 'POST']],
    ['/api/articles/3', ['GET', 'HEAD', 'PUT', 'DELETE']],
    ['/api/articles/3/localizations', ['POST']],
    ['/api/global', ['GET', 'HEAD', 'PUT', 'DELETE']],
    ['/api/nothing', []],
    ['/api/articles/0', []],
  ])('%s takes %o', async (path, methods) => {
    expect(routeMatcher(await loadContentModel(BLOG_MODEL)).allowed(path)).toEqual(methods);
  });

  it('has no two rows for one method and path', async () => {
    const rows = routeTable(await loadContentModel(BLOG_MODEL)).map((row) => `${row.method} ${row.path}`);
    expect(new Set(rows).size).toBe(rows.length);
  });
});
