// The request for a delivery: Strapi's headers in Strapi's order (webhooks.defaultHeaders first,
// a webhook's own header winning over a default of the same name, X-Strapi-Event and Content-Type
// always winning, node-fetch's Accept, User-Agent and Accept-Encoding unless named), as recorded
// from Strapi 4.25 under a config with defaultHeaders; then the Standard Webhooks headers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webhookRequest } from '../../src/webhooks/request.ts';
import { signature } from '../../src/webhooks/sign.ts';
import { TEST_SECRET } from './support/webhook-gateway.ts';

const fixture = JSON.parse(readFileSync('test/fixtures/webhooks/strapi-received.json', 'utf8')) as {
  defaultHeaders: { config: Record<string, string>; webhookHeaders: Record<string, string>; received: Array<{ rawHeaders: string[]; body: Record<string, unknown> }> };
};
const TRANSPORT = new Set(['host', 'connection', 'content-length']);
const pairs = (raw: readonly string[]) => raw.flatMap((name, i) => (i % 2 === 0 && !TRANSPORT.has(name.toLowerCase()) ? [[name, raw[i + 1]!] as const] : []));
const NOW = new Date('2026-11-27T21:07:00.123Z');

describe('the request Strapi sends', () => {
  it('with defaultHeaders: the same headers, names, values and order', () => {
    const { config, webhookHeaders, received } = fixture.defaultHeaders;
    const { event, createdAt, ...rest } = received[0]!.body;
    const request = webhookRequest({ hook: { url: 'http://127.0.0.1:4545/ok', headers: webhookHeaders }, defaultHeaders: config, event: String(event), rest, delivery: 'd1', now: new Date(String(createdAt)) });
    expect(JSON.parse(request.body)).toEqual(received[0]!.body);
    expect(request.headers.slice(0, -2)).toEqual(pairs(received[0]!.rawHeaders));
    expect(request.headers.slice(-2)).toEqual([['webhook-id', 'd1'], ['webhook-timestamp', String(Math.floor(Date.parse(String(createdAt)) / 1000))]]);
  });

  it('signs the body it sends, with the time it is made as createdAt', () => {
    const request = webhookRequest({ hook: { url: 'https://example.com/hook', headers: {}, secret: TEST_SECRET }, defaultHeaders: {}, event: 'entry.create', rest: { model: 'tag', uid: 'api::tag.tag', entry: { id: 1 } }, delivery: 'd2', now: NOW });
    expect(request.body).toBe('{"event":"entry.create","createdAt":"2026-11-27T21:07:00.123Z","model":"tag","uid":"api::tag.tag","entry":{"id":1}}');
    expect(request.headers.find(([name]) => name === 'webhook-signature')![1]).toBe(signature(TEST_SECRET, 'd2', Math.floor(NOW.getTime() / 1000), request.body));
    expect(request.headers.map(([name]) => name)).toEqual(['X-Strapi-Event', 'Content-Type', 'Accept', 'User-Agent', 'Accept-Encoding', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });
});
