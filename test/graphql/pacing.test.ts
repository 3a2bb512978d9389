// A request's pacing: it holds a large answer's entries between slices so other requests run,
// without splitting a level's DataLoader batch, and gives up once the deadline has passed.
import { describe, expect, it } from 'vitest';
import { Pacing } from '../../src/query/pacing.ts';
import { Deadline } from '../../src/limits/deadline.ts';

describe('pacing a large answer', () => {
  it('answers at once while the slice lasts', () => {
    const pacing = new Pacing(Deadline.none());
    expect(pacing.pace('a')).toBe('a');
  });

  it('holds callers once the slice is spent, lets them through in order, and lets the event loop run between slices', async () => {
    const pacing = new Pacing(Deadline.none());
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    busy(20);
    const order: number[] = [];
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const held = [1, 2, 3].map((n) => Promise.resolve(pacing.pace(n)).then((value) => {
      order.push(value);
      busy(10);
    }));
    expect(held.length).toBe(3);
    await Promise.all(held);
    expect(order).toEqual([1, 2, 3]);
    expect(timerRan).toBe(true);
  });

  it('sends a scheduled batch only after every held caller was let through', async () => {
    const pacing = new Pacing(Deadline.none());
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    busy(20);
    const events: string[] = [];
    const held = [1, 2].map((n) => Promise.resolve(pacing.pace(n)).then((value) => {
      events.push(`released ${value}`);
      busy(10);
    }));
    pacing.schedule(() => events.push('batch'));
    await Promise.all(held);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['released 1', 'released 2', 'batch']);
  });

  it('rejects held callers once the deadline has passed', async () => {
    const pacing = new Pacing(new Deadline(5));
    const until = performance.now() + 20;
    while (performance.now() < until);
    await expect(Promise.resolve(pacing.pace('x'))).rejects.toThrow(/deadline of 5 ms/);
  });
});
