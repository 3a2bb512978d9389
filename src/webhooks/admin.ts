// What an operator asks of the webhooks, protocol-free: each webhook as Strapi's admin API shows it
// (with how many of its deliveries are queued, delivered, failed), a webhook's deliveries (each
// attempt's time, status and latency), a re-send of one (a new delivery of the same event), and
// Strapi's test event, sent at once and answered as Strapi's trigger answers.
import { randomUUID } from 'node:crypto';
import { NotFoundError, ValidationError } from '../errors/errors.ts';
import type { Store } from '../store/store.ts';
import type { Sender } from './http-sender.ts';
import type { WebhookMetrics } from './metrics.ts';
import { OUTBOX, queuedRow, type DeliveryStatus, type OutboxRow } from './outbox.ts';
import { webhookRequest } from './request.ts';
import type { Webhook, WebhookSettings } from './settings.ts';

export interface AdminDeps {
  store: Pick<Store, 'find' | 'count' | 'write' | 'allocateIds'>;
  settings: WebhookSettings;
  /** A sender for one request (closed after it). */
  senderFor(hook: Webhook): Sender;
  /** Hands a re-sent delivery to the worker (sent at once when this gateway delivers). */
  queued(rows: readonly OutboxRow[]): void;
  now(): number;
  metrics: WebhookMetrics;
  newId?: () => string;
}

/** A webhook as Strapi's admin answers it, and ours: its filter, whether it signs, its deliveries' counts. */
export interface WebhookView {
  id: number;
  name: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  events: readonly string[];
  isEnabled: boolean;
  contentTypes: readonly string[] | null;
  signed: boolean;
  deliveries: Record<DeliveryStatus, number>;
}

const STATUSES: readonly DeliveryStatus[] = ['queued', 'delivered', 'failed'];
const MAX_PAGE_SIZE = 100;

export class WebhookAdmin {
  constructor(private readonly deps: AdminDeps) {}

  async list(): Promise<WebhookView[]> {
    return Promise.all(this.deps.settings.hooks.map((hook) => this.view(hook)));
  }

  /** @throws NotFoundError as Strapi's `webhook.notFound`. */
  async get(id: number): Promise<WebhookView> {
    return this.view(this.hook(id));
  }

  /** A page of the webhook's deliveries, newest first, of one status when asked. */
  async deliveries(id: number, query: { status?: unknown; page?: unknown; pageSize?: unknown }) {
    const hook = this.hook(id);
    if (query.status !== undefined && !STATUSES.includes(query.status as DeliveryStatus)) throw new ValidationError(`status must be one of ${STATUSES.join(', ')}`, { status: query.status });
    const page = positiveInteger(query.page, 'page', 1);
    const pageSize = Math.min(MAX_PAGE_SIZE, positiveInteger(query.pageSize, 'pageSize', 25));
    const filter = { webhook: hook.name, ...(query.status ? { status: query.status } : {}) };
    const [rows, total] = await Promise.all([
      this.deps.store.find(OUTBOX, filter, { sort: [['id', -1]], skip: (page - 1) * pageSize, limit: pageSize }),
      this.deps.store.count(OUTBOX, filter),
    ]);
    return { data: (rows as OutboxRow[]).map((row) => deliveryView(row, false)), meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } };
  }

  /** One delivery of the webhook, with the body it sends. */
  async delivery(id: number, deliveryId: number) {
    return deliveryView(await this.row(this.hook(id), deliveryId), true);
  }

  /** A new delivery of the same event (its own id, so a receiver that dropped the first as a repeat takes it), queued now. */
  async resend(id: number, deliveryId: number) {
    const original = await this.row(this.hook(id), deliveryId);
    const at = new Date(this.deps.now());
    const { webhook, event, lane, body } = original;
    const row = queuedRow({ id: await this.deps.store.allocateIds(OUTBOX, 1), delivery: (this.deps.newId ?? randomUUID)(), webhook, event, lane, body, at, resendOf: original.delivery });
    await this.deps.store.write([{ op: 'put', collection: OUTBOX, doc: row }]);
    this.deps.metrics.queued(webhook, 1);
    this.deps.queued([row]);
    return deliveryView(row, true);
  }

  /**
   * Strapi's test event (`trigger-test`), sent now, disabled webhooks too, as Strapi sends it;
   * answered `{ statusCode }`, with the receiver's text (or what failed, as a 500) when it was not a 2xx.
   */
  async trigger(id: number): Promise<{ statusCode: number; message?: string }> {
    const hook = this.hook(id);
    const sender = this.deps.senderFor(hook);
    try {
      const outbound = webhookRequest({ hook, defaultHeaders: this.deps.settings.defaultHeaders, event: 'trigger-test', rest: {}, delivery: (this.deps.newId ?? randomUUID)(), now: new Date(this.deps.now()) });
      const { result } = await sender.send(outbound);
      if (result.kind === 'failed') return { statusCode: 500, message: result.message };
      return result.status >= 200 && result.status <= 299 ? { statusCode: result.status } : { statusCode: result.status, message: result.text };
    } finally {
      await sender.close();
    }
  }

  private hook(id: number): Webhook {
    const hook = this.deps.settings.hooks.find((candidate) => candidate.id === id);
    if (!hook) throw new NotFoundError('webhook.notFound');
    return hook;
  }

  private async row(hook: Webhook, deliveryId: number): Promise<OutboxRow> {
    const [row] = (await this.deps.store.find(OUTBOX, { id: deliveryId, webhook: hook.name }, { limit: 1 })) as OutboxRow[];
    if (!row) throw new NotFoundError('delivery.notFound', { webhook: hook.id, delivery: deliveryId });
    return row;
  }

  private async view(hook: Webhook): Promise<WebhookView> {
    const counts = await Promise.all(STATUSES.map((status) => this.deps.store.count(OUTBOX, { webhook: hook.name, status })));
    const { id, name, url, headers, events, enabled, contentTypes, secret } = hook;
    return { id, name, url, headers, events, isEnabled: enabled, contentTypes: contentTypes ?? null, signed: secret !== undefined, deliveries: Object.fromEntries(STATUSES.map((status, i) => [status, counts[i]])) as Record<DeliveryStatus, number> };
  }
}

/** A delivery as the admin shows it: the entry it is about, each attempt, and (for one delivery) its body. */
function deliveryView(row: OutboxRow, withBody: boolean) {
  const [uid, entryId] = row.lane.split('#');
  return {
    id: row.id,
    deliveryId: row.delivery,
    event: row.event,
    uid,
    entryId: Number(entryId),
    status: row.status,
    createdAt: row.createdAt,
    nextAttemptAt: row.status === 'queued' ? row.nextAt : null,
    attempts: row.attempts.map(({ at, ms, statusCode, message }) => ({ at, ms, statusCode: statusCode ?? null, message: message ?? null })),
    resendOf: row.resendOf ?? null,
    ...(withBody ? { body: JSON.parse(row.body) as unknown } : {}),
  };
}

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new ValidationError(`${name} must be a positive integer`, { [name]: value });
  return number;
}
