// Two gateways on one MongoDB (the wire test server) behave as one. On a replica set, gateway B
// learns of gateway A's write from its change stream: B keeps serving its kept answer until the
// change event is applied, and the new value from then on (B never polls here). On a standalone,
// which has no change streams, B learns of it from the write marks it polls. A stream broken by a
// failover resumes from its token without losing the write made meanwhile; one that cannot resume
// (the oplog rolled over) forgets every kept answer and starts again; an import's new settings
// version comes down the stream too. Asserted by the order of
// events, not by time; the delays from A's acknowledgement to B's first new answer are printed.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGatewayArgs, type GatewayConfig } from '../../gateway/args.ts';
import type { WatchNote } from '../../gateway/data-watch.ts';
import { silentLogger } from '../../gateway/observability/logger.ts';
import { startGateway, type StartedGateway } from '../../gateway/start.ts';
import { saveSettings } from '../../src/auth/settings.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import type { Store } from '../../src/store/store.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { WRITABLE_TYPES } from '../support/writable.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';

const ARTICLE = '/api/articles/1?fields[0]=title';
const AUTHOR = '/api/authors/1';
/** Never, within a test: B's forgetting can only come from its change stream. */
const NO_POLLING_MS = 3_600_000;

/** A gateway with everything its data watch told, in order, and a way to wait for a note. */
interface Watched {
  started: StartedGateway;
  notes: WatchNote[];
  next(match: (note: WatchNote) => boolean): Promise<void>;
}

let seedDir: string;

/** The blog seed with its public role allowed to write, so A takes PUTs without a token. */
async function writableSeed(): Promise<string> {
  const seed = JSON.parse(await readFile(BLOG_SEED, 'utf8'));
  for (const action of ['create', 'update', 'delete']) seed.roles.public[action] = WRITABLE_TYPES;
  seedDir = await mkdtemp(path.join(tmpdir(), 'change-streams-'));
  const file = path.join(seedDir, 'seed.json');
  await writeFile(file, JSON.stringify(seed));
  return file;
}

async function startWatched(server: WireServer, extra: Partial<GatewayConfig>): Promise<Watched> {
  const notes: WatchNote[] = [];
  const waiting = new Set<{ match: (note: WatchNote) => boolean; done: () => void }>();
  const watch = (note: WatchNote) => {
    notes.push(note);
    for (const waiter of [...waiting]) if (waiter.match(note)) (waiting.delete(waiter), waiter.done());
  };
  const config = { ...(parseGatewayArgs([], {}) as GatewayConfig), port: 0, host: '127.0.0.1', schemaDir: BLOG_MODEL, mongodbUri: server.uri, ...extra };
  expect(config.responseCache).toBe(true);
  const started = await startGateway(config, { log: () => undefined, logger: silentLogger, watch });
  await started.ready;
  return { started, notes, next: (match) => new Promise((done) => waiting.add({ match, done })) };
}

async function get(gateway: StartedGateway, target: string): Promise<any> {
  const response = await gateway.gateway.fetch(new Request(`http://gateway${target}`));
  expect(response.status).toBe(200);
  return response.json();
}

const titleOn = async (gateway: StartedGateway) => (await get(gateway, ARTICLE)).data.attributes.title as string;
const keeps = (gateway: StartedGateway, target: string) => gateway.gateway.kept({ method: 'GET', url: target, header: () => undefined }) !== undefined;

/** Reads `target` twice, so that B keeps the answer; checks that it does. */
async function keep(gateway: StartedGateway, target: string): Promise<void> {
  await get(gateway, target);
  await get(gateway, target);
  expect(keeps(gateway, target)).toBe(true);
}

async function putTitle(gateway: StartedGateway, title: string): Promise<void> {
  const response = await gateway.gateway.fetch(new Request('http://gateway/api/articles/1', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title } }) }));
  expect(response.status).toBe(200);
}

/** A read of B: when it began and ended, whether B had applied the event by then, what it answered. */
interface Read {
  title: string;
  appliedAtStart: boolean;
  appliedAtEnd: boolean;
  endedAt: number;
}

/** Reads B until it answers `title`, letting I/O run between reads. */
async function readUntil(gateway: StartedGateway, title: string, applied: () => boolean): Promise<Read[]> {
  const reads: Read[] = [];
  while (reads.at(-1)?.title !== title) {
    const appliedAtStart = applied();
    const answer = await titleOn(gateway);
    reads.push({ title: answer, appliedAtStart, appliedAtEnd: applied(), endedAt: performance.now() });
    await yieldToIo();
  }
  return reads;
}

/** Whether a note is the change stream's event of article 1 taking `title`. */
const articleTook = (title: string) => (note: WatchNote) =>
  note.kind === 'change' && note.forgetting.kind === 'changes' && note.forgetting.changes.some((change) => change.op === 'put' && change.collection === 'articles' && change.doc.id === 1 && change.doc.title === title);

/** A failover as the gateways see it: every stream's connection drops, and reopening it meets NotWritablePrimary until the faults are cleared. */
function failOver(server: WireServer): void {
  server.failCommands({ commands: ['getMore'], closeConnection: true, times: 1_000 });
  server.failCommands({ commands: ['aggregate'], errorCode: 10107, times: 1_000 });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (values: number[]) => `median ${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}) over ${values.length} writes`;

let seedFile: string;
beforeAll(async () => {
  seedFile = await writableSeed();
});
afterAll(async () => {
  await rm(seedDir, { recursive: true, force: true });
});

describe('two gateways on a replica set: the change stream', () => {
  let server: WireServer;
  let a: Watched;
  let b: Watched;
  let writer: Store;

  beforeAll(async () => {
    server = await startWireServer({ replicaSet: 'rs0' });
    a = await startWatched(server, { seedFile, dataPollMs: NO_POLLING_MS });
    b = await startWatched(server, { seedFile: undefined, dataPollMs: NO_POLLING_MS });
    writer = createMongoStore({ uri: server.uri, timeoutMs: 2000 });
    if (!b.notes.some((note) => note.kind === 'live')) await b.next((note) => note.kind === 'live');
  });
  afterAll(async () => {
    await writer?.close();
    await a?.started.close();
    await b?.started.close();
    await server?.stop();
  });

  /** B keeps two answers, loses its stream to a failover, and the article's title is written meanwhile; B's notes from before the failover on. */
  async function cutOffAndWrite(title: string): Promise<number> {
    await keep(b.started, ARTICLE);
    await keep(b.started, AUTHOR);
    const from = b.notes.length;
    const interrupted = b.next((note) => note.kind === 'interrupted');
    failOver(server);
    await interrupted;
    const [article] = await writer.find('articles', { id: 1 });
    await writer.write([{ op: 'put', collection: 'articles', doc: { ...article!, title } }]);
    return from;
  }

  it('serves A\'s write on B from the moment the change event is applied, never before', async () => {
    const sinceAck: number[] = [];
    const eventAfterAck: number[] = [];
    for (let round = 1; round <= 7; round++) {
      const title = `Written on A, round ${round}`;
      await keep(b.started, ARTICLE);
      let appliedAt: number | undefined;
      const applied = b.next(articleTook(title)).then(() => (appliedAt = performance.now()));
      await putTitle(a.started, title);
      const ackAt = performance.now();
      const reads = await readUntil(b.started, title, () => appliedAt !== undefined);
      await applied;
      // Until the event was applied B answered its kept answer; every read begun after it, the new value.
      expect(reads.filter((read) => read.title === title).every((read) => read.appliedAtEnd)).toBe(true);
      expect(reads.filter((read) => read.appliedAtStart).every((read) => read.title === title)).toBe(true);
      sinceAck.push(reads.at(-1)!.endedAt - ackAt);
      eventAfterAck.push(appliedAt! - ackAt);
    }
    console.log(`change stream, A's acknowledgement to B answering the new value: ${ms(sinceAck)}; to B applying the event: ${ms(eventAfterAck)}`);
  });

  it('resumes a stream broken by a failover from its token: the write made meanwhile is applied, nothing else forgotten', async () => {
    const from = await cutOffAndWrite('Written while B was cut off');
    const applied = b.next(articleTook('Written while B was cut off'));
    server.clearFaults();
    await applied;
    const notes = b.notes.slice(from);
    expect(notes.filter((note) => note.kind === 'live')).toEqual([{ kind: 'live', resumed: true }]);
    expect(notes.some((note) => note.kind === 'interrupted' && note.failure === 'lost')).toBe(false);
    expect(await titleOn(b.started)).toBe('Written while B was cut off');
    expect(keeps(b.started, AUTHOR)).toBe(true);
  });

  it('forgets every kept answer and starts again when the stream cannot resume (the oplog rolled over)', async () => {
    const from = await cutOffAndWrite('Lost with the oplog');
    server.truncateOplog();
    const restarted = b.next((note) => note.kind === 'live');
    server.clearFaults();
    await restarted;
    const notes = b.notes.slice(from);
    expect(notes.some((note) => note.kind === 'interrupted' && note.failure === 'lost')).toBe(true);
    expect(notes.filter((note) => note.kind === 'live')).toEqual([{ kind: 'live', resumed: false }]);
    expect(keeps(b.started, AUTHOR)).toBe(false);
    expect(await titleOn(b.started)).toBe('Lost with the oplog');
  });

  it('reads the access settings again when another process imports: the new version comes down the stream', async () => {
    const tags = () => b.started.gateway.fetch(new Request('http://gateway/api/tags'));
    expect((await tags()).status).toBe(403);
    const settings = settingsFromSeed(await loadSeedFile(seedFile));
    settings.roles.public = [...settings.roles.public, 'api::tag.tag.find'];
    const imported = b.next((note) => note.kind === 'import');
    await saveSettings(writer, settings);
    await imported;
    expect((await tags()).status).toBe(200);
  });
});

describe('two gateways on a standalone: the write marks', () => {
  let server: WireServer;
  let a: Watched;
  let b: Watched;

  beforeAll(async () => {
    server = await startWireServer();
    a = await startWatched(server, { seedFile, dataPollMs: 100 });
    b = await startWatched(server, { seedFile: undefined, dataPollMs: 100 });
  });
  afterAll(async () => {
    await a?.started.close();
    await b?.started.close();
    await server?.stop();
  });

  it('has no change stream, and serves A\'s write on B once a poll sees the articles\' write mark move', async () => {
    if (!b.notes.some((note) => note.kind === 'unsupported')) await b.next((note) => note.kind === 'unsupported');
    const sinceAck: number[] = [];
    for (let round = 1; round <= 5; round++) {
      const title = `Written on A, standalone round ${round}`;
      await keep(b.started, ARTICLE);
      let polledAt: number | undefined;
      const polled = b.next((note) => note.kind === 'marks' && note.collections.includes('articles')).then(() => (polledAt = performance.now()));
      await putTitle(a.started, title);
      const ackAt = performance.now();
      const reads = await readUntil(b.started, title, () => polledAt !== undefined);
      await polled;
      expect(reads.filter((read) => read.title === title).every((read) => read.appliedAtEnd)).toBe(true);
      expect(reads.filter((read) => read.appliedAtStart).every((read) => read.title === title)).toBe(true);
      sinceAck.push(reads.at(-1)!.endedAt - ackAt);
    }
    expect(b.notes.some((note) => note.kind === 'live')).toBe(false);
    console.log(`write marks (DATA_POLL_MS=100), A's acknowledgement to B answering the new value: ${ms(sinceAck)}`);
  });
});
