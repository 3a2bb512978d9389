// `npm run token` as a user runs it: arguments refused with the usage, and a token created in a
// seed file (shown once, stored as its HMAC), read by the gateway, listed, revoked; the same in
// MongoDB (the wire test server).
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { accessKeyOf } from '../../src/auth/api-tokens.ts';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { parseTokenArgs } from '../../gateway/token-args.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { modelGateway, restRequest } from '../support/test-gateway.ts';

const run = promisify(execFile);
const SALT = 'token-command-salt';

async function tokenCommand(args: string[], env: Record<string, string | undefined> = {}) {
  try {
    const { stdout, stderr } = await run('node_modules/.bin/tsx', ['gateway/token-main.ts', ...args], { env: { ...process.env, MONGODB_URI: '', API_TOKEN_SALT: SALT, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run token arguments', () => {
  const env = { API_TOKEN_SALT: SALT };
  it.each([
    ['no target', ['create', '--name', 'x'], {}, 'Set MONGODB_URI, or name the seed file'],
    ['no salt', ['create', '--name', 'x', '--seed', 's.json'], { API_TOKEN_SALT: undefined }, 'API_TOKEN_SALT is not set'],
    ['no name', ['create', '--seed', 's.json'], env, '--name is required'],
    ['an unknown type', ['create', '--name', 'x', '--type', 'admin', '--seed', 's.json'], env, '--type must be one of read-only, full-access, custom'],
    ['a custom token without permissions', ['create', '--name', 'x', '--type', 'custom', '--seed', 's.json'], env, 'needs at least one --permission'],
    ['a permission naming no action', ['create', '--name', 'x', '--type', 'custom', '--permission', 'api::a.a.publish', '--seed', 's.json'], env, 'is not a find, findOne, create, update or delete action'],
    ['an unknown duration', ['create', '--name', 'x', '--duration', '3', '--seed', 's.json'], env, '--duration must be one of 7, 30, 90, unlimited'],
    ['an unknown command', ['destroy', '--seed', 's.json'], env, 'Unknown command destroy'],
  ])('refuses %s, with the usage', (_name, argv, environment, message) => {
    expect(() => parseTokenArgs(argv, environment)).toThrow(message);
    expect(() => parseTokenArgs(argv, environment)).toThrow('usage: npm run token');
  });

  it('reads a custom token with an expiry', () => {
    expect(parseTokenArgs(['create', '--name', 'app', '--type', 'custom', '--permission', 'api::recipe.recipe.find', '--duration', '30', '--seed', 's.json'], env)).toMatchObject({
      kind: 'create', name: 'app', type: 'custom', permissions: ['api::recipe.recipe.find'], durationDays: 30, target: { kind: 'seed', file: 's.json' },
    });
  });
});

describe('a token in the seed file of the embedded store', () => {
  it('is shown once, kept as its HMAC, opens the API, and is closed by revoking it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'token-command-'));
    onTestFinished(() => rm(folder, { recursive: true, force: true }));
    const seed = join(folder, 'seed.json');
    await copyFile('test/fixtures/seeds/real-project.json', seed);
    const created = await tokenCommand(['create', '--name', 'mobile app', '--type', 'custom', '--permission', 'api::recipe.recipe.find', '--seed', seed]);
    expect(created.code).toBe(0);
    const token = created.stdout.trim().split('\n').at(-1)!;
    expect(token).toMatch(/^[0-9a-f]{256}$/);
    const stored = await readFile(seed, 'utf8');
    expect(stored).not.toContain(token);
    expect(stored).toContain(accessKeyOf(token, SALT));

    const open = await modelGateway('test/fixtures/schemas/real-project', seed, { secrets: { apiTokenSalt: SALT } });
    expect((await open.gateway.fetch(restRequest('/api/recipes', { authorization: `Bearer ${token}` }))).status).toBe(200);
    expect((await open.gateway.fetch(restRequest('/api/users', { authorization: `Bearer ${token}` }))).status).toBe(403);

    expect((await tokenCommand(['list', '--seed', seed])).stdout).toContain('mobile app\tcustom (api::recipe.recipe.find)\tnever expires');
    const id = /^(\d+)\tmobile app/m.exec((await tokenCommand(['list', '--seed', seed])).stdout)![1];
    expect((await tokenCommand(['revoke', '--id', id, '--seed', seed])).stdout).toContain(`revoked API token ${id}`);
    const closed = await modelGateway('test/fixtures/schemas/real-project', seed, { secrets: { apiTokenSalt: SALT } });
    expect((await closed.gateway.fetch(restRequest('/api/recipes', { authorization: `Bearer ${token}` }))).status).toBe(401);
  });
});

describe('a token in MongoDB', () => {
  let server: WireServer;
  beforeAll(async () => {
    server = await startWireServer();
  });
  afterAll(() => server?.stop());

  it('is written to strapi_api_tokens with its expiry, and revoked from there', async () => {
    const created = await tokenCommand(['create', '--name', 'ci', '--duration', '7'], { MONGODB_URI: server.uri });
    expect(created.stdout).toMatch(/created API token 1 "ci" \(read-only, expires /);
    const store = createMongoStore({ uri: server.uri, timeoutMs: 2000 });
    const [record] = await store.find('strapi_api_tokens', {});
    expect(record).toMatchObject({ id: 1, name: 'ci', type: 'read-only', accessKey: accessKeyOf(created.stdout.trim().split('\n').at(-1)!, SALT) });
    expect((record.expiresAt as Date).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await tokenCommand(['revoke', '--id', '1'], { MONGODB_URI: server.uri });
    expect(await store.find('strapi_api_tokens', {})).toEqual([]);
    await store.close();
  });
});
