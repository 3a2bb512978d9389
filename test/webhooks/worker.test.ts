// The delivery worker on a clock and a sender the test holds: old deliveries are swept once the
// lease is taken (delivered, failed, or of a webhook no longer in the config; never a queued one
// of a webhook it delivers to), and an attempt whose row the store refused is sent again later.
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Change } from '../../src/store/store.ts';
import type { OutboxRow } from '../../src/webhooks/outbox.ts';
import { OUTBOX, queuedRow } from '../../src/webhooks/outbox.ts';
import type { Sender } from '../../src/webhooks/http-sender.ts';
import { NO_WEBHOOK_METRICS } from '../../src/webhooks/metrics.ts';
import { DEFAULT_DELIVERY, NO_WEBHOOKS, type Webhook } from '../../src/webhooks/settings.ts';
import { DeliveryWorker, type Timers } from '../../src/webhooks/worker.ts';
import { eventually } from '../support/eventually.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const hook: Webhook = { id: 1, name: 'site', url: 'https://example.com/hook', headers: {}, events: ['entry.create'], enabled: true };

/** Timers that run only when the test says: `fire()` runs those due at the clock's time. */
function manualTimers(): Timers & { fire(): void; clock: { at: number } } {
  const clock = { at: NOW };
  const pending = new Set<{ at: number; run: () => void }>();
  return {
    clock,
    now: () => clock.at,
    after(ms, run) {
      const timer = { at: clock.at + ms, run };
      pending.add(timer);
      return () => pending.delete(timer);
    },
    fire() {
      for (const timer of [...pending]) if (timer.at <= clock.at) (pending.delete(timer), timer.run());
    },
  };
}

function countingSender(status: number): Sender & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    async send(outbound) {
      sent.push(outbound.headers.find(([name]) => name === 'webhook-id')![1]);
      return { result: { kind: 'answered', status, text: '' }, ms: 1 };
    },
    close: async () => {},
  };
}

const row = (id: number, webhook: string, status: OutboxRow['status'], ageDays: number): OutboxRow => ({
  ...queuedRow({ id, delivery: `d${id}`, webhook, event: 'entry.create', lane: `api::tag.tag#${id}`, body: '{"model":"tag","uid":"api::tag.tag","entry":{"id":1}}', at: new Date(NOW - ageDays * DAY) }),
  status,
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function worker(store: EmbeddedStore, sender: Sender, timers: Timers, concurrency = DEFAULT_DELIVERY.concurrency) {
  const subject = new DeliveryWorker({
    store, settings: { ...NO_WEBHOOKS, delivery: { ...DEFAULT_DELIVERY, minDelayMs: 1000, maxDelayMs: 1000, concurrency }, hooks: [hook] }, senderFor: () => sender, timers,
    random: () => 0, metrics: NO_WEBHOOK_METRICS, report: () => {}, holder: 'test', shared: false,
  });
  cleanups.push(() => subject.stop(), () => store.close());
  return subject;
}

describe('the delivery worker', () => {
  it('sweeps old delivered, failed and orphaned deliveries once it holds the lease, never a queued one it delivers', async () => {
    const store = new EmbeddedStore();
    const rows = [row(1, 'site', 'delivered', 8), row(2, 'site', 'failed', 8), row(3, 'removed', 'queued', 8), row(4, 'site', 'delivered', 1), row(5, 'site', 'queued', 8)];
    await store.write(rows.map((doc): Change => ({ op: 'put', collection: OUTBOX, doc })));
    const sender = countingSender(503);
    await worker(store, sender, manualTimers()).start();
    await eventually(async () => (await store.count(OUTBOX, {})) === 2);
    expect((await store.find(OUTBOX, {}, { sort: [['id', 1]] })).map((doc) => doc.id)).toEqual([4, 5]);
    await eventually(() => sender.sent.length === 1);
    expect(sender.sent).toEqual(['d5']);
  });

  it('rests a webhook whose every attempt fails, probing it once its backoff has passed, not sending each delivery in turn', async () => {
    const store = new EmbeddedStore();
    await store.write(Array.from({ length: 10 }, (_, i): Change => ({ op: 'put', collection: OUTBOX, doc: row(i + 1, 'site', 'queued', 0) })));
    const sender = countingSender(503);
    const timers = manualTimers();
    await worker(store, sender, timers, 2).start();
    await eventually(() => sender.sent.length === 2);
    await eventually(async () => (await store.count(OUTBOX, { attempts: { $size: 1 } })) === 2);
    // Every due row is due again, but the webhook rests: nothing more is sent until its wait is over.
    timers.clock.at += 400;
    timers.fire();
    expect(sender.sent).toEqual(['d1', 'd2']);
    timers.clock.at += 600;
    timers.fire();
    await eventually(() => sender.sent.length === 4);
    expect(sender.sent).toEqual(['d1', 'd2', 'd1', 'd2']);
  });

  it('sends again later an attempt whose row the store could not take', async () => {
    const store = new EmbeddedStore();
    await store.write([{ op: 'put', collection: OUTBOX, doc: row(1, 'site', 'queued', 0) }]);
    const write = store.write.bind(store);
    let refuse = true;
    store.write = async (changes) => {
      if (refuse && changes.some((change) => change.collection === OUTBOX)) {
        refuse = false;
        throw new Error('the disk is full');
      }
      return write(changes);
    };
    const sender = countingSender(200);
    const timers = manualTimers();
    await worker(store, sender, timers).start();
    await eventually(() => sender.sent.length === 1);
    expect((await store.find(OUTBOX, {}))[0]).toMatchObject({ status: 'queued', attempts: [] });
    timers.clock.at += 1000;
    timers.fire();
    await eventually(async () => (await store.find(OUTBOX, {}))[0]!.status === 'delivered');
    expect(sender.sent).toEqual(['d1', 'd1']);
  });
});
