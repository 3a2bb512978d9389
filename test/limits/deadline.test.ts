// A request's deadline: it passes on time or when the client leaves, stops reads, and paces long
// work so other requests run between its slices without splitting a level's DataLoader batch.
import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../src/errors/errors.ts';
import { Deadline } from '../../src/limits/deadline.ts';
import { withDeadline } from '../../src/store/deadline-store.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a deadline', () => {
  it('passes after its time, with a 503 naming it', async () => {
    const deadline = new Deadline(20);
    expect(() => deadline.check()).not.toThrow();
    await sleep(40);
    expect(deadline.passed).toBe(true);
    expect(() => deadline.check()).toThrow(ServiceUnavailableError);
    expect(() => deadline.check()).toThrow('The request did not finish within its deadline of 20 ms and was stopped');
    deadline.dispose();
  });

  it('passes when the client leaves', () => {
    const client = new AbortController();
    const deadline = new Deadline(60_000, client.signal);
    client.abort();
    expect(deadline.passed).toBe(true);
    expect(() => deadline.check()).toThrow('The client closed the connection');
    deadline.dispose();
  });

  it('ends a race with work that outlasts it, and leaves finished work alone', async () => {
    const deadline = new Deadline(20);
    await expect(deadline.race(Promise.resolve('done'))).resolves.toBe('done');
    await expect(deadline.race(sleep(1000))).rejects.toThrow(/deadline of 20 ms/);
    expect(deadline.isOwn(deadline.signal.reason)).toBe(true);
    expect(deadline.isOwn(new Error('other'))).toBe(false);
  });

  it('keeps no timer alive once disposed', async () => {
    const deadline = new Deadline(20);
    deadline.dispose();
    await sleep(40);
    expect(deadline.passed).toBe(false);
  });

  it('stops a store read that has not started, and gives up one still running', async () => {
    const store = new EmbeddedStore();
    await store.upsertMany('things', [{ id: 1 }]);
    const slow = { ...store, find: () => sleep(1000).then(() => []), count: store.count.bind(store), aggregate: store.aggregate.bind(store) };
    const deadline = new Deadline(20);
    const held = withDeadline(slow, deadline);
    const started = performance.now();
    await expect(held.find('things', {})).rejects.toThrow(/deadline/);
    expect(performance.now() - started).toBeLessThan(500);
    await expect(held.count('things', {})).rejects.toThrow(/deadline/);
  });
});

describe('pacing long work', () => {
  it('answers at once while the slice lasts', () => {
    const deadline = Deadline.none();
    expect(deadline.pace('a')).toBe('a');
  });

  it('holds callers once the slice is spent, lets them through in order, and lets the event loop run between slices', async () => {
    const deadline = Deadline.none();
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    busy(20);
    const order: number[] = [];
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const held = [1, 2, 3].map((n) => Promise.resolve(deadline.pace(n)).then((value) => {
      order.push(value);
      busy(10);
    }));
    expect(held.length).toBe(3);
    await Promise.all(held);
    expect(order).toEqual([1, 2, 3]);
    expect(timerRan).toBe(true);
  });

  it('sends a scheduled batch only after every held caller was let through', async () => {
    const deadline = Deadline.none();
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    busy(20);
    const events: string[] = [];
    const held = [1, 2].map((n) => Promise.resolve(deadline.pace(n)).then((value) => {
      events.push(`released ${value}`);
      busy(10);
    }));
    deadline.schedule(() => events.push('batch'));
    await Promise.all(held);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['released 1', 'released 2', 'batch']);
  });

  it('rejects held callers once the deadline has passed', async () => {
    const deadline = new Deadline(5);
    const until = performance.now() + 20;
    while (performance.now() < until);
    await expect(Promise.resolve(deadline.pace('x'))).rejects.toThrow(/deadline of 5 ms/);
  });
});
