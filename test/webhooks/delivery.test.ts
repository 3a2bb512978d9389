// Deliveries against real receivers, in process: a 5xx or a timeout is tried again after a backoff
// and each attempt is kept (status, latency); a 4xx is kept as failed at once, visible and
// re-sendable under a new id; the last attempt gives up; Retry-After is honoured; one entry's
// deliveries arrive in the order of its changes even through retries; a hanging receiver holds
// back neither another webhook nor any write or read; the metrics count it all.
import { afterEach, describe, expect, it } from 'vitest';
import { OUTBOX, type OutboxRow } from '../../src/webhooks/outbox.ts';
import { eventually } from '../support/eventually.ts';
import type { TestGateway } from '../support/test-gateway.ts';
import { TestReceiver, type Answer, type Received } from './support/receiver.ts';
import { rest, webhookGateway } from './support/webhook-gateway.ts';

const FAST = { minDelayMs: 20, maxDelayMs: 60 };
const opened: Array<{ stop(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.stop();
});

async function setUp(answer: (request: Received) => Answer, delivery: Record<string, number> = {}, more: Array<Record<string, unknown>> = []) {
  const receiver = await new TestReceiver().open();
  receiver.answer = answer;
  const hooks = [{ name: 'tags', url: receiver.url('/hook'), events: ['entry.create', 'entry.update'], contentTypes: ['api::tag.tag'] }, ...more];
  const subject = await webhookGateway({ allowLocalAddresses: true, delivery: { ...FAST, ...delivery }, hooks: hooks.map((hook) => ({ ...hook, url: String(hook.url).replace('RECEIVER', receiver.url('')) })) });
  opened.push({ stop: () => receiver.close() }, { stop: () => subject.gateway.webhooks.stop() });
  return { receiver, subject };
}

const rows = async (subject: TestGateway, filter: Record<string, unknown> = {}) => (await subject.store.find(OUTBOX, filter, { sort: [['id', 1]] })) as OutboxRow[];
const createTag = async (subject: TestGateway, name: string) => {
  const answer = await rest(subject, 'POST', '/api/tags', { data: { name } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { id: number } }).data.id;
};

describe('retries', () => {
  it('tries a 500 and a timeout again after a backoff, then delivers, each attempt kept with its status and latency', async () => {
    let seen = 0;
    const { subject } = await setUp(() => (++seen === 1 ? { status: 500, text: 'down for a moment' } : seen === 2 ? 'hang' : { status: 200, text: 'ok' }), { timeoutMs: 300 });
    await createTag(subject, 'retried');
    await eventually(async () => (await rows(subject))[0]?.status === 'delivered');
    const [row] = await rows(subject);
    expect(row!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, undefined, 200]);
    expect(row!.attempts.map((attempt) => attempt.message)).toEqual(['down for a moment', expect.stringMatching(/^network timeout at: /), 'ok']);
    expect(row!.attempts[1]!.message).toMatch(/^network timeout at: http:\/\/127\.0\.0\.1:\d+\/hook$/);
    expect(row!.attempts.every((attempt) => attempt.ms >= 0 && attempt.at instanceof Date)).toBe(true);
  });

  it('keeps a 4xx as failed at once; a re-send is a new delivery, delivered', async () => {
    let refuse = true;
    const { subject, receiver } = await setUp(() => (refuse ? { status: 410, text: 'gone' } : { status: 204 }));
    await createTag(subject, 'refused');
    await eventually(async () => (await rows(subject))[0]?.status === 'failed');
    const [failed] = await rows(subject);
    expect(failed!.attempts).toHaveLength(1);
    refuse = false;
    const resent = await subject.gateway.webhooks.admin.resend(1, failed!.id);
    expect(resent).toMatchObject({ status: 'queued', resendOf: failed!.delivery, event: 'entry.create' });
    await eventually(async () => (await rows(subject, { id: resent.id }))[0]?.status === 'delivered');
    expect(receiver.received.map((request) => request.headers.get('webhook-id'))).toEqual([failed!.delivery, resent.deliveryId]);
    expect(receiver.received[1]!.json.entry).toEqual(receiver.received[0]!.json.entry);
  });

  it('gives up after the configured attempts', async () => {
    const { subject, receiver } = await setUp(() => ({ status: 503, text: 'still down' }), { attempts: 3 });
    await createTag(subject, 'given-up');
    await eventually(async () => (await rows(subject))[0]?.status === 'failed');
    expect((await rows(subject))[0]!.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 503]);
    expect(receiver.received).toHaveLength(3);
  });

  it("waits the receiver's Retry-After when it is longer than the backoff", async () => {
    const { subject } = await setUp(() => ({ status: 429, headers: { 'retry-after': '120' } }), { maxDelayMs: 3_600_000 });
    await createTag(subject, 'later');
    await eventually(async () => (await rows(subject))[0]?.attempts.length === 1);
    const [row] = await rows(subject);
    expect(row!.status).toBe('queued');
    expect(row!.nextAt.getTime() - row!.attempts[0]!.at.getTime()).toBeGreaterThanOrEqual(60_000);
  });
});

describe('order and fan-out', () => {
  it("delivers one entry's changes in their order, each waiting for the one before, through retries", async () => {
    const answered = new Set<string>();
    const { subject, receiver } = await setUp((request) => {
      const id = request.headers.get('webhook-id')!;
      if (answered.has(id)) return { status: 200 };
      answered.add(id);
      return { status: 502 };
    });
    const id = await createTag(subject, 'v0');
    for (let version = 1; version <= 4; version++) expect((await rest(subject, 'PUT', `/api/tags/${id}`, { data: { name: `v${version}` } })).status).toBe(200);
    await eventually(async () => (await rows(subject, { status: 'delivered' })).length === 5);
    const names = receiver.received.map((request) => (request.json.entry as { name: string }).name);
    // Each version twice (refused, then taken), never a later one before an earlier one was taken.
    expect(names).toEqual(['v0', 'v0', 'v1', 'v1', 'v2', 'v2', 'v3', 'v3', 'v4', 'v4']);
  });

  it('lets neither a hanging receiver nor its deliveries hold back another webhook, a write or a read', async () => {
    const hanging = await new TestReceiver().open();
    hanging.answer = () => 'hang';
    opened.push({ stop: () => hanging.close() });
    const { subject, receiver } = await setUp(() => ({ status: 200 }), { concurrency: 2, timeoutMs: 600_000 }, [{ name: 'hangs', url: hanging.url('/hang'), events: ['entry.create'] }]);
    for (let n = 0; n < 20; n++) await createTag(subject, `fan-${n}`);
    expect((await rest(subject, 'GET', '/api/articles')).status).toBe(200);
    await eventually(() => receiver.received.length === 20);
    // The hanging receiver holds its two connections, and nothing more was sent to it.
    await eventually(() => hanging.received.length === 2);
    expect((await rows(subject, { webhook: 'hangs', status: 'queued' })).length).toBe(20);
    expect(subject.gateway.webhooks.worker.delivering).toBe(true);
  });
});

describe('metrics', () => {
  it('counts deliveries queued, delivered, retried and failed by webhook', async () => {
    let seen = 0;
    const { subject } = await setUp(() => (++seen === 1 ? { status: 500 } : seen === 2 ? { status: 200 } : { status: 400 }));
    await createTag(subject, 'one');
    await eventually(async () => (await rows(subject))[0]?.status === 'delivered');
    await createTag(subject, 'two');
    await eventually(async () => (await rows(subject, { status: 'failed' })).length === 1);
    const text = await (await subject.gateway.fetch(new Request('http://gateway.test/metrics'))).text();
    for (const [outcome, count] of [['queued', 2], ['delivered', 1], ['retried', 1], ['failed', 1]] as const) {
      expect(text).toContain(`gateway_webhook_deliveries_${outcome}_total{webhook="tags"} ${count}`);
    }
    expect(text).toMatch(/gateway_webhook_attempt_duration_seconds_count\{webhook="tags"\} 3/);
  });
});
