// A rule added to the access module holds for both protocols at once: hiding an attribute from
// one role changes the REST answer and the GraphQL answer, refuses filters and sorts on it in
// both, and leaves every other role's answers as they were, with no change to either protocol.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { hideAttribute } from '../../src/access/rules.ts';
import { DEMO_TOKEN, demoGateway } from '../support/demo-gateway.ts';

interface Cases {
  rules: Array<{ role: string; owner: string; attribute: string }>;
  rest: Array<{ name: string; path: string; hidden: string; at: string }>;
  restRefused: Array<{ name: string; path: string }>;
  graphql: Array<{ name: string; query: string; path: string; field: string }>;
  graphqlRefused: Array<{ name: string; query: string }>;
}

const cases = JSON.parse(readFileSync('test/fixtures/access/hidden-attributes.json', 'utf8')) as Cases;
const EDITOR = { authorization: `Bearer ${DEMO_TOKEN}` };

const at = (value: unknown, path: string) => path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown>)?.[key], value);

async function rest(gateway: Gateway, path: string, headers: Record<string, string> = {}) {
  const response = await gateway.fetch(new Request(`http://gateway.test${path}`, { headers }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function graphql(gateway: Gateway, query: string, headers: Record<string, string> = {}) {
  const response = await gateway.fetch(new Request('http://gateway.test/graphql', {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }),
  }));
  return (await response.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
}

describe('a rule added to the access module', () => {
  let ruled: Gateway;
  let plain: Gateway;
  beforeAll(async () => {
    ruled = (await demoGateway({ accessRules: cases.rules.map((r) => hideAttribute(r.role, r.owner, r.attribute)) })).gateway;
    plain = (await demoGateway()).gateway;
  });

  it.each(cases.rest)('REST: $name for the role it names, not for others or without the rule', async ({ path, hidden, at: where }) => {
    const hiddenFrom = at((await rest(ruled, path)).body, where) as Record<string, unknown>;
    expect(hiddenFrom).toBeTypeOf('object');
    expect(hiddenFrom).not.toHaveProperty(hidden);
    expect(at((await rest(plain, path)).body, where)).toHaveProperty(hidden);
    expect(at((await rest(ruled, path, EDITOR)).body, where)).toHaveProperty(hidden);
  });

  it.each(cases.restRefused)('REST: $name is a 400 for the role, and allowed to others', async ({ path }) => {
    const refused = await rest(ruled, path);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError' } });
    expect((await rest(plain, path)).status).toBe(200);
    expect((await rest(ruled, path, EDITOR)).status).toBe(200);
  });

  it.each(cases.graphql)('GraphQL: $name for the role it names, not for others or without the rule', async ({ query, path, field }) => {
    const ruledAnswer = await graphql(ruled, query);
    expect(ruledAnswer.errors).toBeUndefined();
    expect(at(ruledAnswer.data, path)).toMatchObject({ [field]: null });
    expect(at((await graphql(plain, query)).data, path)).toMatchObject({ [field]: expect.anything() });
    expect(at((await graphql(ruled, query, EDITOR)).data, path)).toMatchObject({ [field]: expect.anything() });
  });

  it.each(cases.graphqlRefused)('GraphQL: $name is refused for the role, and allowed to others', async ({ query }) => {
    const refused = await graphql(ruled, query);
    expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await graphql(plain, query)).errors).toBeUndefined();
    expect((await graphql(ruled, query, EDITOR)).errors).toBeUndefined();
  });
});

describe('a rule the API could not follow', () => {
  it('is refused when the gateway is made, naming the rule and the attribute: a required attribute cannot be hidden', async () => {
    await expect(demoGateway({ accessRules: [hideAttribute('public', 'shared.seo', 'metaTitle')] })).rejects.toThrow(
      /Access rule "metaTitle of shared.seo hidden from public" hides the required attribute metaTitle of shared.seo/,
    );
  });
});
