// The embedded store gives a field a read filters or sorts on an index of its own, unless the
// collection said not to (ensureIndexes' `learnIndexes: false`, the webhook outbox): then reads
// answer the same, from the key columns or the documents, and writes touch no more pages.
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

const indexNames = (store: EmbeddedStore) =>
  (store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'k:things'").pluck().all() as string[]).sort();

describe('indexes learned from reads', () => {
  it.each([
    // The find's index for its shape (kind and status, then id: rank-index.ts), and one per field.
    ['learned (the default)', {}, ['k:things:kind', 'k:things:status', expect.stringMatching(/^r:things:[0-9a-f]{12}$/)]],
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

/**
 * A collection below the rank groups' size (10,000 entries) learns, from a read of a rank shape,
 * the index a group would read (rank-index.ts `learnIndex`), and plain SQL walks it: a page of a
 * live locale in a views order stops after its rows instead of sorting every English entry.
 */
describe('indexes a small collection learns for its read shapes', () => {
  const DOCS = Array.from({ length: 300 }, (_, i) => ({
    id: i + 1,
    locale: i % 3 ? 'en' : 'fr',
    kind: ['news', 'guide'][i % 2],
    views: (i * 37) % 101,
    publishedAt: i % 5 ? new Date(Date.UTC(2026, 0, 1 + (i % 28))) : null,
  }));
  const live = { $and: [{ locale: 'en' }, { publishedAt: { $ne: null } }] };
  const learnedColumns = (store: EmbeddedStore) =>
    (store.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'r:things:%'").pluck().all() as string[]).map((sql) => sql.replace(/^.* ON "k:things" /, ''));

  async function filled(learnIndexes: boolean): Promise<EmbeddedStore> {
    const store = new EmbeddedStore();
    await store.ensureIndexes('things', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['locale', 'kind', 'views', 'publishedAt'], learnIndexes });
    await store.write(DOCS.map((doc) => ({ op: 'put' as const, collection: 'things', doc })));
    return store;
  }

  it.each([
    { name: 'a live page of one locale by views, descending', read: (s: EmbeddedStore) => s.find('things', live, { sort: [['views', -1], ['id', 1]], skip: 7, limit: 10 }), columns: ['("f:locale", "f:views" DESC, id ASC, "f:publishedAt")'] },
    { name: 'a count of one kind in a range of views', read: (s: EmbeddedStore) => s.count('things', { kind: 'news', views: { $gte: 10, $lt: 60 } }), columns: ['("f:kind", "f:views" ASC, id ASC)'] },
    { name: 'a page of one kind in id order (the field\'s own index serves)', read: (s: EmbeddedStore) => s.find('things', { kind: 'guide' }, { sort: [['id', 1]], limit: 5 }), columns: [] },
    { name: 'a page sorted on two keys (no rank shape)', read: (s: EmbeddedStore) => s.find('things', live, { sort: [['kind', 1], ['views', -1], ['id', 1]], limit: 5 }), columns: [] },
    { name: 'every entry in id order (the table\'s own order)', read: (s: EmbeddedStore) => s.find('things', {}, { sort: [['id', 1]], skip: 290 }), columns: [] },
  ])('$name', async ({ read, columns }) => {
    const [learning, plain] = await Promise.all([filled(true), filled(false)]);
    const answer = await read(learning);
    expect(answer).toEqual(await read(plain));
    expect(Array.isArray(answer) ? answer.length : answer).toBeGreaterThan(0);
    expect(learnedColumns(learning)).toEqual(columns);
    expect(learnedColumns(plain)).toEqual([]);
    await Promise.all([learning.close(), plain.close()]);
  });

  it('counts through the learned index, not the rows', async () => {
    const store = await filled(true);
    const filter = { kind: 'news', views: { $gte: 10, $lt: 60 } };
    await store.count('things', filter);
    expect(store.countPlan('things', filter).join(' | ')).toMatch(/^SEARCH k USING COVERING INDEX r:things:[0-9a-f]{12} \(f:kind=\? AND f:views>\? AND f:views<\?\)$/);
    await store.close();
  });
});
