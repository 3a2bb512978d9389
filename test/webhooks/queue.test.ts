// One webhook's deliveries in memory: each entry's first delivery goes, the next of that entry
// waits for it; entries go side by side up to the webhook's concurrency; a delivery not due yet
// holds its entry back and says when to look again; past the capacity the rest wait in the store.
import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../src/webhooks/outbox.ts';
import { DeliveryQueue } from '../../src/webhooks/queue.ts';

const T = 1_000_000;
const row = (id: number, lane: string, dueIn = 0): OutboxRow => ({
  id, delivery: `d${id}`, webhook: 'w', event: 'entry.update', lane, body: '{}', status: 'queued', attempts: [], nextAt: new Date(T + dueIn), createdAt: new Date(T),
});

describe('what a webhook sends next', () => {
  it.each([
    { name: 'one delivery per entry, in id order', rows: [row(1, 'a'), row(2, 'a'), row(3, 'b')], concurrency: 8, ready: [1, 3], wakeAt: undefined },
    { name: 'no more than the concurrency', rows: [row(1, 'a'), row(2, 'b'), row(3, 'c')], concurrency: 2, ready: [1, 2], wakeAt: undefined },
    { name: 'an entry whose first is not due waits, others go', rows: [row(1, 'a', 500), row(2, 'a'), row(3, 'b')], concurrency: 8, ready: [3], wakeAt: T + 500 },
    { name: 'the earliest due time of the waiting ones', rows: [row(1, 'a', 900), row(2, 'b', 300)], concurrency: 8, ready: [], wakeAt: T + 300 },
    { name: 'rows added out of order are sent in id order', rows: [row(5, 'a'), row(2, 'a')], concurrency: 8, ready: [2], wakeAt: undefined },
  ])('$name', ({ rows, concurrency, ready, wakeAt }) => {
    const queue = new DeliveryQueue(100);
    queue.add(rows);
    const taken = queue.take(T, concurrency);
    expect(taken.ready.map((taken) => taken.id)).toEqual(ready);
    expect(taken.wakeAt).toBe(wakeAt);
  });

  it("sends an entry's next delivery only once its first settled, retried ones keeping their place", () => {
    const queue = new DeliveryQueue(100);
    queue.add([row(1, 'a'), row(2, 'a')]);
    expect(queue.take(T, 8).ready.map((r) => r.id)).toEqual([1]);
    expect(queue.take(T, 8).ready).toEqual([]);
    queue.settle(1, { ...row(1, 'a', 100), attempts: [{ at: new Date(T), ms: 5, statusCode: 500 }] });
    expect(queue.take(T, 8)).toEqual({ ready: [], wakeAt: T + 100 });
    expect(queue.take(T + 100, 8).ready.map((r) => r.id)).toEqual([1]);
    queue.settle(1);
    expect(queue.take(T + 100, 8).ready.map((r) => r.id)).toEqual([2]);
  });

  it('keeps the lowest ids past its capacity, and leaves later ones to the store while it is incomplete', () => {
    const queue = new DeliveryQueue(2);
    queue.add([row(1, 'a'), row(2, 'b'), row(3, 'c')]);
    expect([queue.size, queue.lastId, queue.complete]).toEqual([2, 2, false]);
    queue.add([row(4, 'd')]);
    expect(queue.lastId).toBe(2);
    queue.settle(1);
    queue.add([row(3, 'c'), row(4, 'd')], { complete: true });
    expect([queue.size, queue.lastId, queue.complete]).toEqual([2, 3, false]);
  });

  it('does not send twice a delivery in flight when the lease is lost and it is read again', () => {
    const queue = new DeliveryQueue(10);
    queue.add([row(1, 'a')]);
    expect(queue.take(T, 8).ready).toHaveLength(1);
    queue.clear();
    queue.add([row(1, 'a')], { complete: true });
    expect(queue.take(T, 8).ready).toEqual([]);
    expect(queue.has(1)).toBe(true);
  });
});
