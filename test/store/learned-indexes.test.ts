// The embedded store gives a field a read filters or sorts on an index of its own, unless the
// collection said not to (ensureIndexes' `learnIndexes: false`, the webhook outbox): then reads
// answer the same, from the key columns or the documents, and writes touch no more pages.
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

const indexNames = (store: EmbeddedStore) =>
  (store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'k:things'").pluck().all() as string[]).sort();

describe('indexes learned from reads', () => {
  it.each([
    ['learned (the default)', {}, ['k:things:kind', 'k:things:status']],
    ['not learned', { learnIndexes: false }, []],
  ] as const)('%s', async (_name, options, made) => {
    const store = new EmbeddedStore();
    await store.ensureIndexes('things', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['status'], ...options });
    await store.write([1, 2, 3, 4].map((id) => ({ op: 'put' as const, collection: 'things', doc: { id, status: id % 2 ? 'queued' : 'done', kind: id < 3 ? 'a' : 'b' } })));
    const found = await store.find('things', { status: 'queued', kind: 'b', id: { $gt: 0 } }, { sort: [['id', 1]] });
    expect(found.map((doc) => doc.id)).toEqual([3]);
    expect(await store.count('things', { status: 'done' })).toBe(2);
    expect(indexNames(store)).toEqual(made);
    await store.close();
  });
});
