// The delivery worker: while this gateway holds the delivery lease (lease.ts), it sends the
// outbox's queued deliveries of each webhook (queue.ts: one entry's in order, at most the
// webhook's concurrency at once, each webhook on its own connections), records every attempt in
// the delivery's row, and retries or keeps it as failed as retry.ts says. Woken by this gateway's
// committed writes, by due times, and on a shared store by a poll of the outbox for other
// gateways' deliveries. Nothing here is awaited by a write or a read.
import { OUTBOX, outboxIndexes, type Attempt, type OutboxRow } from './outbox.ts';
import { LEASES, Lease } from './lease.ts';
import type { WebhookMetrics } from './metrics.ts';
import { DeliveryQueue } from './queue.ts';
import { webhookRequest } from './request.ts';
import { backoffMs, nextStep, type AttemptResult, type NextStep } from './retry.ts';
import type { Sender } from './http-sender.ts';
import type { Webhook, WebhookSettings } from './settings.ts';
import type { Store } from '../store/store.ts';

/** The clock and timers the worker runs on (tests give their own). */
export interface Timers {
  now(): number;
  /** Runs `run` after `ms`; returns what cancels it. */
  after(ms: number, run: () => void): () => void;
}

export interface WorkerDeps {
  store: Store;
  settings: WebhookSettings;
  senderFor(hook: Webhook): Sender;
  timers: Timers;
  random(): number;
  metrics: WebhookMetrics;
  /** Where a failure of the worker's own (the store refusing a row) is told. */
  report(error: unknown, doing: string): void;
  /** This gateway's name in the lease. */
  holder: string;
  /** Other gateways write to the store (MongoDB): poll the outbox for their deliveries. */
  shared: boolean;
}

/** Deliveries of one webhook held in memory at most; the rest wait in the store. */
const HELD_PER_WEBHOOK = 1000;
const SWEEP_EVERY_MS = 3_600_000;
/** The longest a delivery's attempt is kept in its row. */
const MESSAGE_CHARS = 1024;

interface Lane {
  readonly hook: Webhook;
  readonly queue: DeliveryQueue;
  readonly sender: Sender;
  /** Rows that arrived while the store was being read for this webhook. */
  arrived?: OutboxRow[];
  wake?: { at: number; cancel(): void };
  /** Attempts that failed in a row, and until when the webhook rests because of them (see `rest`). */
  failures: number;
  restUntil: number;
}

export class DeliveryWorker {
  readonly #lanes: Map<string, Lane>;
  readonly #lease: Lease;
  readonly #inFlight = new Set<Promise<void>>();
  /**
   * Deliveries settled (delivered or failed) -> when their row was written (undefined: being
   * written). A read of the outbox begun before that may still see them queued: such reads do
   * not take them back. Kept while a read begun before the write runs.
   */
  readonly #settled = new Map<number, number | undefined>();
  /** When each read of the outbox in progress began. */
  readonly #reads = new Set<{ readonly began: number }>();
  readonly #timers = new Set<() => void>();
  #running = false;

  constructor(private readonly deps: WorkerDeps) {
    const hooks = deps.settings.hooks.filter((hook) => hook.enabled);
    this.#lanes = new Map(hooks.map((hook) => [hook.name, { hook, queue: new DeliveryQueue(HELD_PER_WEBHOOK), sender: deps.senderFor(hook), failures: 0, restUntil: 0 }]));
    this.#lease = new Lease(deps.store, deps.holder, deps.settings.delivery.leaseMs, deps.timers);
  }

  /** Whether this gateway is the one delivering now. */
  get delivering(): boolean {
    return this.#running && this.#lease.held;
  }

  /** Starts taking the lease and delivering; returns once the outbox's indexes exist. */
  async start(): Promise<void> {
    if (this.#running || this.#lanes.size === 0) return;
    this.#running = true;
    await this.deps.store.ensureIndexes(OUTBOX, outboxIndexes(this.deps.shared), { keyFields: ['webhook', 'status'], learnIndexes: false, keyTable: false });
    await this.deps.store.ensureIndexes(LEASES, [{ keys: { id: 1 }, unique: true, name: 'id_1' }]);
    void this.track(this.heartbeat());
    this.every(SWEEP_EVERY_MS, () => this.sweep());
    if (this.deps.shared) this.every(this.deps.settings.delivery.pollMs, () => this.poll());
  }

  /** Stops: connections closed (requests in flight end unrecorded, so they are sent again), the lease let go. */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    for (const cancel of this.#timers) cancel();
    for (const lane of this.#lanes.values()) lane.wake?.cancel();
    await Promise.all([...this.#lanes.values()].map((lane) => lane.sender.close().catch(() => undefined)));
    await Promise.allSettled([...this.#inFlight]);
    await this.#lease.release().catch((error) => this.deps.report(error, 'letting the webhook delivery lease go'));
  }

  /** Deliveries this gateway just committed (or re-sent): sent at once when it is the one delivering. */
  queued(rows: readonly OutboxRow[]): void {
    if (!this.delivering) return;
    const touched = new Set<Lane>();
    for (const row of rows) {
      const lane = this.#lanes.get(row.webhook);
      if (!lane) continue;
      if (lane.arrived) lane.arrived.push(row);
      else lane.queue.add([row]);
      touched.add(lane);
    }
    for (const lane of touched) this.pump(lane);
  }

  /** Takes or renews the lease every third of its length; on taking it, reads the outbox. */
  private async heartbeat(): Promise<void> {
    if (!this.#running) return;
    const was = this.#lease.held;
    try {
      await this.#lease.renew();
    } catch (error) {
      this.deps.report(error, 'renewing the webhook delivery lease');
    }
    if (!this.#running) return;
    const held = this.#lease.held;
    if (held && !was) await this.adopt();
    if (!held && was) for (const lane of this.#lanes.values()) lane.queue.clear();
    if (this.#running) this.later(Math.max(1, Math.floor(this.deps.settings.delivery.leaseMs / 3)), () => void this.track(this.heartbeat()));
  }

  /** The lease was taken: every webhook's queued deliveries are read from the store, old ones swept. */
  private async adopt(): Promise<void> {
    for (const lane of this.#lanes.values()) {
      lane.queue.clear();
      this.track(this.fill(lane));
    }
    this.track(this.sweep());
  }

  /** Reads the webhook's next queued deliveries after the last one held. */
  private async fill(lane: Lane): Promise<void> {
    if (lane.arrived) return;
    lane.arrived = [];
    try {
      const room = lane.queue.capacity - lane.queue.size;
      const filter = { webhook: lane.hook.name, status: 'queued', id: { $gt: lane.queue.lastId } };
      const rows = await this.read(() => this.deps.store.find(OUTBOX, filter, { sort: [['id', 1]], limit: room }));
      lane.queue.add(rows.filter((row) => !this.#settled.has(row.id)), { complete: rows.length < room });
    } catch (error) {
      this.deps.report(error, `reading the outbox of webhook ${lane.hook.name}`);
    } finally {
      const arrived = lane.arrived;
      lane.arrived = undefined;
      lane.queue.add(arrived);
    }
    this.pump(lane);
  }

  /** Sends what is due, up to the webhook's concurrency; sets the timer for the next due one. */
  private pump(lane: Lane): void {
    if (!this.delivering) return;
    const now = this.deps.timers.now();
    const { ready, wakeAt } = now < lane.restUntil ? { ready: [], wakeAt: lane.restUntil } : lane.queue.take(now, this.deps.settings.delivery.concurrency);
    for (const row of ready) this.track(this.deliver(lane, row));
    if (wakeAt !== undefined && (!lane.wake || lane.wake.at > wakeAt)) {
      lane.wake?.cancel();
      const cancel = this.deps.timers.after(Math.max(0, wakeAt - now), () => {
        lane.wake = undefined;
        this.pump(lane);
      });
      lane.wake = { at: wakeAt, cancel };
    }
    if (!lane.queue.complete && lane.queue.size < lane.queue.capacity / 2 && !lane.arrived) this.track(this.fill(lane));
  }

  /**
   * A receiver failing every attempt (down, refusing, timing out) is not sent each of its queued
   * deliveries in turn: once as many attempts in a row failed as it may have in flight, the whole
   * webhook rests, for the backoff of its failures, then tries again; a delivery resets it.
   */
  private rest(lane: Lane, step: NextStep): void {
    if (step.status === 'delivered') {
      lane.failures = 0;
      lane.restUntil = 0;
      return;
    }
    if (step.status !== 'queued') return;
    const { delivery } = this.deps.settings;
    lane.failures += 1;
    if (lane.failures >= delivery.concurrency) lane.restUntil = this.deps.timers.now() + backoffMs(lane.failures - delivery.concurrency + 1, delivery, this.deps.random);
  }

  /** One attempt, its row updated in the store; then the webhook's next deliveries. */
  private async deliver(lane: Lane, row: OutboxRow): Promise<void> {
    const { timers, settings } = this.deps;
    const at = new Date(timers.now());
    const outbound = webhookRequest({ hook: lane.hook, defaultHeaders: settings.defaultHeaders, event: row.event, rest: JSON.parse(row.body), delivery: row.delivery, now: at });
    const { result, ms } = await lane.sender.send(outbound);
    if (!this.#running) return lane.queue.settle(row.id, row);
    const made = row.attempts.length + 1;
    const step = nextStep(result, made, settings.delivery, timers.now(), this.deps.random);
    const nextAt = step.status === 'queued' ? new Date(step.nextAt) : row.nextAt;
    const updated: OutboxRow = { ...row, status: step.status, attempts: [...row.attempts, attemptOf(at, ms, result)], nextAt };
    this.deps.metrics.attempted(lane.hook.name, step.status === 'queued' ? 'retried' : step.status, ms / 1000);
    this.rest(lane, step);
    if (step.status !== 'queued') this.#settled.set(row.id, undefined);
    try {
      await this.deps.store.write([{ op: 'put', collection: OUTBOX, doc: updated }]);
      if (step.status !== 'queued') this.#settled.set(row.id, timers.now());
      this.prune();
      lane.queue.settle(row.id, step.status === 'queued' ? updated : undefined);
    } catch (error) {
      // Not recorded, so sent again later: what the store holds and what was sent meet (at least once).
      this.deps.report(error, `recording an attempt of webhook delivery ${row.delivery}`);
      this.#settled.delete(row.id);
      lane.queue.settle(row.id, { ...row, nextAt: new Date(timers.now() + backoffMs(made, settings.delivery, this.deps.random)) });
    }
    this.pump(lane);
  }

  /** Other gateways' deliveries (a shared store): queued ones not held here are read and held. */
  private async poll(): Promise<void> {
    if (!this.delivering) return;
    for (const lane of this.#lanes.values()) {
      const unknown = await this.read(async () => {
        const ids = await this.deps.store.find(OUTBOX, { webhook: lane.hook.name, status: 'queued' }, { sort: [['id', 1]], limit: lane.queue.capacity, projection: { id: 1 } });
        const fresh = ids.map((doc) => doc.id).filter((id) => !lane.queue.has(id) && !this.#settled.has(id));
        return fresh.length > 0 ? this.deps.store.find(OUTBOX, { id: { $in: fresh }, status: 'queued' }) : [];
      });
      lane.queue.add(unknown.filter((row) => !this.#settled.has(row.id)));
      this.pump(lane);
    }
  }

  /** An outbox read, noted while it runs (see #settled). */
  private async read(run: () => Promise<unknown[]>): Promise<OutboxRow[]> {
    const mark = { began: this.deps.timers.now() };
    this.#reads.add(mark);
    try {
      return (await run()) as OutboxRow[];
    } finally {
      this.#reads.delete(mark);
      this.prune();
    }
  }

  /** Forgets settled deliveries no read in progress began before. */
  private prune(): void {
    const oldest = Math.min(...[...this.#reads].map((mark) => mark.began));
    for (const [id, written] of this.#settled) if (written !== undefined && written < oldest) this.#settled.delete(id);
  }

  /**
   * Removes deliveries older than `keepDays` that are delivered, failed, or of a webhook no
   * longer delivered to (renamed, removed or disabled in the config): oldest first by id (ids grow
   * with time), a batch at a time, until one is younger. No index on the time: every write would
   * pay for it; the sweep runs hourly.
   */
  private async sweep(): Promise<void> {
    if (!this.delivering) return;
    const before = this.deps.timers.now() - this.deps.settings.delivery.keepDays * 86_400_000;
    const done = { $or: [{ status: { $in: ['delivered', 'failed'] } }, { webhook: { $nin: [...this.#lanes.keys()] } }] };
    for (let after = 0; ; ) {
      const batch = (await this.deps.store.find(OUTBOX, { $and: [done, { id: { $gt: after } }] }, { sort: [['id', 1]], limit: 500 })) as OutboxRow[];
      const old = batch.filter((row) => row.createdAt.getTime() < before);
      if (old.length > 0) await this.deps.store.deleteByIds(OUTBOX, old.map((row) => row.id));
      if (batch.length < 500 || old.length < batch.length) return;
      after = batch.at(-1)!.id;
    }
  }

  /** Runs `run` every `ms` while running; a failure is reported, the next run goes ahead. */
  private every(ms: number, run: () => Promise<void>): void {
    const tick = () => this.track(run().catch((error) => this.deps.report(error, 'a webhook worker task'))).finally(() => this.#running && this.later(ms, tick));
    this.later(ms, tick);
  }

  private later(ms: number, run: () => void): void {
    const cancel = this.deps.timers.after(ms, () => {
      this.#timers.delete(cancel);
      run();
    });
    this.#timers.add(cancel);
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((error) => this.deps.report(error, 'a webhook delivery'));
    this.#inFlight.add(tracked);
    void tracked.finally(() => this.#inFlight.delete(tracked));
    return tracked;
  }
}

/** One attempt as its row keeps it. */
function attemptOf(at: Date, ms: number, result: AttemptResult): Attempt {
  if (result.kind === 'failed') return { at, ms, message: result.message.slice(0, MESSAGE_CHARS) };
  return { at, ms, statusCode: result.status, ...(result.text ? { message: result.text.slice(0, MESSAGE_CHARS) } : {}) };
}
