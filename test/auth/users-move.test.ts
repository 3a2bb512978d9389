// Users move between Strapi and the gateway, both ways: a user Strapi v4.25 registered and
// exported (`strapi export`, test/fixtures/strapi-export/with-user.tar.gz) signs in here with its password
// once imported; a hash the gateway makes has the form Strapi accepted from outside (recorded:
// test/fixtures/auth/strapi-accepts-bcrypt.json), so a user registered here signs in there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/app.ts';
import { hashPassword, verifyPassword } from '../../src/auth/passwords.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { USER_UID } from '../../src/model/types.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { importStrapiExport } from '../../src/strapi-export/import-archive.ts';
import { scratchFolder } from '../strapi-export/support.ts';
import { BLOG_MODEL, TEST_LIMITS } from '../support/test-gateway.ts';

const JWT_SECRET = 'users-move-jwt-secret';
const accepted = JSON.parse(readFileSync('test/fixtures/auth/strapi-accepts-bcrypt.json', 'utf8')) as Array<{ name: string; hashes?: Record<string, string>; response?: { status: number } }>;

const signIn = (gateway: Gateway, identifier: string, password: string) =>
  gateway.fetch(new Request('http://gateway.test/api/auth/local', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier, password }) }));

describe('a user Strapi registered, exported and imported here', () => {
  let gateway: Gateway;
  let store: EmbeddedStore;
  beforeAll(async () => {
    const model = await loadContentModel(BLOG_MODEL);
    store = new EmbeddedStore();
    const imported = await importStrapiExport(model, 'test/fixtures/strapi-export/with-user.tar.gz', store, { uploadsDir: join(await scratchFolder(), 'uploads') });
    const settings = settingsFromSeed(imported.seed);
    gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings, secrets: { jwtSecret: JWT_SECRET }, limits: TEST_LIMITS });
  });

  it('keeps the hash Strapi made, as Strapi made it', async () => {
    const [user] = await store.find('up_users', { email: 'migrated@example.com' });
    expect(user).toMatchObject({ id: 23, username: 'migrated', password: '$2a$10$RWlcJ46tB9zEgQKpl4Uky.sd0YZMIwomCI5Nex1vSa0UVdE9OaRmG', role: 1 });
  });

  it('signs in with its password', async () => {
    const response = await signIn(gateway, 'migrated@example.com', 'Migrate-Me-1');
    expect(response.status).toBe(200);
    const { jwt, user } = (await response.json()) as { jwt: string; user: Record<string, unknown> };
    expect(jwt).toMatch(/^eyJ/);
    expect(user).toMatchObject({ id: 23, username: 'migrated', email: 'migrated@example.com', provider: 'local', confirmed: true, blocked: false });
    const me = await gateway.fetch(new Request('http://gateway.test/api/users/me', { headers: { authorization: `Bearer ${jwt}` } }));
    expect(await me.json()).toMatchObject({ id: 23, username: 'migrated' });
  });

  it('is refused with another password', async () => {
    expect((await signIn(gateway, 'migrated', 'Migrate-Me-2')).status).toBe(400);
  });

  it('keeps its role, so the imported grants apply', async () => {
    expect((await store.find('up_users', { id: 23 }))[0]).toHaveProperty('role', 1);
    expect(USER_UID).toBe('plugin::users-permissions.user');
  });
});

describe('a hash the gateway makes', () => {
  const outside = accepted[0].hashes!;
  const signedInThere = accepted.filter((step) => /^sign in wayback2/.test(step.name) && step.response?.status === 200).map((step) => step.name);

  it('is of the form Strapi accepted from outside: bcrypt $2a$, cost 10, 60 characters', async () => {
    expect(signedInThere).toEqual(expect.arrayContaining([expect.stringContaining('wayback2a')]));
    const ours = await hashPassword('Way-Back-2');
    const form = /^\$2a\$10\$[./A-Za-z0-9]{53}$/;
    expect(outside['2a']).toMatch(form);
    expect(ours).toMatch(form);
  });

  it.each(['2a', '2b', '2y'])('verifies the $%s$ hash Strapi accepted, as Strapi verified it', async (prefix) => {
    expect(await verifyPassword('Way-Back-2', outside[prefix])).toBe(true);
    expect(await verifyPassword('Way-Back-3', outside[prefix])).toBe(false);
  });
});
