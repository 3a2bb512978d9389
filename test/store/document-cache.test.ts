import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
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

  it.each([
    ['kept before: the written one kept in its place', 2, true],
    ['read once lately: the written one kept', 1, true],
    ['never read: not kept', 0, false],
  ])('keeps a document just written when the one it replaces was %s', (_name, reads, kept) => {
    const cache = new DocumentCache(1 << 20);
    for (let i = 0; i < reads; i++) cache.decoded('articles', 1, blob);
    const written = { id: 1, title: 'written' };
    cache.written('articles', written, 100);
    expect(cache.get('articles', 1) === written).toBe(kept);
    expect(Object.isFrozen(written)).toBe(kept);
  });
});

describe('the embedded store keeps what a write applied, not what one refused', () => {
  const read = (store: EmbeddedStore) => store.find('articles', { id: 1 }).then(([doc]) => doc);
  it.each([
    ['an applied update: the next read hands out the written document', { id: 1, slug: 'b', title: 'updated' }, { title: 'updated' }, true],
    ['an update a unique index refuses: the next read hands out the stored one', { id: 1, slug: 'taken', title: 'refused' }, { title: 'first' }, false],
  ])('%s', async (_name, doc, expected, same) => {
    const store = new EmbeddedStore();
    await store.ensureIndexes('articles', [{ keys: { slug: 1 }, unique: true, name: 'slug_unique' }]);
    await store.write([{ op: 'put', collection: 'articles', doc: { id: 1, slug: 'a', title: 'first' } }, { op: 'put', collection: 'articles', doc: { id: 2, slug: 'taken', title: 'other' } }]);
    await read(store);
    await read(store);
    await store.write([{ op: 'put', collection: 'articles', doc }]).catch(() => undefined);
    const after = await read(store);
    expect(after).toMatchObject(expected);
    expect(after === doc).toBe(same);
    await store.close();
  });
});
