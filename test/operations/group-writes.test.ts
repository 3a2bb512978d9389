// Writes sent together through the gateway (its HTTP handler, the measured store, the writer, the
// embedded store) share a transaction and an fsync: each is applied and visible before the disk
// acknowledged the one before it (so the next starts), and each is answered only once an fsync
// after its commit returned.
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { restCall } from '../support/test-gateway.ts';
import { writableGateway } from '../support/writable.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** An fsync that returns at once until `held`; then the test lets each return (`pending`). */
function heldSync() {
  const disk = { held: false, pending: [] as Array<() => void>, sync: () => (disk.held ? new Promise<void>((resolve) => disk.pending.push(resolve)) : Promise.resolve()) };
  return disk;
}

describe('writes sent together through the gateway', () => {
  it('are each applied and visible before the first fsync returned, and answered once it did: one commit, one fsync', async () => {
    const disk = heldSync();
    const store = new EmbeddedStore({ sync: disk.sync });
    const { gateway } = await writableGateway({ store });
    const before = await store.count('tags', {});
    const syncsBefore = store.durability.syncs;
    disk.held = true;
    let answered = 0;
    const creates = Array.from({ length: 5 }, (_, n) => restCall(gateway, 'POST', '/api/tags', { name: `together-${n}` }).then((result) => {
      answered += 1;
      return result;
    }));
    for (let i = 0; i < 50 && disk.pending.length === 0; i++) await turn();
    for (let i = 0; i < 20; i++) await turn();
    expect(await store.count('tags', {})).toBe(before + 5);
    expect(answered).toBe(0);
    expect(store.durability.syncs - syncsBefore).toBe(1);
    while (answered < 5) {
      disk.pending.splice(0).forEach((release) => release());
      await turn();
    }
    expect((await Promise.all(creates)).map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect(store.durability.syncs - syncsBefore).toBe(1);
    await store.close();
  });
});
