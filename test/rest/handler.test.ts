// The REST handler through HTTP, in process, on the fixture: status codes and error envelopes,
// explain, and that only what the envelope shows is counted.
import { readFile } from 'node:fs/promises';
import { parse, validate } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../src/errors/errors.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { createRestHandler } from '../../src/rest/handler.ts';
import { fixtureModel } from './support/fixture.ts';
import { type FixtureGateway, fixtureGateway } from './support/gateway.ts';
import { normalise } from '../support/strapi-answers.ts';

let gateway: FixtureGateway;
beforeAll(async () => {
  gateway = await fixtureGateway();
});

const envelope = (status: number, name: string, message: string) => ({ data: null, error: { status, name, message, details: {} } });

describe('error answers', () => {
  it.each([
    ['an unknown collection', 'GET', '/api/nonexistent', envelope(404, 'NotFoundError', 'Not Found')],
    ['a missing id', 'GET', '/api/articles/999', envelope(404, 'NotFoundError', 'Not Found')],
    ['an id that is not a number', 'GET', '/api/articles/abc', envelope(404, 'NotFoundError', 'Not Found')],
    ['a draft by id in the live state', 'GET', '/api/articles/5', envelope(404, 'NotFoundError', 'Not Found')],
    ['a path below an entry', 'GET', '/api/articles/1/author', envelope(404, 'NotFoundError', 'Not Found')],
    ['a single type read by id', 'GET', '/api/global/1', envelope(404, 'NotFoundError', 'Not Found')],
    ['a list the role cannot find', 'GET', '/api/tags', envelope(403, 'ForbiddenError', 'Forbidden')],
    ['an entry the role cannot findOne', 'GET', '/api/tags/1', envelope(403, 'ForbiddenError', 'Forbidden')],
    ['a media file without findOne on the media library', 'GET', '/api/upload/files/1', envelope(403, 'ForbiddenError', 'Forbidden')],
    ['an unknown field', 'GET', '/api/articles?fields[0]=nope', envelope(400, 'ValidationError', 'Invalid parameter nope')],
    ['a write the caller may not make', 'POST', '/api/articles', envelope(403, 'ForbiddenError', 'Forbidden')],
    ['a method the path does not take', 'PATCH', '/api/articles/1', { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: { allow: ['GET', 'HEAD', 'PUT', 'DELETE'] } } }],
    ['a create on an entry', 'POST', '/api/articles/1', { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: { allow: ['GET', 'HEAD', 'PUT', 'DELETE'] } } }],
    ['a write to an unknown collection', 'DELETE', '/api/nonexistent/1', envelope(404, 'NotFoundError', 'Not Found')],
  ])('answers %s in Strapi\'s error envelope', async (_name, method, path, body) => {
    const response = await gateway.handle(new Request(new URL(path, 'http://gateway.test'), { method }));
    expect(response.status).toBe(body.error.status);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual(body);
  });

  it('answers 401 to an unknown API token', async () => {
    const response = await gateway.get('/api/articles', { authorization: 'Bearer nope' });
    expect(await response.json()).toEqual(envelope(401, 'UnauthorizedError', 'Missing or invalid credentials'));
  });

  it.each([
    ['/api/articles/1', 'PATCH', 'GET, HEAD, PUT, DELETE'],
    ['/api/articles', 'PUT', 'GET, HEAD, POST'],
    ['/api/global', 'POST', 'GET, HEAD, PUT, DELETE'],
    ['/api/articles/1/localizations', 'GET', 'POST'],
  ])('names the methods %s takes on a 405 to %s', async (path, method, allow) => {
    const response = await gateway.handle(new Request(`http://gateway.test${path}`, { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
  });

  it('answers HEAD as GET without the body', async () => {
    const response = await gateway.handle(new Request('http://gateway.test/api/articles?fields[0]=title', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('answers 500 without internals, and logs the error, when something unexpected fails', async () => {
    const logged: unknown[] = [];
    const failing = createRestHandler({
      model: await fixtureModel(),
      schema: buildGraphQLSchema(await fixtureModel()),
      baseFor: async () => { throw new Error('disk on fire'); },
      log: (error) => logged.push(error),
    });
    const response = await failing(new Request('http://gateway.test/api/articles'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
    expect(logged).toEqual([new Error('disk on fire')]);
  });

  it('passes on the status of a known error from the context, such as 503 while starting', async () => {
    const starting = createRestHandler({
      model: await fixtureModel(),
      schema: buildGraphQLSchema(await fixtureModel()),
      baseFor: async () => { throw new ServiceUnavailableError('starting'); },
    });
    expect((await starting(new Request('http://gateway.test/api/articles'))).status).toBe(503);
  });
});

describe('answers', () => {
  it('lists articles as Strapi does', async () => {
    const fixture = JSON.parse(await readFile('test/fixtures/rest/reshape/list-articles-default.json', 'utf8'));
    const response = await gateway.get('/api/articles');
    expect(response.status).toBe(200);
    expect(normalise(await response.json())).toEqual(fixture.expected);
  });

  it('reads a draft by id in the preview state', async () => {
    const response = await gateway.get('/api/articles/5?publicationState=preview&fields[0]=title');
    expect(await response.json()).toEqual({ data: { id: 5, attributes: { title: 'Draft Article' } }, meta: {} });
  });

  it('lists media library files as plain objects, limited by top-level limit as the upload plugin reads it (pagination ignored)', async () => {
    const response = await gateway.get('/api/upload/files?fields[0]=name&sort=id:asc&limit=2&pagination[limit]=1');
    expect(await response.json()).toEqual([{ id: 1, name: 'cover-hello.jpg' }, { id: 2, name: 'diagram.png' }]);
  });

  it('answers a populate as deep as the query-string depth allows, within the GraphQL query limits', async () => {
    const levels = Array.from({ length: 9 }, (_, i) => `[populate][${i % 2 === 0 ? 'author' : 'articles'}]`).join('');
    const response = await gateway.get(`/api/articles?fields[0]=title&${levels.replace('[populate]', 'populate')}[fields][0]=title`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data[0].attributes.author.data.attributes.articles.data[0].attributes.author.data.id).toBe(1);
  });

  it.each([
    ['a to-one relation', 'populate[author][filters][name][$eq]=Grace Hopper&populate[author][fields][0]=name', 'author', [null, null, { id: 2, attributes: { name: 'Grace Hopper' } }, { id: 2, attributes: { name: 'Grace Hopper' } }, null]],
    ['a single media field', 'populate[cover][filters][mime][$eq]=image/png&populate[cover][fields][0]=name', 'cover', [null, { id: 2, attributes: { name: 'diagram.png' } }, null, null, null]],
  ])('answers { data: null } for %s that does not match its populate filters, as Strapi does', async (_name, populate, field, expected) => {
    const response = await gateway.get(`/api/articles?fields[0]=title&${populate}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.map((entry: { attributes: Record<string, { data: unknown }> }) => entry.attributes[field].data)).toEqual(expected);
  });

  it('runs no count when withCount=false', async () => {
    gateway.store.reset();
    await gateway.get('/api/articles?pagination[withCount]=false&fields[0]=title');
    expect(gateway.store.calls.map((call) => call.op)).not.toContain('count');
  });

  it('counts the total with the default pagination', async () => {
    gateway.store.reset();
    await gateway.get('/api/articles?fields[0]=title');
    expect(gateway.store.calls.map((call) => call.op)).toContain('count');
  });
});

describe('explain', () => {
  const explainPath = '/api/articles?filters[title][$eq]=Zeta&fields[0]=title';

  it('answers the document and its variables instead of executing it', async () => {
    gateway.store.reset();
    const response = await gateway.get(explainPath, { accept: 'application/graphql' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/graphql');
    expect(gateway.store.calls).toEqual([]);
  });

  it('gives a document valid for the schema, then one line of variables as JSON', async () => {
    const text = await (await gateway.get(explainPath, { accept: 'text/html, application/graphql;q=0.9' })).text();
    const [document, variablesLine] = text.trimEnd().split('\n\n# variables: ');
    expect(validate(buildGraphQLSchema(await fixtureModel()), parse(document))).toEqual([]);
    expect(JSON.parse(variablesLine)).toEqual({ filters: { title: { eq: 'Zeta' } }, pagination: { page: 1, pageSize: 25 } });
  });

  it('is not confused with the GraphQL response media type', async () => {
    const response = await gateway.get(explainPath, { accept: 'application/graphql-response+json' });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('still refuses an invalid request', async () => {
    const response = await gateway.get('/api/articles?sort=nope', { accept: 'application/graphql' });
    expect(response.status).toBe(400);
  });
});
