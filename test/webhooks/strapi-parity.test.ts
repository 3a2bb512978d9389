// What a receiver gets, against what a real Strapi v4.25 sent for the same writes
// (test/fixtures/webhooks/strapi-received.json): a REST create, a GraphQL update, a publish, an
// unpublish and a delete, one request each, with Strapi's body and headers (times and ids masked;
// our Standard Webhooks headers after Strapi's), each signature verifying with the README's
// example; none for a refused write.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX } from '../../src/webhooks/outbox.ts';
import { eventually } from '../support/eventually.ts';
import { graphqlRequest, type TestGateway } from '../support/test-gateway.ts';
// @ts-expect-error: the README's example receiver code, plain JavaScript
import { verifyWebhook } from '../fixtures/webhooks/verify-webhook.mjs';
import { TestReceiver, type Received } from './support/receiver.ts';
import { ALL_EVENTS, TEST_SECRET, rest, webhookGateway } from './support/webhook-gateway.ts';

interface Recorded {
  name: string;
  request: { method: string; path: string; body?: unknown };
  received: Array<{ rawHeaders: string[]; body: Record<string, unknown> }>;
}
const fixture = JSON.parse(readFileSync('test/fixtures/webhooks/strapi-received.json', 'utf8')) as { writes: Recorded[] };
const recorded = (start: string) => fixture.writes.find((write) => write.name.startsWith(start))!;

/** Headers the HTTP client writes itself (their place on the wire is the client's), and ours. */
const TRANSPORT = new Set(['host', 'connection', 'content-length', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A body with its times and ids masked (a null time stays null: a draft is not published). */
function masked(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => masked(item));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, k)]));
  if (typeof value === 'string' && ISO.test(value)) return '<time>';
  if (key === 'id' && typeof value === 'number') return '<id>';
  return value;
}

/** Header names and values in the order sent, transport headers aside. */
const strapiHeaders = (raw: readonly string[]) => {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < raw.length; i += 2) if (!TRANSPORT.has(raw[i]!.toLowerCase())) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
};

/** Strapi's body for an event: the keys it sent, the entry's scalar fields (its admin sent relations too for a publish). */
function expectedBody(sent: Record<string, unknown>, scalarsFrom: Record<string, unknown>) {
  const entry = sent.entry as Record<string, unknown>;
  const scalars = Object.fromEntries(Object.keys(scalarsFrom.entry as object).map((key) => [key, entry[key]]));
  return masked({ ...sent, entry: scalars });
}

let receiver: TestReceiver;
let subject: TestGateway;
const ids: Record<string, number> = {};

beforeAll(async () => {
  receiver = await new TestReceiver().open();
  subject = await webhookGateway({ allowLocalAddresses: true, hooks: [{ name: 'receiver', url: receiver.url('/ok'), headers: { 'X-Test': '1' }, events: ALL_EVENTS, secret: TEST_SECRET }] });
});
afterAll(async () => {
  await subject.gateway.webhooks.stop();
  await receiver.close();
});

describe('webhooks as a Strapi v4.25 receiver knows them', () => {
  it('sends nothing for a refused write (invalid, bad credentials)', async () => {
    const invalid = recorded('a failed write');
    expect((await rest(subject, invalid.request.method, invalid.request.path, invalid.request.body)).status).toBe(400);
    expect((await rest(subject, 'POST', '/api/tags', { data: { name: 'never' } }, { authorization: 'Bearer not-a-token' })).status).toBe(401);
    // Nothing was recorded, so nothing can be sent later.
    expect(await subject.store.count(OUTBOX, {})).toBe(0);
  });

  it('sends one request per write, REST and GraphQL, publish and unpublish included, as Strapi does', async () => {
    const writes = [
      recorded('REST create article (published by default)'),
      recorded('REST create article as draft'),
      recorded('GraphQL updateArticle'),
      recorded('REST publish'),
      recorded('REST unpublish'),
    ];
    for (const write of writes) {
      // The recording's draft was entry 10; here it is whatever id the draft got.
      const path = write.request.path.replace('/10', `/${ids.draft}`);
      const graphql = write.request.body as { query: string; variables: Record<string, unknown> };
      const answer = path === '/graphql' ? await subject.gateway.fetch(graphqlRequest(graphql.query, { ...graphql.variables, id: String(ids.draft) })) : await rest(subject, write.request.method, path, write.request.body);
      expect(answer.status).toBe(200);
      const data = ((await answer.json()) as { data: { id: number } | Record<string, { data: { id: string } }> }).data;
      if (write.name.startsWith('REST create article as draft')) ids.draft = (data as { id: number }).id;
      if (write.name.startsWith('REST create article (published')) ids.article = (data as { id: number }).id;
    }
    expect((await rest(subject, 'DELETE', `/api/articles/${ids.article}`)).status).toBe(200);
    await eventually(() => receiver.received.length >= 6);
    await eventually(async () => (await subject.store.count(OUTBOX, { status: 'queued' })) === 0);
    // One entry's deliveries arrive in the order of its changes (two entries' may interleave).
    const eventsOf = (id: number) => receiver.received.filter((request) => (request.json.entry as { id: number }).id === id).map((request) => request.json.event);
    expect(eventsOf(ids.draft!)).toEqual(['entry.create', 'entry.update', 'entry.publish', 'entry.unpublish']);
    expect(eventsOf(ids.article!)).toEqual(['entry.create', 'entry.delete']);
  });

  it.each([
    { event: 'entry.create', id: 'article', as: 'REST create article (published by default)', scalars: 'REST create article (published by default)' },
    { event: 'entry.create', id: 'draft', as: 'REST create article as draft', scalars: 'REST create article as draft' },
    { event: 'entry.update', id: 'draft', as: 'GraphQL updateArticle', scalars: 'GraphQL updateArticle' },
    { event: 'entry.publish', id: 'draft', as: 'ADMIN content-manager publish', scalars: 'REST publish' },
    { event: 'entry.unpublish', id: 'draft', as: 'ADMIN content-manager unpublish', scalars: 'REST unpublish' },
    { event: 'entry.delete', id: 'article', as: 'GraphQL deleteArticle', scalars: 'GraphQL deleteArticle' },
  ])('$event: the body and headers Strapi sent ("$as"), signed', ({ event, id, as, scalars }) => {
    const got = receiver.received.filter((request) => request.json.event === event && (request.json.entry as { id: number }).id === ids[id]);
    expect(got).toHaveLength(1);
    const [request] = got as [Received];
    const strapi = recorded(as).received.find((sent) => sent.body.event === event)!;
    expect(masked(request.json)).toEqual(expectedBody(strapi.body, recorded(scalars).received[0]!.body));
    expect(Object.keys(request.json)).toEqual(Object.keys(strapi.body));
    expect(strapiHeaders(request.rawHeaders)).toEqual(strapiHeaders(strapi.rawHeaders));
    expect(request.path).toBe('/ok');
    expect(verifyWebhook(TEST_SECRET, request.headers, request.body)).toBe(true);
    expect(verifyWebhook('whsec_' + Buffer.alloc(24, 1).toString('base64'), request.headers, request.body)).toBe(false);
  });

  it('gives each delivery its own id, and sends nothing else', () => {
    expect(receiver.received).toHaveLength(6);
    expect(receiver.deliveryIds().size).toBe(6);
  });
});
