// `npm run import -- --from-strapi-export` as a user runs it: a child process reading a real
// Strapi export into MongoDB (the wire test server) and its files into the uploads folder.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import type { Store } from '../../src/store/store.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { BLOG_MODEL } from '../support/test-gateway.ts';
import { ARCHIVE_KEY, ARCHIVES, listFiles, scratchFolder } from '../strapi-export/support.ts';
import { runImport } from './support/import-command.ts';

let server: WireServer;
let store: Store;

const importCommand = (args: string[], env: Record<string, string | undefined> = {}) => runImport(args, { MONGODB_URI: server.uri, ...env });

const counts = async () => Object.fromEntries(await Promise.all(['articles', 'files', 'up_roles', '_settings'].map(async (c) => [c, await store.count(c, {})])));

beforeAll(async () => {
  server = await startWireServer();
  store = createMongoStore({ uri: server.uri, timeoutMs: 2000 });
});
afterAll(async () => {
  await store?.close();
  await server?.stop();
});

describe('npm run import --from-strapi-export', () => {
  it('refuses a wrong key, saying so, and writes nothing', async () => {
    const uploads = join(await scratchFolder(), 'uploads');
    const result = await importCommand(['--schema', BLOG_MODEL, '--from-strapi-export', `${ARCHIVES}/conformance.tar.gz.enc`, '--key', 'guess', '--uploads', uploads]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Cannot decrypt .*conformance\.tar\.gz\.enc: the key is wrong/);
    expect(await counts()).toEqual({ articles: 0, files: 0, up_roles: 0, _settings: 0 });
    expect(await listFiles(uploads)).toEqual([]);
  });

  it('imports an encrypted archive with the key from STRAPI_EXPORT_KEY, reporting progress, what it wrote and what it left out', async () => {
    const uploads = join(await scratchFolder(), 'uploads');
    const result = await importCommand(
      ['--schema', BLOG_MODEL, '--from-strapi-export', `${ARCHIVES}/conformance.tar.gz.enc`],
      { STRAPI_EXPORT_KEY: ARCHIVE_KEY, UPLOADS_DIR: uploads },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/read 100% of the archive \(16096\/16096 bytes\)/); // not a terminal: plain lines
    expect(result.stdout).toMatch(/wrote \d+\/\d+ documents/);
    expect(result.stdout).toMatch(/articles\s+8/);
    expect(result.stdout).toMatch(/files copied to .*uploads: 14/);
    expect(result.stdout).toMatch(/up_permissions  17\n/);
    expect(result.stdout).not.toMatch(/actions the gateway does not serve/);
    expect(result.stdout).toMatch(/access settings: roles authenticated, public; 0 API token\(s\); locales en, fr \(default en\)/);
    expect(await counts()).toEqual({ articles: 8, files: 5, up_roles: 2, _settings: 1 });
    expect(await listFiles(uploads)).toHaveLength(14);
  });
});
