// The entry estimate's measurements after writes: raised by each write without reading the store,
// and by the writes a measurement running meanwhile may have missed.
import { describe, expect, it } from 'vitest';
import { EntryCosts } from '../../gateway/entry-costs.ts';
import { silentLogger } from '../../gateway/observability/logger.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { CountingStore, type Change, type Doc, type Filter, type FindOptions } from '../../src/store/store.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { BLOG_MODEL } from '../support/test-gateway.ts';

const article = (id: number): Change => ({ op: 'put', collection: 'articles', doc: { id, title: `A${id}` } });

/** A store whose finds of `articles` wait for `gate` (when set) after reading. */
class GatedStore extends CountingStore {
  gate: Promise<void> | undefined;
  override async find(collection: string, filter: Filter, options?: FindOptions): Promise<Doc[]> {
    const docs = await super.find(collection, filter, options);
    if (collection === 'articles' && this.gate) await this.gate;
    return docs;
  }
}

async function measuring() {
  const model = await loadContentModel(BLOG_MODEL);
  const store = new GatedStore(new EmbeddedStore());
  await store.write([article(1)]);
  const costs = new EntryCosts(model, store, silentLogger);
  const articles = async () => (await costs.costs()).bounds.get('Query.articles');
  return { store, costs, articles };
}

describe('the entry estimate after writes', () => {
  it('counts a written entry without reading the store again', async () => {
    const { store, costs, articles } = await measuring();
    expect(await articles()).toBe(1);
    await store.write([article(2)]);
    store.reset();
    costs.wrote([article(2)]);
    expect({ bound: await articles(), reads: store.calls.length }).toEqual({ bound: 2, reads: 0 });
  });

  it('counts a write that landed while the data was being measured', async () => {
    const { store, costs, articles } = await measuring();
    let open!: () => void;
    store.gate = new Promise((resolve) => (open = resolve));
    const measured = articles();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.write([article(2)]);
    costs.wrote([article(2)]);
    open();
    // The request that asked first was estimated before the write; every later one after it.
    expect(await measured).toBe(1);
    expect(await articles()).toBe(2);
  });

  it('counts a write that landed while the data was being measured again', async () => {
    const { store, costs, articles } = await measuring();
    expect(await articles()).toBe(1);
    let open!: () => void;
    store.gate = new Promise((resolve) => (open = resolve));
    const remeasured = costs.remeasure();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await store.write([article(2)]);
    costs.wrote([article(2)]);
    // Meanwhile, the last measurement raised.
    expect(await articles()).toBe(2);
    open();
    await remeasured;
    expect(await articles()).toBe(2);
  });
});
