// One GraphQL error code vocabulary, Strapi's: Apollo's codes where Strapi's plugin uses them,
// STRAPI_<NAME> for the rest of its errors; the same in answers made before an operation runs
// (readiness, body size). Bad credentials are answered on /graphql as Strapi answers them: a 401
// in the REST envelope (recorded from Strapi in test/fixtures/http/strapi-credentials.json).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { graphQLCode } from '../../src/errors/map.ts';
import { blogGateway, graphqlRequest } from '../support/test-gateway.ts';

describe('GraphQL error codes', () => {
  it.each([
    ['ValidationError', 'BAD_USER_INPUT'],
    ['ForbiddenError', 'FORBIDDEN'],
    ['UnauthorizedError', 'UNAUTHENTICATED'],
    ['NotFoundError', 'STRAPI_NOT_FOUND_ERROR'],
    ['ServiceUnavailableError', 'STRAPI_SERVICE_UNAVAILABLE_ERROR'],
    ['PayloadTooLargeError', 'STRAPI_PAYLOAD_TOO_LARGE_ERROR'],
    ['MethodNotAllowedError', 'STRAPI_METHOD_NOT_ALLOWED_ERROR'],
    ['ApplicationError', 'STRAPI_APPLICATION_ERROR'],
  ])('%s is %s', (name, code) => {
    expect(graphQLCode(name)).toBe(code);
  });

  it.each([
    ['a gateway still starting', {}, false, 503, 'STRAPI_SERVICE_UNAVAILABLE_ERROR', 'The gateway is starting: the database is not ready yet'],
  ])('answers %s with a GraphQL error response', async (_name, headers, ready, status, code, message) => {
    const { gateway } = await blogGateway({ ready });
    const response = await gateway.fetch(graphqlRequest('{ articles { data { id } } }', {}, headers));
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.errors).toEqual([{ message, extensions: { code, error: expect.objectContaining({ message }) } }]);
  });

  it.each([
    ['a syntax error', '{ articles { ', 'GRAPHQL_PARSE_FAILED'],
    ['an unknown field', '{ articles { data { nope } } }', 'GRAPHQL_VALIDATION_FAILED'],
    ['a forbidden type', '{ tags { data { id } } }', 'FORBIDDEN'],
    ['a bad argument', '{ articles(sort: "nope:asc") { data { id } } }', 'BAD_USER_INPUT'],
  ])('gives %s the code %s', async (_name, query, code) => {
    const { gateway } = await blogGateway();
    const body = await (await gateway.fetch(graphqlRequest(query))).json();
    expect(body.errors[0].extensions.code).toBe(code);
  });
});

interface RecordedCase {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  answer: { status: number; contentType: string; body: unknown };
}

const recorded = (JSON.parse(await readFile('test/fixtures/http/strapi-credentials.json', 'utf8')) as { cases: RecordedCase[] }).cases;

describe('bad credentials on /graphql', () => {
  // REST writes are answered by the write routes (their own tests); every read and GraphQL case here.
  const cases = recorded.filter((c) => c.path.startsWith('/graphql') || c.method === 'GET');

  it.each(cases.map((c) => [c.name, c] as const))('answers %s as Strapi does', async (_name, c) => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(new Request(`http://gateway.test${c.path}`, { method: c.method, headers: c.headers, body: c.body }));
    expect({ status: response.status, contentType: response.headers.get('content-type'), body: await response.json() }).toEqual(c.answer);
  });
});
