// The gateway on MongoDB (the real driver, against the wire test server) when the database is
// late, goes away and comes back: /_health says 503 meanwhile, requests answer 503 in Strapi's
// envelope instead of hanging, and service resumes by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGatewayArgs, type GatewayConfig } from '../../gateway/args.ts';
import { silentLogger } from '../../gateway/observability/logger.ts';
import { startGateway, type StartedGateway } from '../../gateway/start.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { eventually } from '../support/eventually.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';

const TIMEOUT_MS = 500;
let server: WireServer;
let started: StartedGateway;
const log: string[] = [];

const get = (path: string) => fetch(`http://127.0.0.1:${started.port}${path}`);

/** Polls every 100 ms until `path` answers `status` (the test's timeout ends a regression). */
async function until(path: string, status: number): Promise<number> {
  await eventually(async () => (await get(path)).status === status, 100);
  return status;
}

beforeAll(async () => {
  server = await startWireServer();
  await server.stop(); // the database is not up when the gateway starts
  started = await startGateway(
    { ...(parseGatewayArgs([], {}) as GatewayConfig), port: 0, host: '127.0.0.1', schemaDir: BLOG_MODEL, seedFile: BLOG_SEED, mongodbUri: server.uri, dbTimeoutMs: TIMEOUT_MS },
    { log: (line) => log.push(line), logger: silentLogger, maxRetryDelayMs: 200 },
  );
});

afterAll(async () => {
  await started?.close();
  await server?.stop();
});

describe('a gateway whose database comes up later', () => {
  it('listens at once and answers 503 until the database is reachable', async () => {
    expect((await get('/_health')).status).toBe(503);
    await eventually(() => log.some((line) => line.startsWith('database not ready')), 100);
    expect(log.some((line) => line.startsWith('database not ready'))).toBe(true);
    const response = await get('/api/articles');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ data: null, error: { status: 503, name: 'ServiceUnavailableError' } });
  });

  it('prepares the database once it answers, then serves', async () => {
    await server.restart();
    await started.ready;
    expect(await until('/_health', 204)).toBe(204);
    const body = await (await get('/api/articles?fields[0]=title')).json();
    expect(body.data).toHaveLength(5);
    expect(log).toContain('database ready');
  });
});

describe('a database that goes away while serving', () => {
  it('answers 503 in Strapi envelope instead of hanging', async () => {
    await server.stop();
    const began = Date.now();
    const response = await get('/api/articles');
    const tookMs = Date.now() - began;
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ data: null, error: { status: 503, name: 'ServiceUnavailableError' } });
    // Not a timing benchmark: the store's bound (TIMEOUT_MS, the driver retrying once) against the
    // driver's default of 30 s to select a server; a third of that holds on any machine.
    expect(tookMs).toBeLessThan(10_000);
    expect(await until('/_health', 503)).toBe(503);
  });

  it('resumes by itself when the database is back', async () => {
    await server.restart();
    expect(await until('/_health', 204)).toBe(204);
    const articles = await (await get('/api/articles?fields[0]=title')).json();
    expect(articles.data).toHaveLength(5);
  });
});
