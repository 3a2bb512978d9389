// One GraphQL error code vocabulary, Strapi's: Apollo's codes where Strapi's plugin uses them,
// STRAPI_<NAME> for the rest of its errors, UNAUTHENTICATED for bad credentials; the same in
// answers made before an operation runs (credentials, readiness, body size).
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
    ['an unknown token', { authorization: 'Bearer nope' }, true, 401, 'UNAUTHENTICATED', 'Missing or invalid credentials'],
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
