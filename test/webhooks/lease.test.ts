// The delivery lease on a clock the test moves: taken when free, renewed by its holder, refused to
// another while it runs, taken by another once expired (the first then knows it lost it), and let
// go at once by a holder that stops.
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { Lease } from '../../src/webhooks/lease.ts';

describe('the delivery lease', () => {
  it('goes to one gateway at a time', async () => {
    const store = new EmbeddedStore();
    const clock = { now: () => 1000 };
    const first = new Lease(store, 'first', 300, clock);
    const second = new Lease(store, 'second', 300, clock);
    const steps: Array<[string, boolean]> = [];
    const step = async (name: string, lease: Lease, at: number) => {
      clock.now = () => at;
      steps.push([name, await lease.renew()]);
    };
    await step('first takes the free lease', first, 1000);
    await step('second is refused while it runs', second, 1100);
    await step('first renews it', first, 1200);
    await step('second is refused before the renewed expiry', second, 1450);
    await step('second takes it once expired', second, 1600);
    expect(first.held).toBe(false);
    await step('first is refused its renewal', first, 1650);
    await second.release();
    await step('first takes it at once after second let it go', first, 1660);
    expect(steps).toEqual([
      ['first takes the free lease', true],
      ['second is refused while it runs', false],
      ['first renews it', true],
      ['second is refused before the renewed expiry', false],
      ['second takes it once expired', true],
      ['first is refused its renewal', false],
      ['first takes it at once after second let it go', true],
    ]);
    await store.close();
  });
});
