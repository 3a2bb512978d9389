// The writer runs a gateway's writes one after the other: the next starts once the last one's
// changes are visible (before they are durable), or once it settled when it never said so; a
// write that fails lets the next one run.
import { describe, expect, it } from 'vitest';
import { createWriter } from '../../src/operations/write/writer.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createWriter().serially', () => {
  it.each([
    ['says it is visible', true, ['first starts', 'first visible', 'second starts', 'second settles', 'first settles']],
    ['never says so', false, ['first starts', 'first settles', 'second starts', 'second settles']],
  ])('starts the next write once the last one %s', async (_name, saysVisible, expected) => {
    const writer = createWriter(new EmbeddedStore());
    const log: string[] = [];
    let settleFirst = () => {};
    const first = writer.serially(async (visible) => {
      log.push('first starts');
      await turn();
      if (saysVisible) {
        log.push('first visible');
        visible();
      }
      await new Promise<void>((resolve) => (settleFirst = resolve));
      log.push('first settles');
    });
    const second = writer.serially(async () => {
      log.push('second starts');
      log.push('second settles');
    });
    for (let i = 0; i < 5; i++) await turn();
    settleFirst();
    await Promise.all([first, second]);
    expect(log).toEqual(expected);
  });

  it('runs the next write after one that failed, and hands the failure to its caller', async () => {
    const writer = createWriter(new EmbeddedStore());
    const failed = writer.serially(async () => {
      throw new Error('refused');
    });
    const next = writer.serially(async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
  });
});
