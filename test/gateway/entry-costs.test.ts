// The entry estimate's measurement as the gateway keeps it: read from the store at start (never
// the entries themselves), measured once and stored where the store holds none, raised by each
// write in that write, and measured again only when writes may have loosened it.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { EntryCosts, type EntryCostsOptions } from '../../gateway/entry-costs.ts';
import { silentLogger } from '../../gateway/observability/logger.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { measureStore } from '../../src/store/measure-store.ts';
import { listsOf, measurementDoc } from '../../src/store/measurement-doc.ts';
import { type Change, type Doc, type Filter, type FindOptions } from '../../src/store/store.ts';
import { CountingStore } from '../support/counting-store.ts';
import { startWireServer, type WireServer } from '../support/mongo-wire-server/server.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';
import { writableGateway } from '../support/writable.ts';

const fixture = JSON.parse(await readFile(new URL('../fixtures/store/measured-blog.json', import.meta.url), 'utf8')) as Record<string, Doc[]>;

const article = (id: number, doc: Record<string, unknown> = {}): Change => ({ op: 'put', collection: 'articles', doc: { id, title: `A${id}`, ...doc } });

/** A store whose counts and streaming reads (finds in batches) of articles wait for `gate` (when set) after reading. */
class GatedStore extends CountingStore {
  gate: Promise<void> | undefined;
  override async find(collection: string, filter: Filter, options?: FindOptions): Promise<Doc[]> {
    const docs = await super.find(collection, filter, options);
    if (collection === 'articles' && options?.limit && this.gate) await this.gate;
    return docs;
  }
  override async count(collection: string, filter: Filter): Promise<number> {
    const count = await super.count(collection, filter);
    if (collection === 'articles' && this.gate) await this.gate;
    return count;
  }
  contentReads(): string[] {
    return this.calls.filter((call) => call.op === 'find' && !call.collection.startsWith('_')).map((call) => call.collection);
  }
}

let model: ContentModel;
beforeAll(async () => {
  model = await loadContentModel(BLOG_MODEL);
});

/** A store holding the fixture's documents and no measurement (as an earlier release left it). */
async function unmeasuredStore(): Promise<GatedStore> {
  const store = new GatedStore(new EmbeddedStore());
  for (const [collection, docs] of Object.entries(fixture)) if (collection !== '//') await store.upsertMany(collection, docs);
  store.reset();
  return store;
}

const entryCosts = (store: GatedStore, options: EntryCostsOptions = {}) => new EntryCosts(model, store, silentLogger, { batchSize: 2, ...options });
const stored = async (store: GatedStore) => listsOf(model, (await store.find('_measurements', { id: 1 }))[0]);
const bound = async (costs: EntryCosts, field: string) => (await costs.costs()).bounds.get(field);

/** A measured store, and a fresh gateway's first bound of `field` held while it reads the measurement: `open` lets it go on. */
async function heldReading(field: string) {
  const store = await unmeasuredStore();
  await entryCosts(store).load();
  const costs = entryCosts(store);
  let open!: () => void;
  store.gate = new Promise((resolve) => (open = resolve));
  const first = bound(costs, field);
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { store, costs, first, open };
}

describe('the measurement at start', () => {
  it('is read as an import stored it: one document and the entry counts, no entry read', async () => {
    const store = new GatedStore(new EmbeddedStore());
    await importSeed(model, await loadSeedFile(BLOG_SEED), store);
    store.reset();
    const costs = entryCosts(store);
    await costs.load();
    expect(store.contentReads()).toEqual([]);
    expect(await bound(costs, 'Author.articles')).toBe((await measureStore(model, store)).lists.get('api::author.author.articles'));
  });

  it('is measured once, in batches, where the store holds none, and stored: the next start reads it', async () => {
    const store = await unmeasuredStore();
    await entryCosts(store).load();
    expect(store.contentReads().filter((collection) => collection === 'articles')).toHaveLength(3);
    expect(await stored(store)).toEqual((await measureStore(model, store)).lists);
    store.reset();
    const restarted = entryCosts(store);
    await restarted.load();
    expect(store.contentReads()).toEqual([]);
    expect(await bound(restarted, 'Tag.articles')).toBe(3);
  });

  it('does not keep a request waiting while the data is measured for the first time: lists are bounded by their page sizes meanwhile', async () => {
    const store = await unmeasuredStore();
    const costs = entryCosts(store);
    let open!: () => void;
    store.gate = new Promise((resolve) => (open = resolve));
    const measuring = costs.load();
    expect(await bound(costs, 'Tag.articles')).toBeUndefined();
    open();
    await measuring;
    expect(await bound(costs, 'Tag.articles')).toBe(3);
  });

  it('is measured again where the stored one was made for other lists (a changed model)', async () => {
    const store = await unmeasuredStore();
    await store.write([{ op: 'put', collection: '_measurements', doc: { ...measurementDoc(model, new Map(), new Date()), model: 'another' } }]);
    store.reset();
    await entryCosts(store).load();
    expect(store.contentReads()).toContain('articles');
    expect((await stored(store))?.get('api::tag.tag.articles')).toBe(3);
  });
});

describe('the measurement after writes', () => {
  it('counts a written entry without reading the store again', async () => {
    const store = await unmeasuredStore();
    const costs = entryCosts(store);
    await costs.load();
    expect(await bound(costs, 'Query.articles')).toBe(5);
    await store.write([article(6)]);
    store.reset();
    costs.wrote([article(6)]);
    expect({ bound: await bound(costs, 'Query.articles'), reads: store.calls.length }).toEqual({ bound: 6, reads: 0 });
  });

  it('counts a write that landed while the measurement was being read', async () => {
    const { store, costs, first, open } = await heldReading('Query.articles');
    await store.write([article(6)]);
    costs.wrote([article(6)]);
    open();
    expect(await first).toBe(6);
  });

  it('drops a reading the data\'s replacement overtook, and reads the new measurement at the next need', async () => {
    const { store, costs, first, open } = await heldReading('Article.tags');
    await store.write([{ op: 'put', collection: '_measurements', doc: measurementDoc(model, new Map([['api::article.article.tags', 40]]), new Date()) }]);
    costs.forget();
    store.gate = undefined;
    open();
    await first;
    expect(await bound(costs, 'Article.tags')).toBe(40);
  });

  it.each<[string, () => Change[], object | undefined]>([
    ['a longer list, with a new target: its size, and the inverse count by one', () => [article(1, { tags: [1, 2, 3, 4] })], { max: { 'api::article/article/tags': 4 }, inc: { 'api::tag/tag/articles': 1 } }],
    ['a shorter list: nothing', () => [article(1, { tags: [1, 2] })], undefined],
    ['an update keeping its targets: nothing', () => [article(3, { author: 1, tags: [4, 1] })], undefined],
    ['a new entry linking one: the inverse count, by one', () => [article(9, { author: 2 })], { inc: { 'api::author/author/articles': 1 } }],
    ['a deletion: nothing', () => [{ op: 'delete', collection: 'articles', id: 1 }], undefined],
  ])('stores, with the write, the bound it raised: %s', async (_name, changes, expected) => {
    const costs = entryCosts(await unmeasuredStore());
    await costs.load();
    const raises = await costs.raises(changes());
    expect(raises).toEqual(expected ? [{ op: 'raise', collection: '_measurements', id: 1, ...expected }] : []);
  });

  it.each<[string, boolean, number]>([
    ['read by the write: no read of the store', true, 0],
    ['not read by the write: one find by ids', false, 1],
  ])('knows an updated entry\'s links before the write from the documents the write read: %s', async (_name, known, finds) => {
    const store = await unmeasuredStore();
    const costs = entryCosts(store);
    await costs.load();
    const [before] = await store.find('articles', { id: 3 });
    store.reset();
    const raises = await costs.raises([article(3, { author: 1, tags: [4, 1] })], (collection, id) => (known && collection === 'articles' && id === 3 ? before : undefined));
    expect({ raises, finds: store.calls.filter((call) => call.op === 'find').length }).toEqual({ raises: [], finds });
  });

  it('keeps the estimate\'s model after a write that raised no bound, and makes it again after one that did', async () => {
    const store = await unmeasuredStore();
    const costs = entryCosts(store);
    await costs.load();
    const first = await costs.costs();
    const [before] = await store.find('articles', { id: 3 });
    const kept = [article(3, { author: 1, tags: [4, 1] })];
    await costs.raises(kept, (collection, id) => (collection === 'articles' && id === 3 ? before : undefined));
    costs.wrote(kept);
    const afterKept = await costs.costs();
    const grown = [article(1, { tags: [1, 2, 3, 4] })];
    await costs.raises(grown);
    costs.wrote(grown);
    expect({ kept: afterKept === first, grown: (await costs.costs()) === first }).toEqual({ kept: true, grown: false });
  });

  it('stores every list a write holds while nothing is measured yet', async () => {
    const costs = entryCosts(await unmeasuredStore());
    const [raise] = await costs.raises([article(9, { tags: [1] })]);
    expect(raise).toMatchObject({ max: { 'api::article/article/tags': 1, 'api::article/article/gallery': 0 }, inc: { 'api::tag/tag/articles': 1 } });
  });
});

describe('measuring again', () => {
  it('reads nothing when no write came since the last measurement', async () => {
    const store = await unmeasuredStore();
    const costs = entryCosts(store);
    await costs.load();
    store.reset();
    await costs.remeasure();
    expect(store.calls).toEqual([]);
  });

  it.each<[string, boolean, number, number]>([
    ['one process: tightens the bound in memory and in the store', false, 2, 2],
    ['a store others write to: tightens it in memory, lowers nothing stored', true, 2, 3],
  ])('after a deletion, %s', async (_name, shared, inMemory, inStore) => {
    const store = await unmeasuredStore();
    const costs = entryCosts(store, { shared });
    await costs.load();
    const deletion: Change[] = [{ op: 'delete', collection: 'articles', id: 1 }];
    await store.write(deletion);
    costs.wrote(deletion);
    await costs.remeasure();
    expect(await bound(costs, 'Article.tags')).toBe(inMemory);
    expect((await stored(store))?.get('api::article.article.tags')).toBe(inStore);
  });

  it('stores what it measured only with no write of the gateway in flight', async () => {
    const store = await unmeasuredStore();
    const order: string[] = [];
    const costs = entryCosts(store, { serially: async (work) => { order.push('queued'); const done = await work(); order.push('done'); return done; } });
    const write = store.write.bind(store);
    store.write = async (changes) => { order.push(`write ${changes[0]!.collection}`); return write(changes); };
    await costs.load();
    expect(order).toEqual(['queued', 'write _measurements', 'done']);
  });

  it('counts a write that landed while the data was being measured again', async () => {
    const store = await unmeasuredStore();
    const costs = entryCosts(store);
    await costs.load();
    const deletion: Change[] = [{ op: 'delete', collection: 'articles', id: 5 }];
    await store.write(deletion);
    costs.wrote(deletion);
    let open!: () => void;
    store.gate = new Promise((resolve) => (open = resolve));
    const remeasured = costs.remeasure();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const longer = [article(7, { tags: [1, 2, 3, 4, 5] })];
    await store.write([...longer, ...(await costs.raises(longer))]);
    costs.wrote(longer);
    expect(await bound(costs, 'Article.tags')).toBe(5);
    open();
    await remeasured;
    expect(await bound(costs, 'Article.tags')).toBe(5);
    expect((await stored(store))?.get('api::article.article.tags')).toBe(5);
  });
});

describe('gateways sharing one MongoDB', () => {
  let server: WireServer;
  beforeAll(async () => {
    server = await startWireServer({ replicaSet: 'rs0' });
  });
  afterAll(() => server?.stop());

  it('lose none of each other\'s raises: two new links to one author at once count two', async () => {
    const [a, b] = [createMongoStore({ uri: server.uri, timeoutMs: 5000 }), createMongoStore({ uri: server.uri, timeoutMs: 5000 })];
    onTestFinished(async () => {
      await Promise.all([a.close(), b.close()]);
    });
    for (const [collection, docs] of Object.entries(fixture)) if (collection !== '//') await a.upsertMany(collection, docs);
    const [costsA, costsB] = [new EntryCosts(model, a, silentLogger, { shared: true }), new EntryCosts(model, b, silentLogger, { shared: true })];
    await costsA.load();
    await costsB.load();
    const link = async (costs: EntryCosts, store: typeof a, id: number) => {
      const changes = [article(id, { author: 1 })];
      await store.write([...changes, ...(await costs.raises(changes))]);
      costs.wrote(changes);
    };
    await Promise.all([link(costsA, a, 10), link(costsB, b, 11)]);
    const most = listsOf(model, (await a.find('_measurements', { id: 1 }))[0])?.get('api::author.author.articles');
    expect({ most, articlesOfAuthor1: await a.count('articles', { author: 1 }) }).toEqual({ most: 5, articlesOfAuthor1: 5 });
  });
});

describe('a write through the gateway', () => {
  it('raises the stored bound in its own write, and a write that raises none stores none', async () => {
    const t = await writableGateway();
    await t.gateway.loadMeasurement();
    const writes: Change[][] = [];
    const write = t.store.write.bind(t.store);
    t.store.write = (changes) => (writes.push([...changes]), write(changes));
    const post = (socials: number) =>
      t.gateway.fetch(new Request('http://gateway.test/api/authors', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'N', socials: Array.from({ length: socials }, (_, i) => ({ network: `n${i}` })) } }) }));
    expect((await post(12)).status).toBe(200);
    expect(writes.at(-1)!.filter((change) => change.collection === '_measurements')).toEqual([{ op: 'raise', collection: '_measurements', id: 1, max: { 'api::author/author/socials': 12 } }]);
    expect(listsOf(t.model, (await t.store.find('_measurements', { id: 1 }))[0])?.get('api::author.author.socials')).toBe(12);
    expect((await post(1)).status).toBe(200);
    expect(writes.at(-1)!.filter((change) => change.collection === '_measurements')).toEqual([]);
  });

  it('reads an updated entry once before writing it: the raise takes what the update read', async () => {
    const t = await writableGateway();
    await t.gateway.loadMeasurement();
    const calls: string[] = [];
    const find = t.store.find.bind(t.store);
    const write = t.store.write.bind(t.store);
    t.store.find = (collection, filter, options) => (calls.push(`find ${collection} ${JSON.stringify(filter)}`), find(collection, filter, options));
    t.store.write = (changes, options) => (calls.push('write'), write(changes, options));
    const put = await t.gateway.fetch(new Request('http://gateway.test/api/articles/1', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'Renamed' } }) }));
    expect(put.status).toBe(200);
    // Other finds read its localizations; the entry itself, by its id, is read once.
    expect(calls.slice(0, calls.indexOf('write') + 1).filter((call) => /^find articles .*\b1\b/.test(call) || call === 'write')).toEqual(['find articles {"id":1}', 'write']);
  });
});
