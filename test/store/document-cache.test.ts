import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { DocumentCache } from '../../src/store/sqlite/document-cache.ts';

const stored = serialize({ id: 1, title: 'kept' });
const blob = { doc: stored, apart: null };

/** Reads document 1 of `articles` the given ways; says, for each read after the first, whether it handed out the previous object. */
function sameAsPrevious(cache: DocumentCache, keeps: boolean[]): boolean[] {
  const read = keeps.map((keep) => cache.decoded('articles', 1, blob, keep));
  return read.slice(1).map((doc, i) => doc === read[i]);
}

describe('the store\'s document cache admits a document on its second read', () => {
  it.each([
    ['read once: not kept, the next read decodes anew', [true, true], [false]],
    ['read twice: kept from the second read on', [true, true, true], [false, true]],
    ['reads that do not keep are never kept, and do not count as a first read', [false, false, true, true], [false, false, false]],
  ])('%s', (_name, keeps, expected) => {
    expect(sameAsPrevious(new DocumentCache(1 << 20), keeps)).toEqual(expected);
  });

  it.each([
    ['read again within what the cache holds: kept', [1, 2, 1], true],
    ['read again after more reads than the cache holds: decoded anew, as a first read', [1, 2, 3, 4, 1], false],
  ])('%s', (_name, ids, kept) => {
    // Each document counts three times its blob's bytes; the bound holds two of them.
    const cache = new DocumentCache(2 * 3 * stored.length + 1);
    for (const id of ids) cache.decoded('articles', id, blob);
    expect(cache.get('articles', 1) !== undefined).toBe(kept);
  });

  it('counts a read without the apart part as a read, keeps none, and says the next read would keep the document', () => {
    const cache = new DocumentCache(1 << 20);
    const before = cache.wouldKeep('articles', 1);
    cache.decoded('articles', 1, { doc: stored, apart: undefined });
    const partial = cache.decoded('articles', 1, { doc: stored, apart: undefined });
    expect([before, cache.wouldKeep('articles', 1), Object.isFrozen(partial), cache.get('articles', 1)]).toEqual([false, true, false, undefined]);
    expect(Object.isFrozen(cache.decoded('articles', 1, blob))).toBe(true);
  });

  it('hands out kept documents frozen, and the first read\'s own copy', () => {
    const cache = new DocumentCache(1 << 20);
    const first = cache.decoded('articles', 1, blob);
    const kept = cache.decoded('articles', 1, blob);
    expect([Object.isFrozen(first), Object.isFrozen(kept), cache.get('articles', 1) === kept]).toEqual([false, true, true]);
  });

  it('forgets a written document: the next read decodes the new blob', () => {
    const cache = new DocumentCache(1 << 20);
    cache.decoded('articles', 1, blob);
    cache.decoded('articles', 1, blob);
    cache.forget('articles', 1);
    expect(cache.get('articles', 1)).toBeUndefined();
    expect(cache.decoded('articles', 1, { doc: serialize({ id: 1, title: 'written' }), apart: null })).toMatchObject({ title: 'written' });
  });
});
