// JSON written in slices: the same text as JSON.stringify, whatever the value, with turns of the
// event loop between slices of a large one, and stopped by a deadline.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Deadline } from '../../src/limits/deadline.ts';
import { stringifyInSlices } from '../../src/limits/stringify.ts';

const largeAnswer = () => ({
  data: Array.from({ length: 50 }, (_, i) => ({
    id: i,
    attributes: { title: `t${i}`, tags: { data: Array.from({ length: 100 }, (_, j) => ({ id: j, attributes: { name: `n${j}`, when: new Date(0) } })) } },
  })),
});

describe('JSON in slices', () => {
  it('writes what JSON.stringify writes, for any JSON-able value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything({ withDate: true, withNullPrototype: true, withBoxedValues: false, withMap: false, withSet: false }), async (value) => {
        let expected: string;
        try {
          expected = JSON.stringify(value) ?? 'null';
        } catch {
          return; // a bigint: JSON.stringify has no answer either
        }
        expect(await stringifyInSlices(value, { sliceMs: 0 })).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes a large answer in slices, timers running between them', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const text = await stringifyInSlices(largeAnswer(), { sliceMs: 0 });
    clearInterval(timer);
    expect(text).toBe(JSON.stringify(largeAnswer()));
    expect(ticks).toBeGreaterThan(0);
  });

  it('stops when the deadline has passed', async () => {
    const deadline = new Deadline(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(stringifyInSlices(largeAnswer(), { deadline, entries: 5_000, sliceMs: 0 })).rejects.toThrow(/deadline of 1 ms/);
  });

  it('writes an answer of few entries with JSON.stringify at once', async () => {
    const deadline = new Deadline(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await stringifyInSlices({ data: [1, 2] }, { deadline, entries: 2, sliceMs: 0 })).toBe('{"data":[1,2]}');
  });
});
