// `npm run bench:webhooks`: what a receiver that never answers costs the gateway. The same
// gateway process (embedded store, response cache off, the blog fixture and a full-access token)
// without webhooks (A) and with one webhook on every event to a hanging receiver (B), A and B
// alternated in the same minutes, each a fresh process and data folder: creates per second at 16
// connections, then reads of the article list with that backlog pending. Prints a table (medians,
// B / A) and writes bench/webhooks-results.json.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureLoad } from './load.ts';
import { startGatewayProcess } from './processes/gateway-process.ts';
import { describeMachine } from './report/machine.ts';
import { measureWrites } from './writes/load.ts';
import { WRITE_SCENARIOS } from './writes/scenarios.ts';

const TOKEN = 'bench-webhooks-full-access-secret';
const SALT = 'bench-webhooks-salt';
const RESULTS_FILE = 'bench/webhooks-results.json';
const log = (line: string) => console.error(line);

const { values } = parseArgs({ options: { alternations: { type: 'string' }, duration: { type: 'string' }, connections: { type: 'string' }, port: { type: 'string' } } });
const alternations = Number(values.alternations ?? 3);
const durationS = Number(values.duration ?? 10);
const connections = Number(values.connections ?? 16);
const port = Number(values.port ?? 1650);

/** A receiver that reads each request and never answers it. */
async function hangingReceiver(): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  const held = new Set<ServerResponse>();
  let received = 0;
  const server = createServer((request, response) => {
    received += 1;
    held.add(response);
    request.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: at } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${at}/hang`,
    received: () => received,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The fixture's seed with the benchmark's full-access token; the two configs. */
async function prepare(folder: string, hookUrl: string): Promise<{ seed: string; configs: Record<'A' | 'B', string | undefined> }> {
  const seed = JSON.parse(await readFile('test/fixtures/blog-seed.json', 'utf8')) as Record<string, unknown>;
  seed.apiTokens = [{ name: 'bench', type: 'full-access', token: TOKEN }];
  const seedFile = path.join(folder, 'seed.json');
  await writeFile(seedFile, JSON.stringify(seed));
  const events = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];
  const config = path.join(folder, 'webhooks.json');
  await writeFile(config, JSON.stringify({ webhooks: { allowLocalAddresses: true, hooks: [{ name: 'hangs', url: hookUrl, events, secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` }] } }));
  return { seed: seedFile, configs: { A: undefined, B: config } };
}

interface Sample {
  side: 'A' | 'B';
  writesPerSec: number;
  readsPerSec: number;
  writeP99Ms: number;
  readP99Ms: number;
  queued: number;
  errors: number;
}

/** One side: a fresh gateway, writes measured, then reads with whatever the writes left pending. */
async function measureSide(side: 'A' | 'B', seed: string, config: string | undefined, round: number): Promise<Sample> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-bench-webhooks-'));
  const gateway = await startGatewayProcess({ dataset: seed, port, responseCache: 'off', dataDir, env: { API_TOKEN_SALT: SALT }, args: config ? ['--config', config] : [], onUnexpectedExit: log });
  try {
    const settings = { connections, durationS, warmupS: 2 };
    const writes = await measureWrites(gateway.url, WRITE_SCENARIOS[0]!, TOKEN, `webhooks-${side}-${round}`, settings);
    const reads = await measureLoad(gateway.url, { method: 'GET', path: '/api/articles', headers: {} }, settings);
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    const queued = Number(/gateway_webhook_deliveries_queued_total\{webhook="hangs"\} (\d+)/.exec(metrics)?.[1] ?? 0);
    return { side, writesPerSec: writes.writesPerSec, readsPerSec: reads.requestsPerSec, writeP99Ms: writes.p99Ms, readP99Ms: reads.p99Ms, queued, errors: writes.errors + reads.errors + reads.non2xx + Object.values(writes.otherStatuses).reduce((a, b) => a + b, 0) };
  } finally {
    await gateway.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;

const folder = await mkdtemp(path.join(tmpdir(), 'gateway-bench-webhooks-setup-'));
const receiver = await hangingReceiver();
const started = performance.now();
const loadAtStart = loadavg()[0];
const samples: Sample[] = [];
try {
  const { seed, configs } = await prepare(folder, receiver.url);
  for (let round = 0; round < alternations; round++) {
    for (const side of ['A', 'B'] as const) {
      const sample = await measureSide(side, seed, configs[side], round);
      samples.push(sample);
      log(`${side} round ${round + 1}: ${sample.writesPerSec.toFixed(0)} writes/s, ${sample.readsPerSec.toFixed(0)} reads/s, ${sample.queued} deliveries queued (load average ${loadavg()[0].toFixed(1)})`);
    }
  }
} finally {
  await receiver.close();
  await rm(folder, { recursive: true, force: true });
}

const of = (side: 'A' | 'B', key: keyof Omit<Sample, 'side'>) => median(samples.filter((sample) => sample.side === side).map((sample) => sample[key]));
const rows = [
  ['creates/s (`POST /api/tags`, 16 connections)', of('A', 'writesPerSec'), of('B', 'writesPerSec')],
  ['reads/s (`GET /api/articles`, 16 connections)', of('A', 'readsPerSec'), of('B', 'readsPerSec')],
  ['create p99 ms', of('A', 'writeP99Ms'), of('B', 'writeP99Ms')],
  ['read p99 ms', of('A', 'readP99Ms'), of('B', 'readP99Ms')],
] as const;
const results = { date: new Date().toISOString(), machine: describeMachine(), alternations, durationS, connections, loadAverage: { start: loadAtStart, end: loadavg()[0] }, durationTotalS: (performance.now() - started) / 1000, hangingReceiverGot: receiver.received(), samples };
await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n| Measure (median of ${alternations}) | A: no webhooks | B: a webhook to a receiver that hangs | B / A |\n|---|---|---|---|`);
for (const [label, a, b] of rows) console.log(`| ${label} | ${a.toFixed(label.includes('p99') ? 1 : 0)} | ${b.toFixed(label.includes('p99') ? 1 : 0)} | ${(b / a).toFixed(3)} |`);
console.log(`\nB queued ${median(samples.filter((sample) => sample.side === 'B').map((sample) => sample.queued))} deliveries per run (median); the hanging receiver was sent ${receiver.received()} requests in all and answered none. Non-2xx and errors: ${samples.reduce((sum, sample) => sum + sample.errors, 0)}.`);
