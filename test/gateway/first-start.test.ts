// A newcomer's first starts on a data folder: a folder with no data starts as Strapi starts on an
// empty database (its two roles, the public one allowed nothing, a line saying how to grant
// access); a folder holding another model's data stops naming both; a changed model is served,
// saying what changed; a start that stopped before any data was in place is said to have; the same
// seed or archive given again is said not to be imported again; a folder that cannot be written
// stops with one line. (Unwritable: as a user other than root, since chmod does not stop root.)
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_ACTIONS } from '../../src/access/actions.ts';
import { parseGatewayArgs, type GatewayConfig } from '../../gateway/args.ts';
import { dataFolderError } from '../../gateway/data-folder-errors.ts';
import { silentLogger } from '../../gateway/observability/logger.ts';
import { startGateway, type StartedGateway } from '../../gateway/start.ts';
import { ConfigurationError } from '../../src/errors/errors.ts';
import { openDataFolder } from '../../src/store/sqlite/data-folder.ts';
import { ARCHIVES } from '../strapi-export/support.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';

const RESTAURANTS = 'test/fixtures/schemas/localized-restaurant';

const scratch: string[] = [];
const running: StartedGateway[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((gateway) => gateway.close()));
  scratch.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'first-start-'));
  scratch.push(dir);
  return path.join(dir, 'data');
}

/** Starts a gateway in process on `argv`; resolves with it and the lines it printed. */
async function start(argv: string[]): Promise<{ gateway: StartedGateway; lines: string[] }> {
  const lines: string[] = [];
  const config = parseGatewayArgs(['--port', '0', '--host', '127.0.0.1', '--uploads', path.join(tmpdir(), 'no-uploads'), ...argv], {}) as GatewayConfig;
  const gateway = await startGateway(config, { log: (line) => lines.push(line), logger: silentLogger });
  running.push(gateway);
  return { gateway, lines };
}

async function stop(gateway: StartedGateway): Promise<void> {
  running.splice(running.indexOf(gateway), 1);
  await gateway.close();
}

const status = async (gateway: StartedGateway, url: string) => (await gateway.gateway.fetch(new Request(`http://gateway.test${url}`))).status;

describe('a data folder started with no data', () => {
  it("starts as Strapi on an empty database: its two roles with users-permissions' defaults only (the public one reads nothing), and a line saying how to grant access", async () => {
    const data = folder();
    const first = await start(['--schema', BLOG_MODEL, '--data', data]);
    expect(await status(first.gateway, '/api/articles')).toBe(403);
    expect(first.lines.find((line) => line.trimStart().startsWith('access'))).toMatch(/public role may do nothing.*--seed FILE.*npm run token -- create/);
    await stop(first.gateway);

    const held = openDataFolder(data);
    const roles = await held.store.find('up_roles', {}, { sort: [['id', 1]] });
    const permissions = (await held.store.find('up_permissions', {}, { sort: [['id', 1]] })).map((permission) => permission.action);
    await held.store.close();
    expect(roles.map((role) => [role.id, role.type, role.name])).toEqual([[1, 'authenticated', 'Authenticated'], [2, 'public', 'Public']]);
    expect(permissions).toEqual([...DEFAULT_ROLE_ACTIONS.authenticated, ...DEFAULT_ROLE_ACTIONS.public]);

    const again = await start(['--schema', BLOG_MODEL, '--data', data]);
    expect(again.lines.join('\n')).not.toMatch(/did not finish|afresh/);
    expect(await status(again.gateway, '/api/articles')).toBe(403);
  });

  it('imports a seed given later into it while it holds no entries', async () => {
    const data = folder();
    await stop((await start(['--schema', BLOG_MODEL, '--data', data])).gateway);
    const seeded = await start(['--schema', BLOG_MODEL, '--data', data, '--seed', BLOG_SEED]);
    expect(await status(seeded.gateway, '/api/articles')).toBe(200);
    expect(seeded.lines.some((line) => line.trimStart().startsWith('access'))).toBe(false);
  });
});

describe('a data folder and the model it holds', () => {
  it('stops when the folder holds another model, naming both and the flag that replaces the data', async () => {
    const data = folder();
    await stop((await start(['--schema', BLOG_MODEL, '--data', data, '--seed', BLOG_SEED])).gateway);
    const refused = start(['--schema', RESTAURANTS, '--data', data]);
    await expect(refused).rejects.toThrow(ConfigurationError);
    await expect(refused).rejects.toThrow(/holds the model of .*blog \(articles, authors, categories, globals, tags\); --schema .*localized-restaurant is another model \(restaurants\).*--replace-data/);
    await expect(refused).rejects.toThrow(`Start with --schema ${path.resolve(BLOG_MODEL)} to serve its data`);
  });

  it('starts the other model empty with --replace-data alone', async () => {
    const data = folder();
    await stop((await start(['--schema', BLOG_MODEL, '--data', data, '--seed', BLOG_SEED])).gateway);
    const replaced = await start(['--schema', RESTAURANTS, '--data', data, '--replace-data']);
    expect(await status(replaced.gateway, '/api/restaurants')).toBe(403);
  });

  it('serves a changed model as Strapi does, saying which content-types were added and removed', async () => {
    const data = folder();
    await stop((await start(['--schema', BLOG_MODEL, '--data', data, '--seed', BLOG_SEED])).gateway);
    const changed = path.join(path.dirname(data), 'changed-model');
    cpSync(BLOG_MODEL, changed, { recursive: true });
    cpSync(path.join(RESTAURANTS, 'api'), path.join(changed, 'api'), { recursive: true });
    cpSync(path.join(RESTAURANTS, 'components'), path.join(changed, 'components'), { recursive: true });
    rmSync(path.join(changed, 'api', 'global'), { recursive: true });
    const served = await start(['--schema', changed, '--data', data]);
    expect(served.lines).toContainEqual(expect.stringMatching(/model changed .*added: restaurants; removed: globals \(their entries are kept, not served\)/));
    expect(await status(served.gateway, '/api/articles')).toBe(200);
    await stop(served.gateway);
    const again = await start(['--schema', changed, '--data', data]);
    expect(again.lines.join('\n')).not.toMatch(/model changed/);
  });

  it('stops on another model in a folder of an earlier release, which noted none, naming what it holds', async () => {
    const data = folder();
    await stop((await start(['--schema', BLOG_MODEL, '--data', data, '--seed', BLOG_SEED])).gateway);
    const held = openDataFolder(data);
    const [note] = await held.store.find('_imports', { id: 1 });
    const { model: _model, ...earlier } = note!;
    await held.store.write([{ op: 'put', collection: '_imports', doc: earlier as { id: number } }]);
    await held.store.close();
    await expect(start(['--schema', RESTAURANTS, '--data', data])).rejects.toThrow(/holds another model's data \(.*articles.*written before folders noted their model\)/);
    const same = await start(['--schema', BLOG_MODEL, '--data', data]);
    expect(await status(same.gateway, '/api/articles')).toBe(200);
  });
});

describe('what a start says of the data it found', () => {
  it('says an earlier start stopped before any data was in place, not that an import did not finish', async () => {
    const data = folder();
    const bad = path.join(path.dirname(data), 'bad-seed.json');
    writeFileSync(bad, '{ "entries": ');
    await expect(start(['--schema', BLOG_MODEL, '--data', data, '--seed', bad])).rejects.toThrow(/bad-seed\.json/);
    const next = await start(['--schema', BLOG_MODEL, '--data', data]);
    expect(next.lines).toContainEqual(expect.stringMatching(/holds nothing yet \(an earlier start stopped before any data was in place\): starting it afresh/));
    expect(next.lines.join('\n')).not.toMatch(/did not finish/);
  });

  it.each([
    ['a seed', ['--seed', BLOG_SEED]],
    ['a Strapi export', ['--strapi-export', `${ARCHIVES}/conformance.tar.gz`]],
  ])('says %s given again was not imported again, and how to replace the data', async (_name, given) => {
    const data = folder();
    const uploads = path.join(path.dirname(data), 'uploads');
    const first = await start(['--schema', BLOG_MODEL, '--data', data, '--uploads', uploads, ...given]);
    expect(first.lines.join('\n')).not.toMatch(/not imported again/);
    await stop(first.gateway);
    const again = await start(['--schema', BLOG_MODEL, '--data', data, '--uploads', uploads, ...given]);
    expect(again.lines).toContainEqual(expect.stringMatching(new RegExp(`not imported again: the data in .* came from ${given[1]}, unchanged.*--replace-data imports it anew`)));
  });
});

describe('a data folder that cannot be written', () => {
  it.each([
    ['permission denied', Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES', path: '/srv/data/gateway.lock' }), /Cannot use the data folder .*data: this user may not write there \(\/srv\/data\/gateway\.lock\), EACCES\. To serve, give a folder this user may write \(--data DIR or DATA_DIR\)/],
    ['a read-only file system', Object.assign(new Error('EROFS'), { code: 'EROFS' }), /read-only file system/],
    ['a full disk', Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }), /the disk is full\. To serve, free some space/],
    ['a database file read-only', Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' }), /its database file may be read but not written/],
  ])('names the folder, what is wrong and what to do on %s (a mocked error)', (_name, error, message) => {
    const said = dataFolderError(error, 'data');
    expect(said).toBeInstanceOf(ConfigurationError);
    expect((said as Error).message).toMatch(message);
    expect((said as Error).message).not.toContain('\n');
  });

  it('leaves an error that is not the folder\'s as it is', () => {
    const other = new TypeError('x is not a function');
    expect(dataFolderError(other, 'data')).toBe(other);
  });

  it('says in one line that a file is in the way of the folder', async () => {
    const dir = path.dirname(folder());
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a-file'), '');
    await expect(start(['--schema', BLOG_MODEL, '--data', path.join(dir, 'a-file', 'data')])).rejects.toThrow(/^Cannot use the data folder .*a-file\/data: a file is in the way of the folder/);
  });

  it('says in one line that the folder may not be written, from `npm start` run by a user who may not write it', () => {
    const parent = path.dirname(folder());
    const data = path.join(parent, 'data');
    mkdirSync(data, { recursive: true });
    const root = process.getuid?.() === 0;
    // chmod does not stop root: run the gateway as nobody (65534) on a folder only root may write.
    if (root) chmodSync(parent, 0o755);
    else chmodSync(data, 0o555);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'gateway/main.ts', '--schema', BLOG_MODEL, '--data', data, '--port', '0'], {
      encoding: 'utf8', timeout: 120_000, env: { ...process.env, DATA_DIR: '' }, ...(root ? { uid: 65534, gid: 65534 } : {}),
    });
    if (!root) chmodSync(data, statSync(data).mode | 0o200);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^Cannot use the data folder ${data}: this user may not write there .*EACCES\\. To serve, give a folder this user may write`))]);
  });
});
