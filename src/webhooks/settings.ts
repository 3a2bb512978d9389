// The config file's `webhooks` section (parsed JSON) -> typed WebhookSettings: webhooks as Strapi
// defines them (name, url, headers, events, enabled), Strapi's `webhooks.defaultHeaders` and
// `populateRelations` from config/server, and our additions (secret, content-type filter, how
// deliveries are made). The zod schema is the boundary; `webhookSettings` checks what spans fields.
import { z } from 'zod';
import { localHostKind } from './address-guard.ts';

/** The events Strapi v4's webhooks take (the admin refuses any other name). */
export const WEBHOOK_EVENTS = ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface Webhook {
  /** Strapi's id: given in the file (an export's), else the webhook's place in the list, from 1. */
  readonly id: number;
  readonly name: string;
  readonly url: string;
  /** Sent with every request, before Strapi's own headers (a header here wins over a default one). */
  readonly headers: Readonly<Record<string, string>>;
  readonly events: readonly WebhookEvent[];
  readonly enabled: boolean;
  /** The signing key (a Standard Webhooks secret, `whsec_` + base64); without one, requests are not signed. */
  readonly secret?: string;
  /** Content-type uids it wants (`api::article.article`, `plugin::upload.file`); every one when absent. */
  readonly contentTypes?: readonly string[];
}

export interface DeliverySettings {
  /** Longest wait for a receiver's answer, headers and body, per attempt (Strapi's 10 s). */
  readonly timeoutMs: number;
  /** Attempts of one delivery before it is kept as failed. */
  readonly attempts: number;
  /** The wait before the first retry; each next one doubles, with jitter, up to `maxDelayMs`. */
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  /** Requests in flight to one webhook at most: a slow receiver holds only its own. */
  readonly concurrency: number;
  /** How long the delivery lease lasts without renewal: the longest pause when its gateway dies. */
  readonly leaseMs: number;
  /** How often the gateway delivering reads the outbox for other gateways' events (shared MongoDB). */
  readonly pollMs: number;
  /** Days delivered and failed deliveries are kept for the admin routes. */
  readonly keepDays: number;
  /** Bytes of a receiver's answer read at most. */
  readonly maxResponseBytes: number;
}

export interface WebhookSettings {
  readonly defaultHeaders: Readonly<Record<string, string>>;
  /** Strapi's `server.webhooks.populateRelations`: read only by its admin content-manager, so it changes no content-API event. */
  readonly populateRelations: boolean;
  /** Let webhooks reach loopback, link-local and unspecified addresses (tests, a receiver on the same host). */
  readonly allowLocalAddresses: boolean;
  readonly delivery: DeliverySettings;
  readonly hooks: readonly Webhook[];
}

export const DEFAULT_DELIVERY: DeliverySettings = {
  timeoutMs: 10_000,
  attempts: 12,
  minDelayMs: 1000,
  maxDelayMs: 3_600_000,
  concurrency: 8,
  leaseMs: 15_000,
  pollMs: 1000,
  keepDays: 7,
  maxResponseBytes: 64 * 1024,
};

export const NO_WEBHOOKS: WebhookSettings = { defaultHeaders: {}, populateRelations: true, allowLocalAddresses: false, delivery: DEFAULT_DELIVERY, hooks: [] };

/** An HTTP field name (RFC 9110 token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Strapi takes any JSON value; a header is sent as its text, without line breaks. */
const headerValue = z.union([z.string(), z.number(), z.boolean()]).transform(String).refine((value) => !/[\r\n\0]/.test(value), { error: 'a header value may not hold a line break' });
const headers = z.record(z.string(), headerValue).superRefine((given, context) => {
  for (const name of Object.keys(given)) if (!TOKEN.test(name)) context.addIssue({ code: 'custom', path: [name], message: 'expected an HTTP header name (letters, digits and !#$%&\'*+-.^_`|~, no spaces)' });
});
const positive = z.number().int().positive();

/** A Standard Webhooks secret: `whsec_` then the base64 of 24 to 64 random bytes. */
const secret = z.string().refine((value) => /^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value) && secretBytes(value) >= 24 && secretBytes(value) <= 64, {
  error: 'expected whsec_ followed by the base64 of 24 to 64 random bytes (npm run webhooks -- secret makes one)',
});

const hookSchema = z
  .object({
    id: positive.optional(),
    name: z.string().min(1),
    url: z.url({ protocol: /^https?$/, error: 'expected an http or https URL' }),
    headers: headers.default({}),
    events: z.array(z.enum(WEBHOOK_EVENTS, { error: `expected one of ${WEBHOOK_EVENTS.join(', ')}` })),
    enabled: z.boolean().optional(),
    isEnabled: z.boolean().optional(),
    secret: secret.optional(),
    contentTypes: z.array(z.string().min(1)).min(1).optional(),
  })
  .strict();

export const webhooksSchema = z
  .object({
    defaultHeaders: headers.default({}),
    populateRelations: z.boolean().default(true),
    allowLocalAddresses: z.boolean().default(false),
    delivery: z.object(Object.fromEntries(Object.keys(DEFAULT_DELIVERY).map((key) => [key, positive])) as Record<keyof DeliverySettings, typeof positive>).partial().strict().default({}),
    hooks: z.array(hookSchema).default([]),
  })
  .strict();

export type RawWebhooks = z.infer<typeof webhooksSchema>;

/** The decoded length of a secret's base64. */
export function secretBytes(value: string): number {
  return Buffer.from(value.slice('whsec_'.length), 'base64').length;
}

/**
 * The checked section, with what spans webhooks: names and ids unique, `enabled` and `isEnabled`
 * agreeing, no URL naming a local host unless allowed (names that resolve to one are refused at
 * delivery). Returns problems as `key.path: problem` lines, or the settings.
 */
export function webhookSettings(raw: RawWebhooks): { settings: WebhookSettings } | { problems: string[] } {
  const problems: string[] = [];
  const hooks = raw.hooks.map((hook, index): Webhook => {
    const at = `webhooks.hooks.${index}`;
    if (hook.enabled !== undefined && hook.isEnabled !== undefined && hook.enabled !== hook.isEnabled) problems.push(`${at}: enabled and isEnabled disagree (give one)`);
    const local = localHostKind(new URL(hook.url));
    if (local && !raw.allowLocalAddresses) problems.push(`${at}.url: ${hook.url} reaches a ${local} address; set webhooks.allowLocalAddresses to true to allow it`);
    const { enabled, isEnabled, id, ...rest } = hook;
    return { ...rest, id: id ?? index + 1, enabled: enabled ?? isEnabled ?? true };
  });
  for (const key of ['name', 'id'] as const) {
    const seen = new Set<unknown>();
    for (const hook of hooks) {
      if (seen.has(hook[key])) problems.push(`webhooks.hooks: two webhooks have the ${key} ${JSON.stringify(hook[key])}`);
      seen.add(hook[key]);
    }
  }
  if (problems.length > 0) return { problems };
  const { hooks: _, delivery, ...shared } = raw;
  return { settings: { ...shared, delivery: { ...DEFAULT_DELIVERY, ...delivery }, hooks } };
}
