// A byte-bounded cache keeps its entries' estimated bytes under its bound, whatever is put in it,
// and keeps no entry larger than the bound alone.
import { describe, expect, it } from 'vitest';
import { byteBoundedCache, sizeOf } from '../../src/limits/byte-cache.ts';

describe('a byte-bounded cache', () => {
  it.each([
    ['many small entries', 10_000, 100],
    ['many large entries', 500, 60_000],
    ['entries a third of the bound', 50, 333_000],
  ])('stays within its bound after %s', (_name, count, bytes) => {
    const cache = byteBoundedCache<string, string>(1_000_000, (value, key) => value.length + key.length);
    for (let i = 0; i < count; i++) cache.set(`key ${i}`, 'x'.repeat(bytes));
    const size = sizeOf(cache);
    expect(size.bytes).toBeLessThanOrEqual(1_000_000);
    expect(size.maxBytes).toBe(1_000_000);
    expect(size.entries).toBeGreaterThan(0);
    // The most recent entry is kept: the least recently used ones made room for it.
    expect(cache.has(`key ${count - 1}`)).toBe(true);
  });

  it('keeps no entry larger than its bound', () => {
    const cache = byteBoundedCache<string, string>(1000, (value) => value.length);
    cache.set('small', 'x'.repeat(10));
    cache.set('large', 'x'.repeat(1001));
    expect(cache.has('large')).toBe(false);
    expect(cache.has('small')).toBe(true);
  });
});
