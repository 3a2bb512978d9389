// The embedded store against the Store contract, plus what its in-memory ordering must keep.
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { describeStoreContract } from './store-contract.ts';

describeStoreContract('EmbeddedStore', async () => {
  const store = new EmbeddedStore();
  return { store, cleanup: () => store.close() };
});

describe('EmbeddedStore ordering', () => {
  it.each([
    ['a sorting aggregate', (s: EmbeddedStore) => s.aggregate('a', [{ $sort: { v: 1 } }])],
    ['a sorted find', (s: EmbeddedStore) => s.find('a', {}, { sort: [['v', -1]] })],
    ['a write of a lower id', (s: EmbeddedStore) => s.upsertMany('a', [{ id: 0, v: 9 }])],
  ])('answers unsorted reads in id order after %s', async (_name, action) => {
    const store = new EmbeddedStore();
    await store.upsertMany('a', [{ id: 3, v: 2 }, { id: 1, v: 3 }, { id: 2, v: 1 }]);
    await store.find('a', {});
    await action(store);
    const ids = (await store.find('a', {})).map((d) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toContain(3);
  });
});
