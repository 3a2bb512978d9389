// The admin routes: every one behind the admin token (its access key in the config, API_TOKEN_SALT
// set); Strapi's list, webhook and trigger answers (the test event sent as Strapi sends it, its
// failures worded as Strapi's); ours: a webhook's deliveries with their attempts, one delivery
// with its body, a re-send; Strapi's envelope for every refusal.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeyOf } from '../../src/auth/api-tokens.ts';
import { eventually } from '../support/eventually.ts';
import type { TestGateway } from '../support/test-gateway.ts';
import { TestReceiver } from './support/receiver.ts';
import { ALL_EVENTS, TEST_SECRET, rest, webhookGateway } from './support/webhook-gateway.ts';

const SALT = 'admin-test-salt';
const TOKEN = 'admin-test-token';
const fixture = JSON.parse(readFileSync('test/fixtures/webhooks/strapi-received.json', 'utf8')) as { triggers: Array<{ name: string; answer: unknown; received: Array<{ rawHeaders: string[] }> }> };

const receiver = new TestReceiver();
let subject: TestGateway;
let closedUrl: string;

beforeAll(async () => {
  await receiver.open();
  receiver.answer = (request) => (request.path === '/fail' ? { status: 500, text: 'receiver failing on purpose' } : { status: 200, text: '{"ok":true}' });
  const closed = await new TestReceiver().open();
  closedUrl = closed.url('/closed');
  await closed.close();
  subject = await webhookGateway({
    allowLocalAddresses: true,
    // One attempt: a failed delivery is failed at once, for the admin to see.
    delivery: { attempts: 1 },
    hooks: [
      { id: 3, name: 'receiver', url: receiver.url('/ok'), headers: { 'X-Test': '1' }, events: ALL_EVENTS, secret: TEST_SECRET },
      { id: 5, name: 'fails', url: receiver.url('/fail'), events: ['entry.create'], contentTypes: ['api::tag.tag'] },
      { id: 6, name: 'disabled', url: receiver.url('/ok'), events: ['entry.create'], enabled: false },
      { id: 7, name: 'closed', url: closedUrl, events: ['media.delete'] },
    ],
  }, { admin: [accessKeyOf(TOKEN, SALT)], salt: SALT });
});
afterAll(async () => {
  await subject.gateway.webhooks.stop();
  await receiver.close();
});

const admin = (method: string, path: string, token: string | null = TOKEN) =>
  subject.gateway.fetch(new Request(`http://gateway.test${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} }));
const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });

describe('the admin credential', () => {
  it.each([
    { name: 'no token', token: null },
    { name: 'a wrong token', token: 'not-the-admin-token' },
    { name: 'a content API token', token: 'editor-token-123' },
  ])('refuses $name as Strapi does', async ({ token }) => {
    expect(await json(await admin('GET', '/admin/webhooks', token))).toEqual({ status: 401, body: { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } } });
  });
});

describe("Strapi's webhook routes", () => {
  it('lists the webhooks as Strapi shows them, with whether they sign and their deliveries', async () => {
    const { status, body } = await json(await admin('GET', '/admin/webhooks'));
    expect(status).toBe(200);
    const list = body.data as Array<Record<string, unknown>>;
    expect(list.map(({ id, name, isEnabled, signed }) => ({ id, name, isEnabled, signed }))).toEqual([
      { id: 3, name: 'receiver', isEnabled: true, signed: true },
      { id: 5, name: 'fails', isEnabled: true, signed: false },
      { id: 6, name: 'disabled', isEnabled: false, signed: false },
      { id: 7, name: 'closed', isEnabled: true, signed: false },
    ]);
    expect(list[0]).toEqual({ id: 3, name: 'receiver', url: receiver.url('/ok'), headers: { 'X-Test': '1' }, events: ALL_EVENTS, isEnabled: true, contentTypes: null, signed: true, deliveries: { queued: 0, delivered: 0, failed: 0 } });
  });

  it.each([
    { path: '/admin/webhooks/99', status: 404, message: 'webhook.notFound' },
    { path: '/admin/webhooks/3/deliveries/abc', status: 404, message: 'delivery.notFound' },
    { path: '/admin/webhooks/3/deliveries/999', status: 404, message: 'delivery.notFound' },
    { path: '/admin/webhooks/3/deliveries?status=lost', status: 400, message: 'status must be one of queued, delivered, failed' },
    { path: '/admin/webhooks/3/deliveries?page=0', status: 400, message: 'page must be a positive integer' },
    { path: '/admin/nothing', status: 404, message: 'Not Found' },
  ])('$path: $status $message', async ({ path, status, message }) => {
    const answer = await json(await admin('GET', path));
    expect(answer.status).toBe(status);
    expect((answer.body.error as { message: string }).message).toBe(message);
  });

  it('answers 405 naming the methods a path takes (webhooks are defined in the config file)', async () => {
    const answer = await admin('POST', '/admin/webhooks');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
  });

  it.each([
    { name: 'receiver answers 200', id: 3, recorded: 'POST /admin/webhooks/3/trigger (receiver answers 200', answer: { statusCode: 200 } },
    { name: 'receiver answers 500 text', id: 5, recorded: 'POST /admin/webhooks/5/trigger', answer: { statusCode: 500, message: 'receiver failing on purpose' } },
    { name: 'webhook disabled (still sent)', id: 6, recorded: 'POST /admin/webhooks/6/trigger', answer: { statusCode: 200 } },
  ])("triggers Strapi's test event: $name", async ({ id, recorded, answer }) => {
    const before = receiver.received.length;
    const strapi = fixture.triggers.find((trigger) => trigger.name.startsWith(recorded))!;
    expect(await json(await admin('POST', `/admin/webhooks/${id}/trigger`))).toEqual({ status: 200, body: strapi.answer });
    expect(strapi.answer).toEqual({ data: answer });
    const [request] = receiver.received.slice(before);
    expect(Object.keys(request!.json)).toEqual(['event', 'createdAt']);
    expect(request!.json.event).toBe('trigger-test');
    const names = (raw: readonly string[]) => raw.filter((_, i) => i % 2 === 0).filter((name) => !/^(host|connection|content-length|webhook-)/i.test(name));
    expect(names(request!.rawHeaders)).toEqual(names(strapi.received[0]!.rawHeaders).filter((name) => id === 3 || name !== 'X-Test'));
  });

  it("triggers to a closed port answer as Strapi's do", async () => {
    const port = new URL(closedUrl).port;
    expect((await json(await admin('POST', '/admin/webhooks/7/trigger'))).body).toEqual({ data: { statusCode: 500, message: `request to ${closedUrl} failed, reason: connect ECONNREFUSED 127.0.0.1:${port}` } });
  });
});

describe('deliveries', () => {
  it("shows a webhook's deliveries with their attempts, one with its body, and re-sends one", async () => {
    expect((await rest(subject, 'POST', '/api/tags', { data: { name: 'seen by admin' } })).status).toBe(200);
    await eventually(async () => ((await json(await admin('GET', '/admin/webhooks/5/deliveries?status=failed'))).body.data as unknown[]).length === 1);
    const page = (await json(await admin('GET', '/admin/webhooks/5/deliveries'))).body as { data: Array<Record<string, unknown>>; meta: unknown };
    expect(page.meta).toEqual({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } });
    const [delivery] = page.data;
    expect(delivery).toMatchObject({ event: 'entry.create', uid: 'api::tag.tag', status: 'failed', nextAttemptAt: null, resendOf: null, attempts: [{ statusCode: 500, message: 'receiver failing on purpose' }] });
    expect(typeof (delivery!.attempts as Array<{ ms: unknown }>)[0]!.ms).toBe('number');
    const one = (await json(await admin('GET', `/admin/webhooks/5/deliveries/${delivery!.id}`))).body.data as { body: { entry: { name: string } } };
    expect(one.body.entry.name).toBe('seen by admin');
    const resent = await json(await admin('POST', `/admin/webhooks/5/deliveries/${delivery!.id}/resend`));
    expect(resent.status).toBe(202);
    expect(resent.body.data).toMatchObject({ status: 'queued', resendOf: delivery!.deliveryId, event: 'entry.create' });
    await eventually(async () => ((await json(await admin('GET', '/admin/webhooks/5'))).body.data as { deliveries: { failed: number } }).deliveries.failed === 2);
  });
});
