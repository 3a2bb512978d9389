// `npm run bench:webhooks`: what a receiver that never answers costs the gateway. Two gateway
// processes side by side (embedded store, response cache off, the blog fixture and a full-access
// token, fresh data folders): A without webhooks, B with one webhook on every event to a
// receiver that hangs. They take turns, in short bursts, round after round (the order swapped
// each round), so both meet the same moments of a shared machine: creates at 16 connections, then
// reads of the article list with B's backlog pending. Prints one table (medians of the bursts, and
// the median of each round's B / A) and writes bench/webhooks-results.json.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startGatewayProcess, type GatewayProcess } from './processes/gateway-process.ts';
import { describeMachine } from './report/machine.ts';
import { measureWrites, warmUpWrites } from './writes/load.ts';
import { WRITE_SCENARIOS } from './writes/scenarios.ts';

const TOKEN = 'bench-webhooks-full-access-secret';
const SALT = 'bench-webhooks-salt';
const RESULTS_FILE = 'bench/webhooks-results.json';
const EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];
const log = (line: string) => console.error(line);

const { values } = parseArgs({ options: { rounds: { type: 'string' }, burst: { type: 'string' }, connections: { type: 'string' }, port: { type: 'string' } } });
const rounds = Number(values.rounds ?? 8);
const burstS = Number(values.burst ?? 5);
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
  const close = async () => {
    for (const response of held) response.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { url: `http://127.0.0.1:${at}/hang`, received: () => received, close };
}

/** Reads of `GET /api/articles` from `connections` connections for `seconds`: 2xx answers per second, and failures. */
function readFor(url: string, seconds: number): Promise<{ perSec: number; errors: number }> {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}/api/articles`, connections, duration: seconds, timeout: 120 }, (error, result) =>
      error ? reject(error) : resolve({ perSec: result['2xx'] / result.duration, errors: result.errors + result.non2xx }),
    );
  });
}

/** The two gateways: the seed with the benchmark's token; B's config with the webhook. */
async function startBoth(folder: string, hookUrl: string): Promise<Record<'A' | 'B', GatewayProcess>> {
  const seed = JSON.parse(await readFile('test/fixtures/blog-seed.json', 'utf8')) as Record<string, unknown>;
  seed.apiTokens = [{ name: 'bench', type: 'full-access', token: TOKEN }];
  await writeFile(path.join(folder, 'seed.json'), JSON.stringify(seed));
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  await writeFile(path.join(folder, 'webhooks.json'), JSON.stringify({ webhooks: { allowLocalAddresses: true, hooks: [{ name: 'hangs', url: hookUrl, events: EVENTS, secret }] } }));
  const start = (side: 'A' | 'B', offset: number, args: string[]) =>
    startGatewayProcess({ dataset: path.join(folder, 'seed.json'), port: port + offset, responseCache: 'off', dataDir: path.join(folder, side), env: { API_TOKEN_SALT: SALT }, args, onUnexpectedExit: log });
  return { A: await start('A', 0, []), B: await start('B', 1, ['--config', path.join(folder, 'webhooks.json')]) };
}

interface Burst {
  round: number;
  side: 'A' | 'B';
  writesPerSec: number;
  readsPerSec: number;
  errors: number;
}

/** One turn of one gateway: a burst of creates, then a burst of reads. */
async function burst(gateway: GatewayProcess, side: 'A' | 'B', round: number): Promise<Burst> {
  const writes = await measureWrites(gateway.url, WRITE_SCENARIOS[0]!, TOKEN, `${side}${round}`, { connections, durationS: burstS, warmupS: 0 });
  const reads = await readFor(gateway.url, burstS);
  return { round, side, writesPerSec: writes.writesPerSec, readsPerSec: reads.perSec, errors: writes.errors + reads.errors + Object.values(writes.otherStatuses).reduce((a, b) => a + b, 0) };
}

const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;

const folder = await mkdtemp(path.join(tmpdir(), 'gateway-bench-webhooks-'));
const receiver = await hangingReceiver();
const started = performance.now();
const loadAtStart = loadavg()[0];
const bursts: Burst[] = [];
let queued = 0;
const gateways = await startBoth(folder, receiver.url);
try {
  for (const side of ['A', 'B'] as const) await warmUpWrites(gateways[side].url, WRITE_SCENARIOS[0]!, TOKEN, `warm${side}`, { connections, durationS: 0, warmupS: 3 });
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) bursts.push(await burst(gateways[side], side, round));
    const [a, b] = (['A', 'B'] as const).map((side) => bursts.find((one) => one.round === round && one.side === side)!);
    log(`round ${round + 1}: creates/s A ${a!.writesPerSec.toFixed(0)} B ${b!.writesPerSec.toFixed(0)}, reads/s A ${a!.readsPerSec.toFixed(0)} B ${b!.readsPerSec.toFixed(0)} (load average ${loadavg()[0].toFixed(1)})`);
  }
  const metrics = await (await fetch(`${gateways.B.url}/metrics`)).text();
  queued = Number(/gateway_webhook_deliveries_queued_total\{webhook="hangs"\} (\d+)/.exec(metrics)?.[1] ?? 0);
} finally {
  await Promise.all([gateways.A.stop(), gateways.B.stop()]);
  await receiver.close();
  await rm(folder, { recursive: true, force: true });
}

const of = (side: 'A' | 'B', key: 'writesPerSec' | 'readsPerSec') => median(bursts.filter((one) => one.side === side).map((one) => one[key]));
const paired = (key: 'writesPerSec' | 'readsPerSec') => median(Array.from({ length: rounds }, (_, round) => bursts.find((one) => one.round === round && one.side === 'B')![key] / bursts.find((one) => one.round === round && one.side === 'A')![key]));
const results = { date: new Date().toISOString(), machine: describeMachine(), rounds, burstS, connections, loadAverage: { start: loadAtStart, end: loadavg()[0] }, durationS: (performance.now() - started) / 1000, queued, hangingReceiverGot: receiver.received(), bursts };
await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n| ${rounds} rounds of ${burstS} s bursts, ${connections} connections | A: no webhooks | B: a webhook to a receiver that hangs | B / A (median of rounds) |\n|---|---|---|---|`);
console.log(`| creates/s, \`POST /api/tags\` | ${of('A', 'writesPerSec').toFixed(0)} | ${of('B', 'writesPerSec').toFixed(0)} | ${paired('writesPerSec').toFixed(3)} |`);
console.log(`| reads/s, \`GET /api/articles\` | ${of('A', 'readsPerSec').toFixed(0)} | ${of('B', 'readsPerSec').toFixed(0)} | ${paired('readsPerSec').toFixed(3)} |`);
console.log(`\nB recorded ${queued} deliveries; the hanging receiver was sent ${receiver.received()} requests and answered none. Non-2xx and errors: ${bursts.reduce((sum, one) => sum + one.errors, 0)}. Load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end; ${((performance.now() - started) / 1000).toFixed(0)} s.`);
