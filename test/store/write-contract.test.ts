// The write contract of the store port (Store.write), on every backend of store-backends: changes
// applied in order and whole, refused whole by a unique index, and there after a restart; numbers
// raised in place without losing a concurrent writer's raise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UniqueViolation, type Change, type Doc, type Store } from '../../src/store/store.ts';
import { availableBackends, type OpenBackend } from '../support/store-backends.ts';

const ENTRY: Doc = {
  id: 1,
  title: 'Alpha',
  slug: 'alpha',
  views: 3,
  big: 9007199254740993n,
  publishedAt: new Date('2024-05-01T10:00:00.000Z'),
  seo: { id: 4, metaTitle: 'meta', robots: { index: true } },
  tags: [2, 1],
  blocks: [{ __component: 'shared.quote', id: 9, body: 'x' }],
};

const ids = async (store: Store, collection: string) => (await store.find(collection, {}, { sort: [['id', 1]] })).map((doc) => doc.id);

describe.each(availableBackends())('the write contract on $name', (backend) => {
  let open: OpenBackend;
  const store = () => open.store;

  beforeAll(async () => {
    open = await backend.open();
    await store().ensureIndexes('w_unique', [{ keys: { slug: 1 }, unique: true, name: 'slug_unique' }]);
  });
  afterAll(() => open.close());

  it('applies every put and delete of a write, across collections, in order', async () => {
    await store().write([
      { op: 'put', collection: 'w_order', doc: { id: 1, v: 'first' } },
      { op: 'put', collection: 'w_order', doc: { id: 2, v: 'kept' } },
      { op: 'put', collection: 'w_order_other', doc: { id: 7, of: 1 } },
      { op: 'put', collection: 'w_order', doc: { id: 1, v: 'second' } },
      { op: 'delete', collection: 'w_order', id: 2 },
    ]);
    expect(await store().find('w_order', {})).toEqual([{ id: 1, v: 'second' }]);
    expect(await ids(store(), 'w_order_other')).toEqual([7]);
  });

  it('replaces a document whole: fields the new one lacks are gone', async () => {
    await store().write([{ op: 'put', collection: 'w_replace', doc: { id: 1, a: 1, b: 2 } }]);
    await store().write([{ op: 'put', collection: 'w_replace', doc: { id: 1, a: 5 } }]);
    expect(await store().find('w_replace', {})).toEqual([{ id: 1, a: 5 }]);
  });

  it('treats a delete of a missing id as nothing to do', async () => {
    await store().write([{ op: 'delete', collection: 'w_missing', id: 42 }, { op: 'put', collection: 'w_missing', doc: { id: 1 } }]);
    expect(await ids(store(), 'w_missing')).toEqual([1]);
  });

  it('keeps dates, int64s past 2^53, components, zones and id arrays across a restart', async () => {
    await store().write([{ op: 'put', collection: 'w_durable', doc: ENTRY }, { op: 'put', collection: 'w_durable', doc: { id: 2, title: 'gone' } }]);
    await store().write([{ op: 'delete', collection: 'w_durable', id: 2 }]);
    const reopened = await open.reopen();
    expect(await reopened.find('w_durable', {})).toEqual([ENTRY]);
    expect(await reopened.count('w_durable', { big: 9007199254740993n })).toBe(1);
  });

  it('raises numbers in place: max keeps the larger, inc adds, a missing field or document counts as 0', async () => {
    await store().write([{ op: 'raise', collection: 'w_raise', id: 1, max: { most: 3 }, inc: { count: 2 } }]);
    await store().write([{ op: 'put', collection: 'w_raise', doc: { id: 2, most: 5, note: 'kept' } }]);
    await store().write([
      { op: 'raise', collection: 'w_raise', id: 1, max: { most: 2, other: 4 }, inc: { count: 3 } },
      { op: 'raise', collection: 'w_raise', id: 2, max: { most: 9 } },
    ]);
    expect(await store().find('w_raise', {}, { sort: [['id', 1]] })).toEqual([
      { id: 1, most: 3, count: 5, other: 4 },
      { id: 2, most: 9, note: 'kept' },
    ]);
  });

  it('loses no raise of writers that run at once', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => store().write([{ op: 'raise', collection: 'w_raise_race', id: 1, max: { most: i }, inc: { count: 1 } }])));
    expect(await store().find('w_raise_race', {})).toEqual([{ id: 1, most: 19, count: 20 }]);
  });

  describe.skipIf(backend.notTransactional !== undefined)(`as one transaction${backend.notTransactional ? ` (skipped: ${backend.notTransactional})` : ''}`, () => {
    it('refuses a duplicate of a unique value with UniqueViolation naming the index, and applies nothing of that write', async () => {
      await store().write([{ op: 'put', collection: 'w_unique', doc: { id: 1, slug: 'taken' } }]);
      const write: Change[] = [
        { op: 'put', collection: 'w_unique_side', doc: { id: 1, note: 'must not stay' } },
        { op: 'delete', collection: 'w_unique', id: 1 },
        { op: 'put', collection: 'w_unique', doc: { id: 2, slug: 'free' } },
        { op: 'put', collection: 'w_unique', doc: { id: 3, slug: 'free' } },
      ];
      const refused = await store().write(write).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UniqueViolation);
      expect(refused).toMatchObject({ collection: 'w_unique', index: 'slug_unique' });
      expect(await ids(store(), 'w_unique')).toEqual([1]);
      expect(await ids(store(), 'w_unique_side')).toEqual([]);
    });

    it('applies no raise of a write a unique index refuses', async () => {
      await store().write([{ op: 'put', collection: 'w_unique', doc: { id: 5, slug: 'held' } }, { op: 'raise', collection: 'w_unique_raise', id: 1, max: { most: 1 } }]);
      const refused = await store()
        .write([{ op: 'raise', collection: 'w_unique_raise', id: 1, max: { most: 7 } }, { op: 'put', collection: 'w_unique', doc: { id: 6, slug: 'held' } }])
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(UniqueViolation);
      expect(await store().find('w_unique_raise', {})).toEqual([{ id: 1, most: 1 }]);
    });

    it('lets a document keep its own unique value, and never counts null or missing values as duplicates', async () => {
      await store().write([{ op: 'put', collection: 'w_unique', doc: { id: 10, slug: 'mine' } }]);
      await store().write([
        { op: 'put', collection: 'w_unique', doc: { id: 10, slug: 'mine', title: 'again' } },
        { op: 'put', collection: 'w_unique', doc: { id: 11, slug: null } },
        { op: 'put', collection: 'w_unique', doc: { id: 12, slug: null } },
        { op: 'put', collection: 'w_unique', doc: { id: 13 } },
        { op: 'put', collection: 'w_unique', doc: { id: 14 } },
      ]);
      expect(await store().count('w_unique', { id: { $gte: 10 } })).toBe(5);
    });

    it('refuses only the write that repeats a value when writes run concurrently', async () => {
      const outcomes = await Promise.allSettled([
        store().write([{ op: 'put', collection: 'w_unique', doc: { id: 20, slug: 'race' } }]),
        store().write([{ op: 'put', collection: 'w_unique', doc: { id: 21, slug: 'race' } }]),
        store().write([{ op: 'put', collection: 'w_unique', doc: { id: 22, slug: 'other' } }]),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await ids(store(), 'w_unique')).toEqual(expect.arrayContaining([20, 22]));
      expect(await store().count('w_unique', { id: 21 })).toBe(0);
    });
  });
});
