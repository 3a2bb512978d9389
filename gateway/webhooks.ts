// The config file's webhooks -> their parts in one gateway: the outbox recorder (each write's
// deliveries written in the write's own atomic store write) and the subscriber handing them to the
// delivery worker, both on the gateway's lifecycle; the worker, started and stopped with the
// gateway; the admin's reads and actions, served at /admin.
import { hostname } from 'node:os';
import { ConfigurationError } from '../src/errors/errors.ts';
import { closest } from '../src/errors/did-you-mean.ts';
import type { ContentModel } from '../src/model/types.ts';
import type { Lifecycle } from '../src/operations/lifecycle.ts';
import type { Store } from '../src/store/store.ts';
import { WebhookAdmin } from '../src/webhooks/admin.ts';
import { httpSender } from '../src/webhooks/http-sender.ts';
import type { WebhookMetrics } from '../src/webhooks/metrics.ts';
import { Outbox } from '../src/webhooks/outbox.ts';
import type { Webhook, WebhookSettings } from '../src/webhooks/settings.ts';
import { DeliveryWorker, type Timers } from '../src/webhooks/worker.ts';

export interface GatewayWebhooks {
  readonly admin: WebhookAdmin;
  readonly worker: DeliveryWorker;
  /** Starts delivering (once the store is ready). */
  start(): Promise<void>;
  /** Stops delivering: what is in flight is sent again by the next gateway to deliver. */
  stop(): Promise<void>;
}

export interface WebhookDeps {
  model: ContentModel;
  store: Store;
  lifecycle: Lifecycle;
  settings: WebhookSettings;
  metrics: WebhookMetrics;
  report(error: unknown, doing: string): void;
  /** Other gateways share the store (MongoDB). */
  shared: boolean;
  /** This gateway's name in the delivery lease; a fresh one per process when absent. */
  holder?: string;
  timers?: Timers;
  random?: () => number;
}

/** Outbox row ids one gateway alone on its store takes at a time (a store call saved per write). */
const OUTBOX_IDS_AT_ONCE = 256;

/** Real time; timers that never keep the process alive on their own. */
export const REAL_TIMERS: Timers = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** @throws ConfigurationError for a webhook filtering on a content-type the model does not have. */
export function gatewayWebhooks(deps: WebhookDeps): GatewayWebhooks {
  checkContentTypes(deps.model, deps.settings.hooks);
  const { settings, store } = deps;
  const { delivery } = settings;
  const senderFor = (hook: Webhook) => httpSender({ timeoutMs: delivery.timeoutMs, maxResponseBytes: delivery.maxResponseBytes, connections: delivery.concurrency, allowLocalAddresses: settings.allowLocalAddresses });
  const timers = deps.timers ?? REAL_TIMERS;
  const worker = new DeliveryWorker({
    store, settings, senderFor, timers, random: deps.random ?? Math.random, metrics: deps.metrics, report: deps.report, shared: deps.shared,
    holder: deps.holder ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 10)}`,
  });
  if (settings.hooks.some((hook) => hook.enabled)) {
    const outbox = new Outbox({ model: deps.model, store, hooks: settings.hooks, idsAtOnce: deps.shared ? 1 : OUTBOX_IDS_AT_ONCE });
    deps.lifecycle.record(outbox.record);
    deps.lifecycle.subscribe((committed) => {
      const rows = outbox.recordedWith(committed);
      if (rows.length === 0) return;
      for (const row of rows) deps.metrics.queued(row.webhook, 1);
      worker.queued(rows);
    });
  }
  const admin = new WebhookAdmin({ store, settings, senderFor, queued: (rows) => worker.queued(rows), now: timers.now, metrics: deps.metrics });
  return { admin, worker, start: () => worker.start(), stop: () => worker.stop() };
}

function checkContentTypes(model: ContentModel, hooks: readonly Webhook[]): void {
  for (const [index, hook] of hooks.entries()) {
    for (const uid of hook.contentTypes ?? []) {
      if (model.contentTypes.has(uid)) continue;
      const near = closest(uid, model.contentTypes.keys());
      throw new ConfigurationError(`Invalid config file: webhooks.hooks.${index}.contentTypes: no content-type ${uid} in the model${near ? ` (did you mean ${near}?)` : ''}`);
    }
  }
}
