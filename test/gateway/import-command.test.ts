// `npm run import` as a user runs it: a child process writing to MongoDB (the wire test server),
// reporting what it wrote, idempotent per id, all-or-nothing on a bad seed, and storing the entry
// estimate's measurement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import { measureStore } from '../../src/store/measure-store.ts';
import { listsOf, MEASUREMENTS } from '../../src/store/measurement-doc.ts';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import type { Store } from '../../src/store/store.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';
import { runImport } from './support/import-command.ts';

let server: WireServer;
let store: Store;

const importCommand = runImport;

const counts = async () => Object.fromEntries(await Promise.all(['articles', 'authors', 'files', '_settings'].map(async (c) => [c, await store.count(c, {})])));

beforeAll(async () => {
  server = await startWireServer();
  store = createMongoStore({ uri: server.uri, timeoutMs: 2000 });
});
afterAll(async () => {
  await store?.close();
  await server?.stop();
});

describe('npm run import', () => {
  it('writes the seed, its indexes and access settings, and reports per collection', async () => {
    const result = await importCommand(['--schema', BLOG_MODEL, '--seed', BLOG_SEED, '--batch-size', '3'], { MONGODB_URI: server.uri });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/written per collection:/);
    expect(result.stdout).toMatch(/articles\s+8/);
    expect(result.stdout).toMatch(/wrote \d+\/\d+ documents/); // not a terminal: plain progress lines
    expect(await counts()).toEqual({ articles: 8, authors: 3, files: 5, _settings: 1 });
    expect(await store.listIndexes('articles')).toEqual(expect.arrayContaining(['id_1', 'author_1', 'locale_1', 'publishedAt_1']));
  });

  it('stores the entry estimate\'s measurement of what it wrote, as measuring the database finds', async () => {
    const model = await loadContentModel(BLOG_MODEL);
    const lists = listsOf(model, (await store.find(MEASUREMENTS, { id: 1 }))[0]);
    expect(lists?.get('api::author.author.articles')).toBeGreaterThan(0);
    expect(lists).toEqual((await measureStore(model, store)).lists);
  });

  it('leaves one copy of each entry when run again', async () => {
    const result = await importCommand(['--schema', BLOG_MODEL, '--seed', BLOG_SEED], { MONGODB_URI: server.uri });
    expect(result.code).toBe(0);
    expect(await counts()).toEqual({ articles: 8, authors: 3, files: 5, _settings: 1 });
  });

  it('refuses a bad seed naming the entry, and writes nothing', async () => {
    server.reset();
    const result = await importCommand(['--schema', BLOG_MODEL, '--seed', 'test/fixtures/seeds/blog-unknown-author.json'], { MONGODB_URI: server.uri });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/api::article\.article entry 2.*author.*99/);
    expect(await counts()).toEqual({ articles: 0, authors: 0, files: 0, _settings: 0 });
  });

  it('says MONGODB_URI is required when it is not set', async () => {
    const result = await importCommand(['--schema', BLOG_MODEL, '--seed', BLOG_SEED], { MONGODB_URI: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/MONGODB_URI/);
  });
});
