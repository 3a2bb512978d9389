// Strapi's own credentials, through the gateway in process: API tokens kept as an HMAC with
// API_TOKEN_SALT (read-only, full-access, custom, expiring), users-permissions JWTs signed with
// JWT_SECRET acting as the user's role, and `me`. A wrong, expired or malformed credential is a 401.
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessKeyOf } from '../../src/auth/api-tokens.ts';
import { graphqlRequest, modelGateway, restRequest, type TestGateway } from '../support/test-gateway.ts';

const SALT = 'test-api-token-salt';
const SECRET = 'test-jwt-secret';
let subject: TestGateway;
let noSecrets: TestGateway;
beforeAll(async () => {
  subject = await modelGateway('test/fixtures/schemas/real-project', 'test/fixtures/seeds/real-project.json', { secrets: { apiTokenSalt: SALT, jwtSecret: SECRET } });
  noSecrets = await modelGateway('test/fixtures/schemas/real-project', 'test/fixtures/seeds/real-project.json', { secrets: { apiTokenSalt: SALT } });
});

const jwt = (payload: Record<string, unknown>, secret = SECRET, expires: string | number = '1h') =>
  new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expires).sign(new TextEncoder().encode(secret));

async function status(path: string, authorization?: string, gateway = subject) {
  const response = await gateway.gateway.fetch(restRequest(path, authorization ? { authorization } : {}));
  return response.status;
}

const unauthorized = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };
/** Strapi's words for a valid JWT whose user is gone or blocked (../recordings/users-permissions/14-users-me.json). */
const invalid = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Invalid credentials', details: {} } };

describe('who may read what', () => {
  it.each([
    ['no credentials (public: recipes and users)', undefined, { recipes: 200, users: 200 }],
    ['a seed token for the authenticated role (recipes only)', 'Bearer seed-token-for-the-authenticated-role', { recipes: 200, users: 403 }],
    ['a read-only API token', 'Bearer read-only-token-0123456789abcdef', { recipes: 200, users: 200 }],
    ['a custom API token granting recipes', 'Bearer custom-token-0123456789abcdef', { recipes: 200, users: 403 }],
  ])('%s', async (_name, authorization, expected) => {
    expect({ recipes: await status('/api/recipes', authorization), users: await status('/api/users', authorization) }).toEqual(expected);
  });

  it('lets a logged-in user act as their role (authenticated: recipes, not users)', async () => {
    const token = `Bearer ${await jwt({ id: 1 })}`;
    expect({ recipes: await status('/api/recipes', token), users: await status('/api/users', token) }).toEqual({ recipes: 200, users: 403 });
  });
});

describe('credentials refused with 401, never read as the public role', () => {
  it.each([
    ['an unknown bearer token', async () => 'Bearer not-a-token', unauthorized],
    ['an expired API token', async () => 'Bearer expired-token-0123456789abcdef', unauthorized],
    ['another scheme', async () => 'Basic YWRhOnNlY3JldA==', unauthorized],
    ['a bearer without a token', async () => 'Bearer', unauthorized],
    ['a JWT signed with another secret', async () => `Bearer ${await jwt({ id: 1 }, 'another-secret')}`, unauthorized],
    ['an expired JWT', async () => `Bearer ${await jwt({ id: 1 }, SECRET, Math.floor(Date.now() / 1000) - 60)}`, unauthorized],
    ['a JWT naming no user', async () => `Bearer ${await jwt({ id: 99 })}`, invalid],
    ['a JWT of a blocked user', async () => `Bearer ${await jwt({ id: 2 })}`, invalid],
    ['a JWT without an id', async () => `Bearer ${await jwt({ sub: 'ada' })}`, unauthorized],
    ['a malformed JWT', async () => 'Bearer aaa.bbb.ccc', unauthorized],
  ])('%s', async (_name, header, answer) => {
    const authorization = await header();
    for (const request of [restRequest('/api/recipes', { authorization }), graphqlRequest('{ recipes { data { id } } }', {}, { authorization })]) {
      const response = await subject.gateway.fetch(request);
      expect(response.status).toBe(401);
      // On /graphql too, as Strapi answers (test/fixtures/http/strapi-credentials.json).
      expect(await response.json()).toEqual(answer);
    }
  });

  it('refuses JWTs when the gateway has no JWT_SECRET', async () => {
    expect(await status('/api/recipes', `Bearer ${await jwt({ id: 1 })}`, noSecrets)).toBe(401);
  });
});

describe('me', () => {
  it('answers the logged-in user over REST, as users-permissions does', async () => {
    const response = await subject.gateway.fetch(restRequest('/api/users/me?fields[0]=username&fields[1]=job', { authorization: `Bearer ${await jwt({ id: 1 })}` }));
    expect(await response.json()).toEqual({ id: 1, username: 'ada', job: 'Chef' });
  });

  it('answers the logged-in user and role over GraphQL', async () => {
    const query = '{ me { id username email confirmed blocked role { id name type } } }';
    const response = await subject.gateway.fetch(graphqlRequest(query, {}, { authorization: `Bearer ${await jwt({ id: 1 })}` }));
    expect(await response.json()).toEqual({ data: { me: { id: '1', username: 'ada', email: 'ada@example.com', confirmed: true, blocked: false, role: { id: '1', name: 'Authenticated', type: 'authenticated' } } } });
  });

  it.each([
    ['no credentials', undefined],
    ['an API token', 'Bearer read-only-token-0123456789abcdef'],
  ])('is forbidden with %s', async (_name, authorization) => {
    expect(await status('/api/users/me', authorization)).toBe(403);
    const response = await subject.gateway.fetch(graphqlRequest('{ me { id } }', {}, authorization ? { authorization } : {}));
    expect(await response.json()).toMatchObject({ data: { me: null }, errors: [{ message: 'Forbidden access', extensions: { code: 'FORBIDDEN' } }] });
  });
});

describe('API tokens as Strapi keeps them', () => {
  it('stores only the HMAC-SHA512 of a token with the salt', async () => {
    const [record] = await subject.store.find('strapi_api_tokens', { name: 'reader' });
    expect(record.accessKey).toBe(accessKeyOf('read-only-token-0123456789abcdef', SALT));
    expect(JSON.stringify(await subject.store.find('strapi_api_tokens', {}))).not.toContain('read-only-token');
  });
});
