// The delivery lease: a document in the shared store naming the one gateway that delivers webhook
// events, until when. A gateway takes it when it is free or expired and renews it while it runs,
// each time with the store's compare-and-set (Store.putIf), so two gateways never both hold it.
import type { Store } from '../store/store.ts';

export const LEASES = '_leases';
/** The webhook delivery lease's id in `_leases`. */
const WEBHOOKS_LEASE = 1;

export interface Clock {
  now(): number;
}

export class Lease {
  /** Until when this gateway holds the lease, as far as it knows (0: not held). */
  #until = 0;

  constructor(
    private readonly store: Pick<Store, 'putIf'>,
    readonly holder: string,
    private readonly leaseMs: number,
    private readonly clock: Clock,
  ) {}

  /** Whether this gateway holds the lease now. */
  get held(): boolean {
    return this.#until > this.clock.now();
  }

  /**
   * Takes or renews the lease; true when this gateway holds it afterwards. A store that cannot
   * answer leaves what was known: held until it expires.
   */
  async renew(): Promise<boolean> {
    const now = this.clock.now();
    const until = now + this.leaseMs;
    const doc = { id: WEBHOOKS_LEASE, name: 'webhooks', holder: this.holder, until };
    const taken = await this.store.putIf(LEASES, doc, { $or: [{ holder: this.holder }, { until: { $lt: now } }] });
    this.#until = taken ? until : 0;
    return taken;
  }

  /** Lets the lease go at once (a gateway stopping), so another one takes it without waiting for it to expire. */
  async release(): Promise<void> {
    if (this.#until === 0) return;
    this.#until = 0;
    await this.store.putIf(LEASES, { id: WEBHOOKS_LEASE, name: 'webhooks', holder: '', until: 0 }, { holder: this.holder });
  }
}
