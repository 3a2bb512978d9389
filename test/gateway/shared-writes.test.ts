// Two gateways on one MongoDB (the wire test server, as a replica set) behave as one: a write
// seen through either store reaches every gateway's next reads, whatever they kept. The write goes
// through MongoStore.write, as a gateway's write path does. How long it took is printed, not
// asserted (a busy machine decides it); change-streams.test.ts proves when it is applied.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGatewayArgs, type GatewayConfig } from '../../gateway/args.ts';
import { silentLogger } from '../../gateway/observability/logger.ts';
import { startGateway, type StartedGateway } from '../../gateway/start.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import type { Store } from '../../src/store/store.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';

const POLL_MS = 100;
const PATH = '/api/articles/1?fields[0]=title';

let server: WireServer;
let gateways: StartedGateway[] = [];
let writer: Store;
let collection: string;

beforeAll(async () => {
  server = await startWireServer({ replicaSet: 'rs0' });
  const config = { ...(parseGatewayArgs([], {}) as GatewayConfig), port: 0, host: '127.0.0.1', schemaDir: BLOG_MODEL, mongodbUri: server.uri, dataPollMs: POLL_MS };
  expect(config.responseCache).toBe(true);
  const options = { log: () => undefined, logger: silentLogger };
  // A imports the seed; B reads what is in the database.
  const a = await startGateway({ ...config, seedFile: BLOG_SEED }, options);
  await a.ready;
  const b = await startGateway({ ...config, seedFile: undefined }, options);
  await b.ready;
  gateways = [a, b];
  writer = createMongoStore({ uri: server.uri, timeoutMs: 2000 });
  collection = (await loadContentModel(BLOG_MODEL)).contentTypes.get('api::article.article')!.collectionName;
});

afterAll(async () => {
  await writer?.close();
  for (const gateway of gateways) await gateway.close();
  await server?.stop();
});

async function titleOn(gateway: StartedGateway): Promise<string> {
  const response = await gateway.gateway.fetch(new Request(`http://gateway${PATH}`));
  return ((await response.json()) as { data: { attributes: { title: string } } }).data.attributes.title;
}

/** Milliseconds until `gateway` answers `title`, asking every 5 ms (the test's timeout bounds it). */
async function delayUntil(gateway: StartedGateway, title: string, since: number): Promise<number> {
  while ((await titleOn(gateway)) !== title) await new Promise((resolve) => setTimeout(resolve, 5));
  return performance.now() - since;
}

const delays: number[] = [];
afterAll(() => {
  if (delays.length > 0) console.log(`two gateways, a write to the new title on both: ${Math.min(...delays).toFixed(0)}-${Math.max(...delays).toFixed(0)} ms (DATA_POLL_MS=${POLL_MS})`);
});

describe('two gateways on one MongoDB', () => {
  it.each([1, 2, 3, 4, 5])('both show write %i, though both kept the old answer', async (round) => {
    const [before] = await writer.find(collection, { id: 1 });
    for (const gateway of gateways) {
      expect(await titleOn(gateway)).toBe(before!.title);
      expect(await titleOn(gateway)).toBe(before!.title);
    }
    const title = `Written in round ${round}`;
    await writer.write([{ op: 'put', collection, doc: { ...before!, title } }]);
    const since = performance.now();
    const shown = await Promise.all(gateways.map((gateway) => delayUntil(gateway, title, since)));
    delays.push(...shown);
    for (const gateway of gateways) expect(await titleOn(gateway)).toBe(title);
  });
});
