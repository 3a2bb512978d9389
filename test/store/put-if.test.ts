// The store port's compare-and-set (Store.putIf), on every backend of store-backends: a document
// is put when none holds its id or the one there matches, refused otherwise; of writers racing
// for the same document, one wins; what it put is there after a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc, Filter } from '../../src/store/store.ts';
import { availableBackends, type OpenBackend } from '../support/store-backends.ts';

/** A lease as the webhook worker keeps it: taken from its holder, or once it has expired. */
const lease = (holder: string, until: number): Doc => ({ id: 1, holder, until });
const takeable = (holder: string, now: number): Filter => ({ $or: [{ holder }, { until: { $lt: now } }] });

describe.each(availableBackends())('putIf on $name', (backend) => {
  let open: OpenBackend;
  const store = () => open.store;

  beforeAll(async () => {
    open = await backend.open();
  });
  afterAll(() => open.close());

  it.each([
    { name: 'puts a document where none holds the id', before: undefined, doc: lease('a', 100), expected: takeable('a', 50), written: true, after: lease('a', 100) },
    { name: 'replaces the document when it matches (its holder renews)', before: lease('a', 100), doc: lease('a', 200), expected: takeable('a', 150), written: true, after: lease('a', 200) },
    { name: 'replaces the document when it matches (expired, another takes it)', before: lease('a', 100), doc: lease('b', 300), expected: takeable('b', 150), written: true, after: lease('b', 300) },
    { name: 'leaves the document when it does not match (held by another, not expired)', before: lease('a', 100), doc: lease('b', 300), expected: takeable('b', 50), written: false, after: lease('a', 100) },
  ])('$name', async ({ before, doc, expected, written, after }) => {
    const collection = `cas_${Math.random().toString(36).slice(2, 8)}`;
    if (before) expect(await store().putIf(collection, before, {})).toBe(true);
    expect(await store().putIf(collection, doc, expected)).toBe(written);
    expect(await store().find(collection, {})).toEqual([after]);
  });

  it('lets one of twenty writers racing for an expired document take it', async () => {
    await store().putIf('cas_race', lease('old', 10), {});
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store().putIf('cas_race', lease(`g${i}`, 1000), takeable(`g${i}`, 100))));
    expect(results.filter(Boolean)).toHaveLength(1);
    const [held] = await store().find('cas_race', {});
    expect(held.holder).toBe(`g${results.indexOf(true)}`);
  });

  it('keeps what it put across a restart', async () => {
    await store().putIf('cas_durable', lease('a', 42), {});
    const reopened = await open.reopen();
    expect(await reopened.find('cas_durable', {})).toEqual([lease('a', 42)]);
  });
});
