// `npm run bench:webhooks`: what a receiver that never answers costs the gateway. Two gateway
// processes side by side (embedded store, response cache off, the blog fixture and a full-access
// token, fresh data folders): A without webhooks, B with one webhook on every event to a
// receiver that hangs. They take turns, in short bursts, round after round (the order swapped
// each round), so both meet the same moments of a shared machine: writes at 16 connections, then
// reads of the article list with B's backlog pending. Prints one table (medians of the bursts, and
// the median of each round's B / A) and writes bench/webhooks-results.json. The writes are tags
// created with a name alone, the cheapest write there is; `--write article|update|publish|delete`
// times one of issue 34's write scenarios instead (articles with three relations, a component and
// a two-item zone; the others on articles each gateway creates before the timed bursts).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startGatewayProcess, type GatewayProcess } from './processes/gateway-process.ts';
import { describeMachine } from './report/machine.ts';
import { RequestCursor } from './request-cursor.ts';
import type { BenchRequest } from './scenarios.ts';
import { measureWrites, warmUpWrites } from './writes/load.ts';
import { createBody, updateBody } from './writes/scenarios.ts';
import { datasetFacts } from './varied/dataset-facts.ts';
import { seededRandom } from './varied/random.ts';

const TOKEN = 'bench-webhooks-full-access-secret';
const SALT = 'bench-webhooks-salt';
const RESULTS_FILE = 'bench/webhooks-results.json';
const EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'];
const log = (line: string) => console.error(line);

const { values } = parseArgs({ options: { rounds: { type: 'string' }, burst: { type: 'string' }, connections: { type: 'string' }, port: { type: 'string' }, receiver: { type: 'string' }, write: { type: 'string' } } });
/** B's receiver: `hangs` (the measure), `answers` (200 at once) or `disabled` (the webhook switched off), to tell costs apart. */
const receiverKind = values.receiver ?? 'hangs';
const rounds = Number(values.rounds ?? 30);
const burstS = Number(values.burst ?? 2);
const connections = Number(values.connections ?? 16);
const port = Number(values.port ?? 1650);
/**
 * The writes timed: creates of a `tag` (a name alone) or an `article` (issue 34's create); or
 * issue 34's `update`, `publish` (a publish or an unpublish, in turns) and `delete` of articles
 * each gateway created before the timed bursts.
 */
const WRITE_KINDS = ['tag', 'article', 'update', 'publish', 'delete'] as const;
type WriteKind = (typeof WRITE_KINDS)[number];
const writeKind = (values.write ?? 'tag') as WriteKind;
if (!WRITE_KINDS.includes(writeKind)) throw new Error(`--write takes ${WRITE_KINDS.join(', ')}, not ${writeKind}`);
const WRITE_LABELS: Record<WriteKind, string> = {
  tag: 'tags created with a name alone',
  article: 'articles created with three relations, a component and a two-item zone',
  update: 'partial updates (1-3 fields) of 2,000 articles each gateway created first',
  publish: 'publishes and unpublishes, in turns, of 2,000 draft articles each gateway created first',
  delete: 'deletes of articles each gateway created first',
};

/** A receiver that reads each request and never answers it. */
async function hangingReceiver(): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  const held = new Set<ServerResponse>();
  let received = 0;
  const server = createServer((request, response) => {
    received += 1;
    request.resume();
    if (receiverKind === 'answers') response.end('{"ok":true}');
    else held.add(response);
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
function readFor(url: string, seconds: number): Promise<{ answers: number; errors: number }> {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${url}/api/articles`, connections, duration: seconds, timeout: 120 }, (error, result) =>
      error ? reject(error) : resolve({ answers: result['2xx'], errors: result.errors + result.non2xx }),
    );
  });
}

/** The two gateways: the seed with the benchmark's token; B's config with the webhook. */
async function startBoth(folder: string, hookUrl: string): Promise<Record<'A' | 'B', GatewayProcess>> {
  const seed = JSON.parse(await readFile('test/fixtures/blog-seed.json', 'utf8')) as Record<string, unknown>;
  seed.apiTokens = [{ name: 'bench', type: 'full-access', token: TOKEN }];
  await writeFile(path.join(folder, 'seed.json'), JSON.stringify(seed));
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  await writeFile(path.join(folder, 'webhooks.json'), JSON.stringify({ webhooks: { allowLocalAddresses: true, hooks: [{ name: 'hangs', url: hookUrl, events: EVENTS, secret, enabled: receiverKind !== 'disabled' }] } }));
  const start = (side: 'A' | 'B', offset: number, args: string[]) =>
    startGatewayProcess({ dataset: path.join(folder, 'seed.json'), port: port + offset, responseCache: 'off', dataDir: path.join(folder, side), env: { API_TOKEN_SALT: SALT }, args, onUnexpectedExit: log });
  return { A: await start('A', 0, []), B: await start('B', 1, ['--config', path.join(folder, 'webhooks.json')]) };
}

type Phase = 'writes' | 'reads';

interface Burst {
  round: number;
  side: 'A' | 'B';
  phase: Phase;
  /** 2xx answers, and the burst's seconds. */
  answers: number;
  seconds: number;
  /** The gateway process's CPU time and bytes written (its WAL, checkpoints, log) during the burst, from /proc. */
  cpuUs: number;
  bytes: number;
  errors: number;
}

/** A process's CPU time (µs, user + system) and bytes written so far, from /proc (Linux). */
async function processCounters(pid: number | undefined): Promise<{ cpuUs: number; bytes: number }> {
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  const io = await readFile(`/proc/${pid}/io`, 'utf8');
  // utime and stime are in clock ticks of 1/100 s on Linux.
  return { cpuUs: (Number(stat[11]) + Number(stat[12])) * 10_000, bytes: Number(/^wchar: (\d+)/m.exec(io)?.[1] ?? 0) };
}

/** The blog seed's entries, which an article's relations name. */
const SEED_FACTS = datasetFacts({ articles: 8, authors: 3, categories: 4, tags: 4, media: 0 });

const HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

/** Creates named by `run` and their number, each different (tags or articles): more than a burst can send. */
function creates(run: string, kind: 'tag' | 'article', count = kind === 'tag' ? 50_000 : 20_000): RequestCursor {
  const random = seededRandom(7);
  const create = (n: number): BenchRequest =>
    kind === 'tag'
      ? { method: 'POST', path: '/api/tags', headers: HEADERS, body: JSON.stringify({ data: { name: `${run}-${n}` } }) }
      : { method: 'POST', path: '/api/articles', headers: HEADERS, body: JSON.stringify(createBody(n, { run, facts: SEED_FACTS, created: [] }, random)) };
  return new RequestCursor(Array.from({ length: count }, (_, n) => create(n)));
}

/** Articles an update or publish run goes round. */
const ROUND_ARTICLES = 2_000;
/** Deletes a gateway may take per second, at most, in this benchmark (what it creates for them). */
const DELETES_PER_S = 4_000;

/**
 * The timed writes of one side for the whole run, over the articles it created (`ids`): one
 * cursor, so each burst goes on where the last one stopped (a publish pass, then an unpublish
 * pass; each delete of an entry still there).
 */
function laterWrites(kind: 'update' | 'publish' | 'delete', ids: readonly number[], side: string): RequestCursor {
  const random = seededRandom(11);
  const at = (n: number) => `/api/articles/${ids[n % ids.length]}`;
  const request = (n: number): BenchRequest => {
    switch (kind) {
      case 'update':
        return { method: 'PUT', path: at(n), headers: HEADERS, body: JSON.stringify(updateBody(n, side, random)) };
      case 'publish': {
        const publish = Math.floor(n / ids.length) % 2 === 0;
        return { method: 'PUT', path: at(n), headers: HEADERS, body: JSON.stringify({ data: { publishedAt: publish ? new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString() : null } }) };
      }
      case 'delete':
        return { method: 'DELETE', path: at(n), headers: HEADERS };
    }
  };
  return new RequestCursor(Array.from({ length: kind === 'delete' ? ids.length : 200_000 }, (_, n) => request(n)));
}

/** Articles a gateway creates before the timed bursts of an update, publish or delete run: their ids. */
async function articlesFor(gateway: GatewayProcess, kind: WriteKind, side: string): Promise<number[]> {
  const count = kind === 'delete' ? DELETES_PER_S * burstS * rounds : ROUND_ARTICLES;
  const ids: number[] = [];
  await warmUpWrites(gateway.url, creates(`prepared${side}`, 'article', count), TOKEN, connections, { amount: count }, (_request, body) => ids.push((JSON.parse(body) as { data: { id: number } }).data.id));
  if (ids.length !== count) throw new Error(`${side} created ${ids.length} of ${count} articles`);
  return ids;
}

/** Each side's timed writes: a fresh list of creates per burst, or one cursor over its articles for the run. */
async function writesOf(gateways: Record<'A' | 'B', GatewayProcess>): Promise<Record<'A' | 'B', (round: number) => RequestCursor>> {
  if (writeKind === 'tag' || writeKind === 'article') {
    const kind = writeKind;
    return { A: (round) => creates(`A${round}`, kind), B: (round) => creates(`B${round}`, kind) };
  }
  const kind = writeKind;
  const [a, b] = await Promise.all((['A', 'B'] as const).map(async (side) => laterWrites(kind, await articlesFor(gateways[side], kind, side), side)));
  return { A: () => a!, B: () => b! };
}

/** One turn of one gateway: a burst of writes or of reads, with what it cost the gateway. */
async function burst(gateway: GatewayProcess, side: 'A' | 'B', phase: Phase, round: number, writes: RequestCursor): Promise<Burst> {
  const before = await processCounters(gateway.pid);
  const started = performance.now();
  let answers: number;
  let errors: number;
  if (phase === 'writes') {
    const measured = await measureWrites(gateway.url, writes, TOKEN, connections, { durationS: burstS });
    answers = measured.acknowledged;
    errors = measured.errors + Object.values(measured.otherStatuses).reduce((a, b) => a + b, 0);
  } else {
    const reads = await readFor(gateway.url, burstS);
    answers = reads.answers;
    errors = reads.errors;
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await processCounters(gateway.pid);
  return { round, side, phase, answers, seconds, cpuUs: after.cpuUs - before.cpuUs, bytes: after.bytes - before.bytes, errors };
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
  for (const side of ['A', 'B'] as const) await warmUpWrites(gateways[side].url, creates(`warm${side}`, writeKind === 'tag' ? 'tag' : 'article'), TOKEN, connections, { durationS: 3 });
  const writes = await writesOf(gateways);
  for (const phase of ['writes', 'reads'] as const) {
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) bursts.push(await burst(gateways[side], side, phase, round, writes[side](round)));
    }
    log(`${phase}: ${summary(phase).map(String).join(' | ')} (load average ${loadavg()[0].toFixed(1)})`);
  }
  const metrics = await (await fetch(`${gateways.B.url}/metrics`)).text();
  queued = Number(/gateway_webhook_deliveries_queued_total\{webhook="hangs"\} (\d+)/.exec(metrics)?.[1] ?? 0);
} finally {
  await Promise.all([gateways.A.stop(), gateways.B.stop()]);
  await receiver.close();
  await rm(folder, { recursive: true, force: true });
}

/** One phase's totals per side, and the median of each round's B / A. */
function summary(phase: Phase): [string, string, string, string, string, string, string] {
  const mine = bursts.filter((one) => one.phase === phase);
  const total = (side: 'A' | 'B') => {
    const list = mine.filter((one) => one.side === side);
    const answers = list.reduce((sum, one) => sum + one.answers, 0);
    return { perSec: answers / list.reduce((sum, one) => sum + one.seconds, 0), cpuUs: list.reduce((sum, one) => sum + one.cpuUs, 0) / answers, kib: list.reduce((sum, one) => sum + one.bytes, 0) / answers / 1024 };
  };
  const rate = (one: Burst) => one.answers / one.seconds;
  const ratios = [...new Set(mine.map((one) => one.round))].map((round) => rate(mine.find((one) => one.round === round && one.side === 'B')!) / rate(mine.find((one) => one.round === round && one.side === 'A')!));
  const [a, b] = [total('A'), total('B')];
  return [phase === 'writes' ? `writes (${writeKind})` : phase, a.perSec.toFixed(0), b.perSec.toFixed(0), median(ratios).toFixed(3), `${a.cpuUs.toFixed(0)} / ${b.cpuUs.toFixed(0)}`, `${a.kib.toFixed(1)} / ${b.kib.toFixed(1)}`, (b.perSec / a.perSec).toFixed(3)];
}

const results = { date: new Date().toISOString(), machine: describeMachine(), write: writeKind, rounds, burstS, connections, receiver: receiverKind, loadAverage: { start: loadAtStart, end: loadavg()[0] }, durationS: (performance.now() - started) / 1000, queued, hangingReceiverGot: receiver.received(), bursts };
await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${rounds} rounds of ${burstS} s bursts per phase, A and B alternating, ${connections} connections, ${WRITE_LABELS[writeKind]}; B: a webhook on every event to a receiver that ${receiverKind === 'hangs' ? 'never answers' : receiverKind === 'answers' ? 'answers 200 at once' : 'is disabled'}\n`);
console.log('| | A: no webhooks, per s | B, per s | B / A, median of rounds | CPU µs per answer, A / B | KiB written per answer, A / B | B / A, totals |\n|---|---|---|---|---|---|---|');
for (const phase of ['writes', 'reads'] as const) console.log(`| ${summary(phase).join(' | ')} |`);
console.log(`\nB recorded ${queued} deliveries; the receiver was sent ${receiver.received()} requests. Non-2xx and errors: ${bursts.reduce((sum, one) => sum + one.errors, 0)}. Load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end; ${((performance.now() - started) / 1000).toFixed(0)} s.`);
