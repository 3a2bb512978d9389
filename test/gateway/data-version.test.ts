// Gateways on MongoDB learn that another process imported (the version the import writes with
// the access settings): they read the settings again and drop kept answers, so a repeat shows the
// new data and the new roles at a later poll. Through the real driver and the wire server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGatewayArgs, type GatewayConfig } from '../../gateway/args.ts';
import { silentLogger } from '../../gateway/observability/logger.ts';
import { startGateway, type StartedGateway } from '../../gateway/start.ts';
import { saveSettings } from '../../src/auth/settings.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { eventually } from '../support/eventually.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';

let server: WireServer;
let started: StartedGateway;

beforeAll(async () => {
  server = await startWireServer();
  const config = parseGatewayArgs([], {}) as GatewayConfig;
  expect(config.responseCache).toBe(true);
  started = await startGateway(
    { ...config, port: 0, host: '127.0.0.1', schemaDir: BLOG_MODEL, seedFile: BLOG_SEED, mongodbUri: server.uri, dataPollMs: 50 },
    { log: () => undefined, logger: silentLogger },
  );
  await started.ready;
});

afterAll(async () => {
  await started?.close();
  await server?.stop();
});

const get = (path: string) => fetch(`http://127.0.0.1:${started.port}${path}`);

/** Asks `path` every 50 ms until `done` holds for its answer (the test's timeout ends a regression). */
async function until(path: string, done: (status: number, body: any) => boolean): Promise<boolean> {
  await eventually(async () => {
    const response = await get(path);
    return done(response.status, await response.json());
  }, 50);
  return true;
}

describe('an import by another process', () => {
  it('is seen by a running gateway: new data and new roles, not kept answers', async () => {
    const path = '/api/articles/1?fields[0]=title';
    const before = await (await get(path)).json();
    expect(before.data.attributes.title).not.toBe('Changed by another import');
    expect((await get(path)).headers.get('etag')).toBeTruthy();
    expect((await get('/api/tags')).status).toBe(403);

    // Another process: its own connection, the importer's steps (data, then settings).
    const model = await loadContentModel(BLOG_MODEL);
    const seed = await loadSeedFile(BLOG_SEED);
    const articles = seed.entries.get('api::article.article')!;
    const first = articles.findIndex((article) => article.id === 1);
    articles[first] = { ...articles[first], values: { ...articles[first].values, title: 'Changed by another import' } };
    seed.roles.public = { ...seed.roles.public, grants: { ...seed.roles.public.grants, find: [...(seed.roles.public.grants.find ?? []), 'api::tag.tag'] } };
    const importer = createMongoStore({ uri: server.uri });
    try {
      await importSeed(model, seed, importer);
      await saveSettings(importer, settingsFromSeed(seed));
    } finally {
      await importer.close();
    }

    expect(await until(path, (_status, body) => body.data?.attributes.title === 'Changed by another import')).toBe(true);
    expect(await until('/api/tags', (status) => status === 200)).toBe(true);
  });
});
