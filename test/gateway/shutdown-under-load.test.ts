// SIGTERM to a gateway under load (a child process, as in production): large answers being
// downloaded slowly, connections accepted whose request comes after the signal, an idle
// keep-alive connection, and a stream of new requests. Counted: no answer cut short, no reset of
// an accepted request, idle connections closed at once, a stalled upload ended at the deadline.
import http from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';
import { connectFirst, get, tally, type Outcome } from './support/http-client.ts';
import { spawnGateway } from './support/gateway-process.ts';

const ARTICLES = 100;
const BODY_BYTES = 150_000;
const BIG = `/api/articles?pagination[pageSize]=${ARTICLES}&fields[0]=body`;
const SMALL = '/api/articles?pagination[pageSize]=1&fields[0]=title';
/** How long before the signal a connection must have been made to count as accepted. */
const ACCEPT_MARGIN_MS = 50;

let seedFile: string;
let scratch: string;

/** The blog fixture's access settings with 100 articles of 150 kB: one list answer is ~15 MB. */
beforeAll(async () => {
  const blog = JSON.parse(await readFile(BLOG_SEED, 'utf8'));
  const seed = {
    locales: blog.locales,
    roles: blog.roles,
    tokens: {},
    media: [],
    entries: {
      'api::article.article': Array.from({ length: ARTICLES }, (_, i) => ({
        id: i + 1, locale: 'en', title: `Article ${i + 1}`, body: `${i}`.padEnd(BODY_BYTES, 'lorem ipsum '), publishedAt: '2024-01-01T00:00:00.000Z',
      })),
    },
  };
  scratch = await mkdtemp(path.join(tmpdir(), 'gateway-shutdown-'));
  seedFile = path.join(scratch, 'seed.json');
  await writeFile(seedFile, JSON.stringify(seed));
});

const children: Array<{ kill(): void }> = [];
afterAll(async () => {
  children.forEach((child) => child.kill());
  await rm(scratch, { recursive: true, force: true });
});

function startGatewayProcess(drainDeadlineMs: number) {
  const gateway = spawnGateway(process.execPath, ['--import', 'tsx', 'gateway/main.ts', '--schema', BLOG_MODEL, '--seed', seedFile, '--port', '0', '--host', '127.0.0.1', '--log-level', 'warn', '--drain-deadline', String(drainDeadlineMs)]);
  children.push(gateway.child);
  return gateway;
}

/** When an outcome's connection was made, or else asked for, in ms after `signalAt`. */
function sinceSignal(outcome: Outcome, signalAt: number): { connectedMs: number } | { startedMs: number } {
  const round = (at: number) => Math.round(at - signalAt);
  return outcome.connectedAt !== undefined ? { connectedMs: round(outcome.connectedAt) } : { startedMs: round(outcome.startedAt) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM under load', () => {
  it('answers every accepted request in full and cuts none short', async () => {
    const gateway = startGatewayProcess(30_000);
    const port = await gateway.port;

    // An idle keep-alive connection: it must not hold the shutdown up.
    const keepAlive = new http.Agent({ keepAlive: true });
    const warm = await new Promise<number>((resolve) => http.get({ host: '127.0.0.1', port, path: SMALL, agent: keepAlive }, (res) => res.resume().on('end', () => resolve(res.statusCode!))));
    expect(warm).toBe(200);

    // Large answers, read slowly so they are mid-transfer when the signal comes.
    const started: Array<Promise<void>> = [];
    const downloads = [1, 2, 3, 4].map(() => {
      let firstBytes!: () => void;
      started.push(new Promise((resolve) => (firstBytes = resolve)));
      return get(port, BIG, { slowMs: 15, onFirstBytes: firstBytes });
    });
    await Promise.all(started);

    // Connections accepted before the signal, whose request is written after it.
    const accepted = await Promise.all(Array.from({ length: 30 }, () => connectFirst(port)));

    // A stream of new requests on fresh connections, before, during and after the signal.
    let streaming = true;
    const stream: Outcome[] = [];
    const streamed = Promise.all([1, 2, 3, 4].map(async () => {
      while (streaming) {
        const outcome = await get(port, SMALL);
        stream.push(outcome);
        if (outcome.kind === 'refused') return;
      }
    }));
    await sleep(300);

    const signalAt = performance.now();
    gateway.child.kill('SIGTERM');
    // The requests of the accepted connections go once the gateway is draining, not before.
    await eventually(() => gateway.output().includes('SIGTERM: closing'));
    const late = await Promise.all(accepted.map((connection) => connection.send(SMALL)));
    const big = await Promise.all(downloads);
    streaming = false;
    await streamed;
    // Accepted: connected well before the signal (the gateway accepts within milliseconds). A
    // connection made as the listener closes may be refused or reset by the kernel: never cut.
    const before = stream.filter((o) => o.connectedAt !== undefined && o.connectedAt < signalAt - ACCEPT_MARGIN_MS);
    const after = stream.filter((o) => !before.includes(o));
    const code = await gateway.exited;
    keepAlive.destroy();

    // Each reset after the signal, in ms from it: when its connection was made, or, for one this
    // process never saw connected (reset by the kernel before the event loop got to it), asked for.
    const resets = after.flatMap((o) => (o.kind !== 'reset' ? [] : [{ code: o.code, ...sinceSignal(o, signalAt) }]));
    const report = { downloads: tally(big), accepted: tally(late), streamBefore: tally(before), streamAfter: tally(after), resets };
    console.log(`SIGTERM under load: ${JSON.stringify(report)}`);
    expect(big.map((o) => o.kind)).toEqual(['complete', 'complete', 'complete', 'complete']);
    expect(Math.min(...big.map((o) => (o.kind === 'complete' ? o.bytes : 0)))).toBeGreaterThan(ARTICLES * BODY_BYTES);
    expect(late.filter((o) => !(o.kind === 'complete' && o.status === 200 && o.connection === 'close'))).toEqual([]);
    expect(before.filter((o) => o.kind !== 'complete')).toEqual([]);
    expect(after.filter((o) => o.kind === 'cut')).toEqual([]);
    expect(code).toBe(0);
    expect(gateway.output()).not.toMatch(/still open at the drain deadline/);
    expect(await new Promise((resolve) => net.connect(port, '127.0.0.1').once('error', (e: NodeJS.ErrnoException) => resolve(e.code)).once('connect', () => resolve('connected')))).toBe('ECONNREFUSED');
  });

  it('ends a stalled upload at the drain deadline instead of waiting for it', async () => {
    const gateway = startGatewayProcess(1000);
    const port = await gateway.port;
    const stalled = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => stalled.once('connect', resolve));
    stalled.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"query":');
    const closed = new Promise((resolve) => stalled.once('close', resolve));
    await sleep(200);
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    await closed;
    expect(gateway.output()).toMatch(/SIGTERM: 1 connection\(s\) still open at the drain deadline were closed/);
  });
});
