// users-permissions' users over REST, as its plugin answers them: plain objects at every level,
// private attributes never shown, top-level start/limit honoured, the same find/findOne rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest, modelGateway, restRequest, type TestGateway } from '../support/test-gateway.ts';

let subject: TestGateway;
beforeAll(async () => {
  subject = await modelGateway('test/fixtures/schemas/real-project', 'test/fixtures/seeds/real-project.json', { secrets: { apiTokenSalt: 'test-api-token-salt' } });
});

const get = async (path: string) => {
  const response = await subject.gateway.fetch(restRequest(path));
  return { status: response.status, body: (await response.json()) as any };
};

const ada = { id: 1, username: 'ada', email: 'ada@example.com', provider: 'local', confirmed: true, blocked: false, job: 'Chef' };
const grace = { id: 2, username: 'grace', email: 'grace@example.com', provider: 'local', confirmed: false, blocked: true, job: 'Cook' };
const withoutTimestamps = ({ createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;

describe('GET /api/users', () => {
  it('lists users as plain objects, without password or tokens', async () => {
    const { status, body } = await get('/api/users');
    expect(status).toBe(200);
    expect(body.map(withoutTimestamps)).toEqual([ada, grace]);
    expect(JSON.stringify(body)).not.toMatch(/password|secret-reset|Token/);
  });

  it('honours top-level start and limit, and ignores pagination, as the plugin does', async () => {
    expect((await get('/api/users?start=1&limit=1')).body.map((u: any) => u.id)).toEqual([2]);
    expect((await get('/api/users?pagination[pageSize]=1')).body.map((u: any) => u.id)).toEqual([1, 2]);
  });

  it('populates relations as plain values, leaving out roles the caller cannot list', async () => {
    const { body } = await get('/api/users?fields[0]=username&populate=*');
    expect(body[0]).toEqual({ id: 1, username: 'ada', recipes: [{ id: 1, title: 'Bread', servings: 4, body: '<p>Knead.</p>', colour: '#aa7733', rating: 5, nutrition: { kcal: 250 }, createdAt: expect.any(String), updatedAt: expect.any(String), publishedAt: '2024-01-01T00:00:00.000Z' }, expect.objectContaining({ id: 2 })] });
  });

  it('filters and sorts, refusing private attributes', async () => {
    expect((await get('/api/users?filters[job][$eq]=Cook&fields[0]=username')).body).toEqual([{ id: 2, username: 'grace' }]);
    expect((await get('/api/users?sort=username:desc&fields[0]=username')).body.map((u: any) => u.id)).toEqual([2, 1]);
    expect(await get('/api/users?filters[password][$eq]=x')).toEqual({ status: 400, body: { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid parameter password', details: {} } } });
  });
});

describe('GET /api/users/:id', () => {
  it('answers one user as a plain object', async () => {
    const { status, body } = await get('/api/users/2');
    expect(status).toBe(200);
    expect(withoutTimestamps(body)).toEqual(grace);
  });

  it.each([
    ['a user that does not exist', '/api/users/99', 404],
    ['the logged-in user, without credentials', '/api/users/me', 403],
    ['the count, which no role here is granted', '/api/users/count', 403],
  ])('answers %s with %i in Strapi\'s envelope', async (_name, path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ data: null, error: { status } });
  });
});

describe('users seen from other content-types', () => {
  it('populate as entries in the envelope', async () => {
    const { body } = await get('/api/recipes/1?fields[0]=title&populate[chef][fields][0]=username&populate[blocks][populate]=*');
    expect(body.data.attributes.chef).toEqual({ data: { id: 1, attributes: { username: 'ada' } } });
    expect(body.data.attributes.blocks[0].members.data.map((m: any) => m.attributes.username)).toEqual(['ada', 'grace']);
  });

  it('are answered over GraphQL by usersPermissionsUsers, without private fields', async () => {
    const response = await subject.gateway.fetch(graphqlRequest('{ usersPermissionsUsers(sort: "id") { data { id attributes { username job recipes { data { id } } } } } }'));
    expect(await response.json()).toEqual({ data: { usersPermissionsUsers: { data: [
      { id: '1', attributes: { username: 'ada', job: 'Chef', recipes: { data: [{ id: '1' }, { id: '2' }] } } },
      { id: '2', attributes: { username: 'grace', job: 'Cook', recipes: { data: [] } } },
    ] } } });
  });

  it('accept a value for a relation to admin::user in the data, which is never answered', async () => {
    const { body } = await get('/api/recipes/1?populate=*');
    expect(body.data.attributes).not.toHaveProperty('reviewer');
  });
});
