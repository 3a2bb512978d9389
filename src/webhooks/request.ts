// A delivery (webhook, event, body, id) at a moment -> the HTTP request Strapi v4 sends for it:
// its headers as Strapi builds them (`webhooks.defaultHeaders`, the webhook's own, which win,
// `X-Strapi-Event` and `Content-Type`, which always win, then node-fetch's `Accept`, `User-Agent`
// and `Accept-Encoding` unless named), then the Standard Webhooks headers, signed with the
// webhook's secret when it has one.
import { bodyText, type BodyRest } from './payload.ts';
import type { OutboundRequest } from './http-sender.ts';
import { deliveryHeaders } from './sign.ts';
import type { Webhook } from './settings.ts';

/** What node-fetch 1.x (Strapi v4's client) adds to every request, unless a header names it. */
const CLIENT_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Accept', '*/*'],
  ['User-Agent', 'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)'],
  ['Accept-Encoding', 'gzip,deflate'],
];

export interface DeliveryInput {
  readonly hook: Pick<Webhook, 'url' | 'headers' | 'secret'>;
  readonly defaultHeaders: Readonly<Record<string, string>>;
  readonly event: string;
  readonly rest: BodyRest;
  /** The delivery's id (`webhook-id`). */
  readonly delivery: string;
  /** When the request is made: the body's `createdAt` and the signature's timestamp. */
  readonly now: Date;
}

export function webhookRequest(input: DeliveryInput): OutboundRequest {
  const body = bodyText(input.event, input.now, input.rest);
  const headers = mergeHeaders([Object.entries(input.defaultHeaders), Object.entries(input.hook.headers), [['X-Strapi-Event', input.event], ['Content-Type', 'application/json']]]);
  for (const [name, value] of CLIENT_HEADERS) if (!headers.has(name.toLowerCase())) headers.set(name.toLowerCase(), [name, value]);
  const timestamp = Math.floor(input.now.getTime() / 1000);
  return { url: input.hook.url, headers: [...headers.values(), ...deliveryHeaders(input.hook.secret, input.delivery, timestamp, body)], body };
}

/**
 * Strapi's `{ ...defaultHeaders, ...headers, 'X-Strapi-Event': …, 'Content-Type': … }`: a later
 * value wins, a name keeps the place (and the spelling) it was first given; names compared
 * without case, as HTTP compares them.
 */
function mergeHeaders(layers: ReadonlyArray<ReadonlyArray<readonly [string, string]>>): Map<string, [string, string]> {
  const merged = new Map<string, [string, string]>();
  for (const layer of layers) {
    for (const [name, value] of layer) {
      const key = name.toLowerCase();
      const first = merged.get(key);
      merged.set(key, [first?.[0] ?? name, value]);
    }
  }
  return merged;
}
