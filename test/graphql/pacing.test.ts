// A request's pacing: it holds a large answer's entries between slices so other requests run,
// without splitting a level's DataLoader batch, and gives up once the deadline has passed.
// Slices are measured by a clock the test moves by hand, so a busy machine changes nothing.
import { describe, expect, it } from 'vitest';
import { Pacing } from '../../src/query/pacing.ts';
import { Deadline } from '../../src/limits/deadline.ts';
import { Pacer, SLICE_MS } from '../../src/limits/slices.ts';

/** A pacing whose slices are measured by `clock.now`, which only `work` moves. */
function pacedBy(deadline = Deadline.none()) {
  const clock = { now: 0 };
  const pacing = new Pacing(deadline, new Pacer(SLICE_MS, () => clock.now));
  const work = (ms: number) => {
    clock.now += ms;
  };
  return { pacing, work };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('pacing a large answer', () => {
  it('answers at once while the slice lasts', () => {
    const { pacing, work } = pacedBy();
    work(SLICE_MS);
    expect(pacing.pace('a')).toBe('a');
  });

  it('holds callers once the slice is spent, lets them through in order, and lets the event loop run between slices', async () => {
    const { pacing, work } = pacedBy();
    work(2 * SLICE_MS);
    const events: string[] = [];
    const held = [1, 2, 3].map((n) => Promise.resolve(pacing.pace(n)).then((value) => {
      events.push(`released ${value}`);
      work(SLICE_MS + 1);
    }));
    setImmediate(() => events.push('other work'));
    await Promise.all(held);
    expect(events).toEqual(['released 1', 'other work', 'released 2', 'released 3']);
    expect(pacing.entries).toBe(3);
  });

  it('lets every held caller through in one slice when their work is short', async () => {
    const { pacing, work } = pacedBy();
    work(2 * SLICE_MS);
    const events: string[] = [];
    const held = [1, 2, 3].map((n) => Promise.resolve(pacing.pace(n)).then((value) => events.push(`released ${value}`)));
    setImmediate(() => events.push('other work'));
    await Promise.all(held);
    expect(events).toEqual(['released 1', 'released 2', 'released 3']);
  });

  it('sends a scheduled batch only after every held caller was let through', async () => {
    const { pacing, work } = pacedBy();
    work(2 * SLICE_MS);
    const events: string[] = [];
    const held = [1, 2].map((n) => Promise.resolve(pacing.pace(n)).then((value) => {
      events.push(`released ${value}`);
      work(SLICE_MS + 1);
    }));
    pacing.schedule(() => events.push('batch'));
    await Promise.all(held);
    await turn();
    await turn();
    expect(events).toEqual(['released 1', 'released 2', 'batch']);
  });

  it('rejects held callers once the deadline has passed', async () => {
    const deadline = new Deadline(5);
    // Timers fire in the order they fall due: the deadline's (5 ms) before this one (20 ms).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { pacing, work } = pacedBy(deadline);
    work(2 * SLICE_MS);
    await expect(Promise.resolve(pacing.pace('x'))).rejects.toThrow(/deadline of 5 ms/);
  });
});
