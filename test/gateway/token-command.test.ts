// `npm run token` as a user runs it: arguments refused with the usage, and a token created in a
// data folder's store (refused while a gateway holds it), in a seed file (shown once, stored as its
// HMAC), read by the gateway, listed, revoked; the same in MongoDB (the wire test server).
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseGatewayArgs, type GatewayConfig } from '../../gateway/args.ts';
import { silentLogger } from '../../gateway/observability/logger.ts';
import { startGateway, type StartedGateway } from '../../gateway/start.ts';
import { accessKeyOf } from '../../src/auth/api-tokens.ts';
import { openDataFolder } from '../../src/store/sqlite/data-folder.ts';
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
    ['two places for the token', ['list', '--data', 'd', '--seed', 's.json'], env, '--data and --seed name two places for the token'],
    ['a data folder when MONGODB_URI is set', ['list', '--data', 'd'], { MONGODB_URI: 'mongodb://db/strapi' }, 'MONGODB_URI is set: tokens go to that database, not to d'],
    ['no salt', ['create', '--name', 'x', '--seed', 's.json'], { API_TOKEN_SALT: undefined }, 'API_TOKEN_SALT is not set'],
    ['no name', ['create', '--seed', 's.json'], env, '--name is required'],
    ['an unknown type', ['create', '--name', 'x', '--type', 'admin', '--seed', 's.json'], env, '--type must be one of read-only, full-access, custom'],
    ['a custom token without permissions', ['create', '--name', 'x', '--type', 'custom', '--seed', 's.json'], env, 'needs at least one --permission'],
    ['a permission spelled as no action', ['create', '--name', 'x', '--type', 'custom', '--permission', 'article.publish', '--seed', 's.json'], env, '--permission article.publish is not an action (e.g. api::article.article.find'],
    ['an unknown duration', ['create', '--name', 'x', '--duration', '3', '--seed', 's.json'], env, '--duration must be one of 7, 30, 90, unlimited'],
    ['an unknown command', ['destroy', '--seed', 's.json'], env, 'Unknown command destroy'],
    ['a flag misspelt, naming the one meant', ['list', '--dat', 'd'], env, 'Unknown argument --dat. Did you mean --data?'],
  ])('refuses %s, with the usage', (_name, argv, environment, message) => {
    expect(() => parseTokenArgs(argv, environment)).toThrow(message);
    expect(() => parseTokenArgs(argv, environment)).toThrow('usage: npm run token');
  });

  it.each<[string, string[], Record<string, string>, object]>([
    ['the data folder .data, by default', [], {}, { kind: 'data', dir: '.data' }],
    ['the data folder DATA_DIR names', [], { DATA_DIR: '/srv/gateway' }, { kind: 'data', dir: '/srv/gateway' }],
    ['the data folder --data names, over DATA_DIR', ['--data', 'here'], { DATA_DIR: '/srv/gateway' }, { kind: 'data', dir: 'here' }],
    ['the seed file --seed names', ['--seed', 's.json'], {}, { kind: 'seed', file: 's.json' }],
    ['the database MONGODB_URI names', [], { MONGODB_URI: 'mongodb://db/strapi' }, { kind: 'mongodb', uri: 'mongodb://db/strapi' }],
  ])('keeps tokens in %s', (_name, argv, environment, target) => {
    expect(parseTokenArgs(['list', ...argv], environment)).toEqual({ kind: 'list', target });
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

describe('a token in the data folder of the embedded store', () => {
  const SCHEMA = 'test/fixtures/schemas/real-project';
  const SEED = 'test/fixtures/seeds/real-project.json';
  const start = (dir: string, seed?: string) => {
    const config = parseGatewayArgs(['--schema', SCHEMA, '--data', dir, '--port', '0', '--host', '127.0.0.1', ...(seed ? ['--seed', seed] : [])], { API_TOKEN_SALT: SALT });
    return startGateway(config as GatewayConfig, { log: () => undefined, logger: silentLogger });
  };
  const status = async (started: StartedGateway, path: string, token: string) => (await started.gateway.fetch(restRequest(path, { authorization: `Bearer ${token}` }))).status;
  const folder = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'token-data-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };

  it('is written to the folder\'s store, opens the API at the next start, and is closed by revoking it; the seed\'s tokens stay', async () => {
    const dir = await folder();
    await (await start(dir, SEED)).close();
    const created = await tokenCommand(['create', '--name', 'mobile app', '--type', 'custom', '--permission', 'api::recipe.recipe.find', '--data', dir]);
    expect(created.stdout).toContain('created API token 4 "mobile app"');
    const token = created.stdout.trim().split('\n').at(-1)!;
    const open = await start(dir);
    expect([await status(open, '/api/recipes', token), await status(open, '/api/users', token), await status(open, '/api/recipes', 'read-only-token-0123456789abcdef')]).toEqual([200, 403, 200]);
    await open.close();

    expect((await tokenCommand(['list', '--data', dir])).stdout).toContain('4\tmobile app\tcustom (api::recipe.recipe.find)\tnever expires');
    expect((await tokenCommand(['revoke', '--id', '4', '--data', dir])).stdout).toContain('revoked API token 4');
    const closed = await start(dir);
    expect(await status(closed, '/api/recipes', token)).toBe(401);
    await closed.close();
  });

  it('is refused while a gateway holds the folder, saying to stop it and start it again', async () => {
    const dir = await folder();
    const running = await start(dir, SEED);
    try {
      const refused = await tokenCommand(['create', '--name', 'x', '--data', dir]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`is in use by a gateway (process ${process.pid}), and tokens are written only to a folder no gateway holds`);
      expect(refused.stderr).toContain('Stop the gateway');
    } finally {
      await running.close();
    }
  });

  it.each([
    ['a folder with no store', async (dir: string) => dir],
    ['a folder whose store holds no finished import', async (dir: string) => {
      await openDataFolder(dir).store.close();
      return dir;
    }],
  ])('is refused for %s, saying to start the gateway on it first', async (_name, prepare) => {
    const dir = await prepare(await folder());
    const refused = await tokenCommand(['create', '--name', 'x', '--data', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('holds no data yet');
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
