// The entry estimate's measurement: documents measured a batch at a time (any batching measures
// as the whole does), a store streamed in bounded batches, and the stored document: what fits
// the model, what a raise of it says, and how two measurements merge.
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { Attribute, ContentModel } from '../../src/model/types.ts';
import { CardinalityMeter } from '../../src/store/cardinality.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { measureStore, readMeasurement } from '../../src/store/measure-store.ts';
import { listsOf, measurementDoc, mergedLists, modelFingerprint, raiseOf } from '../../src/store/measurement-doc.ts';
import { type Doc, type Filter, type FindOptions } from '../../src/store/store.ts';
import { CountingStore } from '../support/counting-store.ts';
import { BLOG_MODEL } from '../support/test-gateway.ts';

const fixture = JSON.parse(await readFile(new URL('../fixtures/store/measured-blog.json', import.meta.url), 'utf8')) as Record<string, Doc[]>;
const collections = Object.entries(fixture).filter(([name]) => name !== '//');

/** The most items one owner holds in each list of the fixture, counted by hand. */
const EXPECTED: Array<[string, number]> = [
  ['api::article.article.tags', 3],
  ['api::tag.tag.articles', 3],
  ['api::author.author.articles', 3],
  ['api::category.category.articles', 1],
  ['api::category.category.children', 2],
  ['api::article.article.gallery', 2],
  ['api::article.article.blocks', 2],
  ['api::article.article.localizations', 1],
  ['shared.seo.metaSocial', 2],
  ['blocks.related-articles.articles', 4],
  ['api::author.author.socials', 3],
  ['api::author.author.avatar', 0],
];

let model: ContentModel;
beforeAll(async () => {
  model = await loadContentModel(BLOG_MODEL);
});

function measuredInBatches(size: number): Map<string, number> {
  const meter = new CardinalityMeter(model);
  for (const [collection, docs] of collections) {
    for (let start = 0; start < docs.length; start += size) meter.add(collection, docs.slice(start, start + size));
  }
  return meter.lists();
}

describe('measuring documents a batch at a time', () => {
  it.each([1, 2, 3, 100])('measures in batches of %i as the whole does', (size) => {
    expect(measuredInBatches(size)).toEqual(measuredInBatches(1000));
  });

  it.each(EXPECTED)('finds the most items one owner holds in %s: %i', (key, most) => {
    expect(measuredInBatches(2).get(key)).toBe(most);
  });

  it('ignores documents of collections that are no content-type', () => {
    const meter = new CardinalityMeter(model);
    meter.add('_api_tokens', [{ id: 1, tags: [1, 2, 3, 4, 5, 6] }]);
    expect(meter.lists().get('api::article.article.tags')).toBeUndefined();
  });
});

/** Records each find's limit and how many documents it answered. */
class RecordingStore extends CountingStore {
  readonly reads: Array<{ collection: string; limit?: number; answered: number }> = [];
  override async find(collection: string, filter: Filter, options?: FindOptions): Promise<Doc[]> {
    const docs = await super.find(collection, filter, options);
    this.reads.push({ collection, limit: options?.limit, answered: docs.length });
    return docs;
  }
}

async function storeOfFixture(): Promise<EmbeddedStore> {
  const store = new EmbeddedStore();
  for (const [collection, docs] of collections) await store.upsertMany(collection, docs);
  return store;
}

describe('measuring a store', () => {
  it('streams each collection in batches of the size asked, never holding more, and measures as the whole does', async () => {
    const store = new RecordingStore(await storeOfFixture());
    const measured = await measureStore(model, store, 2);
    expect(measured.lists).toEqual(measuredInBatches(1000));
    expect(measured.entries.get('api::article.article')).toBe(5);
    const articleReads = store.reads.filter((read) => read.collection === 'articles');
    expect(articleReads.map((read) => read.answered)).toEqual([2, 2, 1]);
    expect(store.reads.every((read) => read.limit === 2 && read.answered <= 2)).toBe(true);
  });

  it.each([
    ['a find read once (the stream\'s) keeps none of its documents: each read decodes anew', true, false],
    ['an ordinary find keeps them once read twice: the next read hands out the same document', false, true],
  ])('on the embedded store, %s', async (_name, readOnce, same) => {
    const store = await storeOfFixture();
    const read = async () => (await store.find('articles', { id: { $gt: 0 } }, { sort: [['id', 1]], limit: 2, readOnce }))[0];
    await read();
    expect((await read()) === (await read())).toBe(same);
  });

  it('reads a stored measurement with one find and a count per content-type, reading no entry', async () => {
    const inner = await storeOfFixture();
    await inner.write([{ op: 'put', collection: '_measurements', doc: measurementDoc(model, new Map([['api::article.article.tags', 7]]), new Date()) }]);
    const store = new CountingStore(inner);
    const read = await readMeasurement(model, store);
    expect(read?.lists).toEqual(new Map([['api::article.article.tags', 7]]));
    expect(read?.entries.get('api::article.article')).toBe(5);
    expect(store.calls.filter((call) => call.op === 'find').map((call) => call.collection)).toEqual(['_measurements']);
    expect(store.calls.filter((call) => call.op === 'count')).toHaveLength(model.contentTypes.size);
  });
});

describe('the stored measurement', () => {
  const tags = 'api::article.article.tags';
  const tagArticles = 'api::tag.tag.articles';

  it.each<[string, () => Doc | undefined, Map<string, number> | undefined]>([
    ['none', () => undefined, undefined],
    ['one made for the model', () => measurementDoc(model, new Map([[tags, 3], [tagArticles, 0]]), new Date()), new Map([[tags, 3], [tagArticles, 0]])],
    ['one made for other lists', () => ({ ...measurementDoc(model, new Map([[tags, 3]]), new Date()), model: 'another' }), undefined],
    ['one made by raises alone (no measurement under it)', () => ({ id: 1, 'api::article/article/tags': 3 }), undefined],
  ])('reads %s', (_name, doc, expected) => {
    expect(listsOf(model, doc())).toEqual(expected);
  });

  const withAttribute = (uid: string, attribute: Partial<Attribute> & { name: string }): ContentModel => {
    const ct = model.contentTypes.get(uid)!;
    const attributes = new Map(ct.attributes).set(attribute.name, { ...(ct.attributes.get(attribute.name) ?? { required: false, private: false, unique: false }), ...attribute } as Attribute);
    return { ...model, contentTypes: new Map(model.contentTypes).set(uid, { ...ct, attributes }) };
  };

  it.each<[string, () => ContentModel, boolean]>([
    ['a new scalar attribute', () => withAttribute('api::tag.tag', { name: 'color', type: 'string' }), true],
    ['a new relation', () => withAttribute('api::tag.tag', { name: 'cover', type: 'media', multiple: false, allowedTypes: [] }), false],
    ['a relation with another target', () => withAttribute('api::article.article', { name: 'author', target: 'api::tag.tag' }), false],
    ['a relation losing its inverse side', () => withAttribute('api::article.article', { name: 'tags', inversedBy: undefined }), false],
  ])('fits the model after %s: %s', (_name, changed, fits) => {
    expect(modelFingerprint(changed()) === modelFingerprint(model)).toBe(fits);
  });

  it.each<[string, Array<[string, number]>, Array<[string, number]>, object | undefined]>([
    ['a longer list: its size, as a max', [[tags, 2]], [[tags, 3]], { max: { 'api::article/article/tags': 3 } }],
    ['a list no longer than before: nothing', [[tags, 3]], [[tags, 3]], undefined],
    ['a list not stored before: its size', [], [[tags, 0]], { max: { 'api::article/article/tags': 0 } }],
    ['an inverse count: what it rose by, as an increment', [[tagArticles, 3]], [[tagArticles, 5]], { inc: { 'api::tag/tag/articles': 2 } }],
    ['both at once', [[tags, 1], [tagArticles, 1]], [[tags, 2], [tagArticles, 2]], { max: { 'api::article/article/tags': 2 }, inc: { 'api::tag/tag/articles': 1 } }],
  ])('is raised for %s', (_name, before, after, expected) => {
    const raise = raiseOf(model, new Map(before), new Map(after));
    expect(raise).toEqual(expected && { op: 'raise', collection: '_measurements', id: 1, ...expected });
  });

  it.each<[string, Array<[string, number]>, Array<[string, number]>, Array<[string, number]>]>([
    ['list sizes: the larger', [[tags, 4]], [[tags, 2]], [[tags, 4]]],
    ['inverse counts: the sum (an entry in both counts twice)', [[tagArticles, 4]], [[tagArticles, 2]], [[tagArticles, 6]]],
    ['a list only one holds: its', [[tags, 1]], [[tagArticles, 2]], [[tags, 1], [tagArticles, 2]]],
  ])('merges two measurements: %s', (_name, a, b, expected) => {
    expect(mergedLists(model, new Map(a), new Map(b))).toEqual(new Map(expected));
  });
});
