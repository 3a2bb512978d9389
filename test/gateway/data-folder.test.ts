// The gateway on a data folder: a fresh folder is imported once and served again after a restart
// (writes kept, nothing re-imported), even when the seed file has a new time but the same
// contents (a note of an earlier release gets the SHA-256 once the time matches); another seed,
// or the same one changed, stops start-up unless --replace-data; a second
// gateway on the folder is refused; a backup taken while serving restores the data it held; a folder
// without the entry estimate's measurement (an earlier release's) is measured once and keeps it.
import { appendFileSync, copyFileSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseGatewayArgs, type GatewayConfig } from '../../gateway/args.ts';
import { runDataFolderCommand } from '../../gateway/data-folder-main.ts';
import { startGateway, type StartedGateway } from '../../gateway/start.ts';
import { silentLogger } from '../../gateway/observability/logger.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { listsOf, MEASUREMENTS } from '../../src/store/measurement-doc.ts';
import { openDataFolder } from '../../src/store/sqlite/data-folder.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';

const folders: string[] = [];
const running: StartedGateway[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((gateway) => gateway.close()));
  folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-folder-'));
  folders.push(dir);
  return dir;
}

/** A copy of the blog seed beside the data folder, removed with it. */
function seedBeside(data: string): string {
  const seed = path.join(data, '..', `${path.basename(data)}-seed.json`);
  copyFileSync(BLOG_SEED, seed);
  folders.push(seed);
  return seed;
}

async function start(argv: string[]): Promise<StartedGateway> {
  const config = parseGatewayArgs(['--schema', BLOG_MODEL, '--port', '0', '--host', '127.0.0.1', ...argv], {}) as GatewayConfig;
  const started = await startGateway(config, { log: () => undefined, logger: silentLogger });
  running.push(started);
  return started;
}

async function stop(gateway: StartedGateway): Promise<void> {
  running.splice(running.indexOf(gateway), 1);
  await gateway.close();
}

let blog: ContentModel | undefined;
beforeAll(async () => {
  blog = await loadContentModel(BLOG_MODEL);
});
const model = () => blog!;

async function articleCount(gateway: StartedGateway): Promise<number> {
  const response = await gateway.gateway.fetch(new Request('http://gateway.test/api/articles?publicationState=live'));
  return ((await response.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
}


describe('the gateway on a data folder', () => {
  it('imports a seed once, and the same command line restarted serves the data it holds', async () => {
    const data = folder();
    const seed = seedBeside(data);
    const first = await start(['--data', data, '--seed', seed]);
    const imported = await articleCount(first);
    expect(imported).toBeGreaterThan(0);
    await stop(first);
    // A fresh checkout or a copy gives the same file a new modification time.
    utimesSync(seed, new Date(), new Date(Date.now() + 60_000));
    const again = await start(['--data', data, '--seed', seed]);
    expect(await articleCount(again)).toBe(imported);
  });

  it('adds the contents\' SHA-256 to an earlier release\'s note once the file matches it by time, and serves the data after a new time', async () => {
    const data = folder();
    const seed = seedBeside(data);
    const first = await start(['--data', data, '--seed', seed]);
    const imported = await articleCount(first);
    await stop(first);
    // The note as a release before the SHA-256 was kept wrote it.
    const held = openDataFolder(data);
    const [note] = await held.store.find('_imports', { id: 1 });
    const { sha256, ...source } = note.source as Record<string, unknown>;
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    await held.store.write([{ op: 'put', collection: '_imports', doc: { ...note, source } }]);
    await held.store.close();
    await stop(await start(['--data', data, '--seed', seed]));
    utimesSync(seed, new Date(), new Date(Date.now() + 60_000));
    const again = await start(['--data', data, '--seed', seed]);
    expect(await articleCount(again)).toBe(imported);
  });

  it('stops when the file it imported from has other contents now', async () => {
    const data = folder();
    const seed = seedBeside(data);
    await stop(await start(['--data', data, '--seed', seed]));
    appendFileSync(seed, '\n');
    await expect(start(['--data', data, '--seed', seed])).rejects.toThrow(/already holds data .*--replace-data/s);
  });

  it('measures a folder an earlier release wrote (no measurement kept) once, at its first start, and keeps the measurement', async () => {
    const data = folder();
    await stop(await start(['--data', data, '--seed', BLOG_SEED]));
    const held = openDataFolder(data);
    const imported = listsOf(model(), (await held.store.find(MEASUREMENTS, { id: 1 }))[0]);
    await held.store.write([{ op: 'delete', collection: MEASUREMENTS, id: 1 }]);
    await held.store.close();
    await stop(await start(['--data', data]));
    const reopened = openDataFolder(data);
    const measured = listsOf(model(), (await reopened.store.find(MEASUREMENTS, { id: 1 }))[0]);
    await reopened.store.close();
    expect(imported?.get('api::author.author.articles')).toBeGreaterThan(0);
    expect(measured).toEqual(imported);
  });

  it('stops when another seed is given for a folder that holds data, and replaces the data with --replace-data', async () => {
    const data = folder();
    await stop(await start(['--data', data, '--seed', BLOG_SEED]));
    const other = path.join(data, '..', `${path.basename(data)}-other.json`);
    copyFileSync(BLOG_SEED, other);
    folders.push(other);
    await expect(start(['--data', data, '--seed', other])).rejects.toThrow(/already holds data .*--replace-data/s);
    const replaced = await start(['--data', data, '--seed', other, '--replace-data']);
    expect(await articleCount(replaced)).toBeGreaterThan(0);
  });

  it('refuses a second gateway on the same folder, naming the process that holds it', async () => {
    const data = folder();
    await start(['--data', data, '--seed', BLOG_SEED]);
    await expect(start(['--data', data])).rejects.toThrow(new RegExp(`in use by another gateway \\(process ${process.pid}`));
  });

  it('backs up while serving, and restores the backup into a folder no gateway holds', async () => {
    const data = folder();
    const gateway = await start(['--data', data, '--seed', BLOG_SEED]);
    const backup = path.join(folder(), 'backup.db');
    await runDataFolderCommand('backup', ['--data', data, '--to', backup], {});
    await expect(runDataFolderCommand('restore', ['--data', data, '--from', backup], {})).rejects.toThrow(/in use by another gateway/);
    const count = await articleCount(gateway);
    await stop(gateway);
    const restoredDir = folder();
    await runDataFolderCommand('restore', ['--data', restoredDir, '--from', backup], {});
    const restored = await start(['--data', restoredDir]);
    expect(await articleCount(restored)).toBe(count);
  });
});
