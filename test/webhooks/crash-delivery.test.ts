// No acknowledged write loses its webhook: a real gateway process on the embedded store takes
// creates from 16 connections and is killed with SIGKILL right after the 1,000th acknowledgement;
// restarted on the same data folder, it delivers every acknowledged create (the receiver counts
// distinct delivery ids). Then the receiver goes down: 1,000 more creates, another SIGKILL, a
// restart, retries while the receiver stays down (a short configured backoff stands for a minute),
// and once it is back, every one of them is delivered.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeyOf } from '../../src/auth/api-tokens.ts';
import { eventually } from '../support/eventually.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';
import { spawnGateway, type GatewayProcess } from '../gateway/support/gateway-process.ts';
import { TestReceiver } from './support/receiver.ts';
import { TEST_SECRET } from './support/webhook-gateway.ts';

const SALT = 'crash-test-salt';
const ADMIN_TOKEN = 'crash-test-admin-token';
const CONNECTIONS = 16;
const WRITES = 1000;

const folder = mkdtempSync(path.join(tmpdir(), 'webhook-crash-'));
const receiver = new TestReceiver();
const running: GatewayProcess[] = [];

beforeAll(async () => {
  await receiver.open();
  const seed = JSON.parse(readFileSync(BLOG_SEED, 'utf8')) as { roles: Record<string, Record<string, string[]>> };
  seed.roles.public = { ...seed.roles.public, create: ['api::tag.tag'] };
  writeFileSync(path.join(folder, 'seed.json'), JSON.stringify(seed));
  const webhooks = {
    allowLocalAddresses: true,
    // A receiver down for a minute, in a few seconds: retries every 50 to 400 ms, never given up.
    delivery: { minDelayMs: 100, maxDelayMs: 400, attempts: 100_000 },
    hooks: [{ name: 'tags', url: receiver.url('/hook'), events: ['entry.create'], contentTypes: ['api::tag.tag'], secret: TEST_SECRET }],
  };
  writeFileSync(path.join(folder, 'config.json'), JSON.stringify({ webhooks }));
});
// A test run cut short (a timeout of the runner) must not leave a gateway delivering behind it.
process.once('exit', () => running.forEach((gateway) => gateway.child.kill('SIGKILL')));
afterAll(async () => {
  for (const gateway of running) gateway.child.kill('SIGKILL');
  delete process.env.API_TOKEN_SALT;
  delete process.env.ADMIN_ACCESS_KEYS;
  await receiver.close();
  rmSync(folder, { recursive: true, force: true });
});

function start(): GatewayProcess {
  const args = ['--import', 'tsx', 'gateway/main.ts', '--schema', BLOG_MODEL, '--seed', path.join(folder, 'seed.json'), '--data', path.join(folder, 'data'), '--config', path.join(folder, 'config.json'), '--port', '0', '--host', '127.0.0.1', '--log-level', 'warn'];
  // The child inherits them: the admin routes answer this test's token.
  process.env.API_TOKEN_SALT = SALT;
  process.env.ADMIN_ACCESS_KEYS = accessKeyOf(ADMIN_TOKEN, SALT);
  const gateway = spawnGateway(process.execPath, args);
  running.push(gateway);
  return gateway;
}

/**
 * Creates tags from `CONNECTIONS` connections until `count` are acknowledged, then kills the
 * gateway with SIGKILL at once; returns the ids acknowledged.
 */
async function writeThenKill(gateway: GatewayProcess, prefix: string, count: number): Promise<number[]> {
  const url = `http://127.0.0.1:${await gateway.port}/api/tags`;
  const acknowledged: number[] = [];
  let sent = 0;
  const connection = async () => {
    while (sent < count * 2 && acknowledged.length < count) {
      const name = `${prefix}-${sent++}`;
      const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name } }) }).catch(() => undefined);
      if (answer?.status !== 200 || acknowledged.length >= count) continue;
      acknowledged.push(((await answer.json()) as { data: { id: number } }).data.id);
      if (acknowledged.length === count) gateway.child.kill('SIGKILL');
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  await gateway.exited;
  expect(gateway.child.signalCode).toBe('SIGKILL');
  return acknowledged;
}

/** The tag ids the receiver was sent a create of. */
const deliveredTags = () => new Set(receiver.of('entry.create').map((request) => (request.json.entry as { id: number }).id));

async function admin(gateway: GatewayProcess, pathAndQuery: string): Promise<Record<string, unknown>> {
  const answer = await fetch(`http://127.0.0.1:${await gateway.port}${pathAndQuery}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

describe('webhook deliveries of a gateway killed with SIGKILL', () => {
  it('delivers every acknowledged create after a restart, each under its own delivery id', async () => {
    const acknowledged = await writeThenKill(start(), 'up', WRITES);
    expect(acknowledged).toHaveLength(WRITES);
    const restarted = start();
    await restarted.port;
    await eventually(() => acknowledged.every((id) => deliveredTags().has(id)), 50);
    expect(receiver.deliveryIds().size).toBeGreaterThanOrEqual(WRITES);
  }, 240_000);

  it('delivers every acknowledged create once the receiver, down through the kill and restart, is back', async () => {
    const before = new Set(receiver.deliveryIds());
    await receiver.close();
    const acknowledged = await writeThenKill(running.at(-1)!, 'down', WRITES);
    expect(acknowledged).toHaveLength(WRITES);
    const restarted = start();
    // Down a while: the oldest queued delivery (last on the last page, newest first) was tried again and again.
    await eventually(async () => {
      const { meta } = (await admin(restarted, '/admin/webhooks/1/deliveries?status=queued&pageSize=100')) as { meta: { pagination: { pageCount: number } } };
      const oldest = (await admin(restarted, `/admin/webhooks/1/deliveries?status=queued&pageSize=100&page=${meta.pagination.pageCount}`)) as { data: Array<{ attempts: unknown[] }> };
      return (oldest.data.at(-1)?.attempts.length ?? 0) >= 3;
    }, 100);
    expect(acknowledged.some((id) => deliveredTags().has(id))).toBe(false);
    await receiver.open();
    await eventually(() => acknowledged.every((id) => deliveredTags().has(id)), 50);
    const fresh = [...receiver.deliveryIds()].filter((id) => !before.has(id));
    expect(fresh.length).toBeGreaterThanOrEqual(WRITES);
    restarted.child.kill('SIGKILL');
  }, 240_000);
});
