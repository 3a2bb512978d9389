// A request's deadline: it passes on time or when the client leaves, and stops reads.
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
    // A read that ends only when the test says so: the deadline is the only thing that can end it.
    let finish!: () => void;
    const running = new Promise<never[]>((resolve) => (finish = () => resolve([])));
    const slow = { ...store, find: () => running, count: store.count.bind(store), aggregate: store.aggregate.bind(store) };
    const deadline = new Deadline(20);
    const held = withDeadline(slow, deadline);
    await expect(held.find('things', {})).rejects.toThrow(/deadline/);
    await expect(held.count('things', {})).rejects.toThrow(/deadline/);
    finish();
  });
});
