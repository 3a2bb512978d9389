// The write operations' own steps, on the fixture's model: a relation change on a list of ids,
// EntryData applied to a stored document (components changed in place or made anew, zones
// replaced), and what a write does to the other entries (the `mappedBy` side, a two-sided
// one-to-one's target taken from its holder, a deleted entry let go everywhere).
import { beforeEach, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { contentType } from '../../src/model/types.ts';
import type { EntryData, FieldWrite, Position, RelationChange } from '../../src/operations/write/entry-data.ts';
import { applyData, type BuildContext } from '../../src/operations/write/entry.ts';
import { applyOtherSides, releaseDeleted } from '../../src/operations/write/other-side.ts';
import { PendingWrite } from '../../src/operations/write/pending.ts';
import { changedIds, changedValue } from '../../src/operations/write/relations.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Doc } from '../../src/store/store.ts';
import { fixtureModel } from '../rest/support/fixture.ts';

const edit = (connect: Array<[number, Position]>, disconnect: number[] = []): RelationChange => ({
  kind: 'edit',
  connect: connect.map(([id, position]) => ({ id, position })),
  disconnect,
});

describe('a relation change on the ids an attribute holds', () => {
  it.each<[string, number[], RelationChange, number[]]>([
    ['set replaces the list, dropping duplicates', [1, 2], { kind: 'set', ids: [3, 3, 4] }, [3, 4]],
    ['set to nothing clears it', [1, 2], { kind: 'set', ids: [] }, []],
    ['connect appends at the end by default', [1, 2], edit([[3, { kind: 'end' }]]), [1, 2, 3]],
    ['connect at the start', [1, 2], edit([[3, { kind: 'start' }]]), [3, 1, 2]],
    ['connect before an id', [1, 2], edit([[3, { kind: 'before', id: 2 }]]), [1, 3, 2]],
    ['connect after an id', [1, 2], edit([[3, { kind: 'after', id: 1 }]]), [1, 3, 2]],
    ['connect of a held id moves it', [1, 2, 3], edit([[1, { kind: 'end' }]]), [2, 3, 1]],
    ['connect before an id it does not hold appends', [1], edit([[3, { kind: 'before', id: 9 }]]), [1, 3]],
    ['disconnect removes', [1, 2, 3], edit([], [2]), [1, 3]],
    ['disconnect, then connect', [1, 2], edit([[4, { kind: 'start' }]], [1]), [4, 2]],
    ['an item placed after one connected later in the list follows it, as Strapi sorts them', [1], edit([[5, { kind: 'after', id: 6 }], [6, { kind: 'start' }]]), [6, 5, 1]],
  ])('%s', (_name, current, change, expected) => {
    expect(changedIds(current, change)).toEqual(expected);
  });

  it.each<[string, boolean, unknown, RelationChange, unknown]>([
    ['a to-one takes the last id set', false, 1, { kind: 'set', ids: [2] }, 2],
    ['a to-one set to nothing is null', false, 1, { kind: 'set', ids: [] }, null],
    ['a to-one disconnected is null', false, 1, edit([], [1]), null],
    ['a to-many from nothing', true, null, { kind: 'set', ids: [5] }, [5]],
  ])('%s', (_name, toMany, current, change, expected) => {
    expect(changedValue(toMany, current, change)).toEqual(expected);
  });
});

let model: ContentModel;
let ids: number;
const context = (): BuildContext => ({ model, newId: async () => ++ids });
const data = (entries: Record<string, FieldWrite>): EntryData => new Map(Object.entries(entries));
const value = (v: unknown): FieldWrite => ({ kind: 'value', value: v });

beforeEach(async () => {
  model = await fixtureModel();
  ids = 100;
});

describe('EntryData applied to a stored entry', () => {
  const stored = {
    id: 1, title: 'Old', views: 3, tags: [1, 2], author: 4,
    seo: { id: 7, metaTitle: 'seo', metaSocial: [{ id: 8, socialNetwork: 'Facebook', title: 'fb' }] },
    blocks: [{ __component: 'blocks.quote', id: 9, body: 'q' }],
  };

  it.each<[string, EntryData, Record<string, unknown>]>([
    ['what the data leaves out is kept', data({ title: value('New') }), { ...stored, title: 'New' }],
    ['a scalar set to null is null', data({ views: value(null) }), { ...stored, views: null }],
    ['an owning relation is changed', data({ tags: { kind: 'relation', change: edit([[3, { kind: 'start' }]]) } }), { ...stored, tags: [3, 1, 2] }],
    ['a to-one relation is cleared', data({ author: { kind: 'relation', change: { kind: 'set', ids: [] } } }), { ...stored, author: null }],
    [
      'a component sent with its id is changed in place, its nested list kept',
      data({ seo: { kind: 'component', item: { component: 'shared.seo', id: 7, data: data({ metaTitle: value('new') }) } } }),
      { ...stored, seo: { ...stored.seo, metaTitle: 'new' } },
    ],
    [
      'a component sent without an id replaces the old one, nested items with it',
      data({ seo: { kind: 'component', item: { component: 'shared.seo', data: data({ metaTitle: value('fresh') }) } } }),
      { ...stored, seo: { id: 101, metaTitle: 'fresh' } },
    ],
    ['a component set to null is removed', data({ seo: { kind: 'component', item: null } }), { ...stored, seo: null }],
    [
      'a zone sent replaces the old one whole, a held item kept by its id',
      data({ blocks: { kind: 'zone', items: [
        { component: 'blocks.rich-text', data: data({ body: value('new') }) },
        { component: 'blocks.quote', id: 9, data: data({ author: value('me') }) },
      ] } }),
      { ...stored, blocks: [{ __component: 'blocks.rich-text', id: 101, body: 'new' }, { __component: 'blocks.quote', id: 9, body: 'q', author: 'me' }] },
    ],
    [
      'a zone item naming a held id of another component is new',
      data({ blocks: { kind: 'zone', items: [{ component: 'blocks.rich-text', id: 9, data: data({ body: value('x') }) }] } }),
      { ...stored, blocks: [{ __component: 'blocks.rich-text', id: 101, body: 'x' }] },
    ],
  ])('%s', async (_name, entryData, expected) => {
    const article = contentType(model, 'api::article.article');
    expect(await applyData(context(), article, entryData, stored)).toEqual(expected);
  });
});

describe('what a write does to the other entries', () => {
  async function storeWith(docs: Record<string, Doc[]>): Promise<EmbeddedStore> {
    const store = new EmbeddedStore();
    for (const [collection, list] of Object.entries(docs)) await store.upsertMany(collection, list);
    return store;
  }

  it('the mappedBy side of a many-to-many changes the owners\' lists', async () => {
    const store = await storeWith({ articles: [{ id: 1, tags: [1] }, { id: 2, tags: [2] }, { id: 3, tags: [] }], tags: [{ id: 1 }] });
    const pending = new PendingWrite(store);
    const tag = contentType(model, 'api::tag.tag');
    await applyOtherSides(model, tag, { id: 1 }, data({ articles: { kind: 'relation', change: { kind: 'set', ids: [2, 3] } } }), pending);
    expect(pending.changes()).toEqual([
      { op: 'put', collection: 'articles', doc: { id: 1, tags: [] } },
      // Each new link goes last in the tag's list (docs/storage.md, "Link order").
      { op: 'put', collection: 'articles', doc: { id: 2, tags: [2, 1], _linkOrder: { tags: [null, 1] } } },
      { op: 'put', collection: 'articles', doc: { id: 3, tags: [1], _linkOrder: { tags: [2] } } },
    ]);
  });

  it('the mappedBy side of a one-to-many sets each owner\'s to-one', async () => {
    const store = await storeWith({ articles: [{ id: 1, author: 5 }, { id: 2, author: 6 }] });
    const pending = new PendingWrite(store);
    const author = contentType(model, 'api::author.author');
    await applyOtherSides(model, author, { id: 5 }, data({ articles: { kind: 'relation', change: { kind: 'set', ids: [2] } } }), pending);
    expect(pending.changes()).toEqual([
      { op: 'put', collection: 'articles', doc: { id: 1, author: null } },
      { op: 'put', collection: 'articles', doc: { id: 2, author: 5, _linkOrder: { author: 1 } } },
    ]);
  });

  it('the mappedBy side refuses a connect placed next to an entry its list does not hold, as Strapi does', async () => {
    const store = await storeWith({ articles: [{ id: 1, author: 5 }, { id: 2, author: null }] });
    const author = contentType(model, 'api::author.author');
    const change = edit([[2, { kind: 'before', id: 999 }]]);
    await expect(applyOtherSides(model, author, { id: 5 }, data({ articles: { kind: 'relation', change } }), new PendingWrite(store))).rejects.toThrow('The relation with id 999 needs to be connected first.');
    await expect(applyOtherSides(model, author, { id: 5 }, data({ articles: { kind: 'relation', change: edit([[2, { kind: 'before', id: 1 }]]) } }), new PendingWrite(store))).resolves.toBeUndefined();
  });

  it('a one-way one-to-many leaves a target its other holders hold, as Strapi\'s join table does', async () => {
    const store = await storeWith({ articles: [{ id: 1, related: [3, 4] }, { id: 2, related: [] }] });
    const pending = new PendingWrite(store);
    const article = contentType(model, 'api::article.article');
    const written = { id: 2, related: [4] };
    pending.put('articles', written);
    await applyOtherSides(model, article, written, data({ related: { kind: 'relation', change: { kind: 'set', ids: [4] } } }), pending);
    expect(pending.changes()).toEqual([{ op: 'put', collection: 'articles', doc: { id: 2, related: [4] } }]);
  });

  it('a two-sided one-to-one owner takes its target from the entry that held it', async () => {
    const demo = await loadContentModel('schema');
    const store = await storeWith({ sections: [{ id: 1, editor: 7 }, { id: 2, editor: null }] });
    const pending = new PendingWrite(store);
    const section = contentType(demo, 'api::section.section');
    const written = { id: 2, editor: 7 };
    pending.put('sections', written);
    await applyOtherSides(demo, section, written, data({ editor: { kind: 'relation', change: { kind: 'set', ids: [7] } } }), pending);
    expect(pending.changes()).toEqual([
      { op: 'put', collection: 'sections', doc: { id: 2, editor: 7 } },
      { op: 'put', collection: 'sections', doc: { id: 1, editor: null } },
    ]);
  });

  it('a deleted entry leaves every owning relation that held it', async () => {
    const store = await storeWith({ articles: [{ id: 1, tags: [1, 2], author: 5 }, { id: 2, tags: [2] }] });
    const pending = new PendingWrite(store);
    pending.remove('tags', 2);
    await releaseDeleted(model, contentType(model, 'api::tag.tag'), 2, pending);
    expect(pending.changes()).toEqual([
      { op: 'put', collection: 'articles', doc: { id: 1, tags: [1], author: 5 } },
      { op: 'put', collection: 'articles', doc: { id: 2, tags: [] } },
      { op: 'delete', collection: 'tags', id: 2 },
    ]);
  });
});

describe('the place of an owning entry\'s link in its target\'s list', () => {
  // Article 1 holds author 5 at place 1, article 2 at place 2 (docs/storage.md, "Link order").
  const held = { id: 1, author: 5, _linkOrder: { author: 1 } };
  it.each<[string, RelationChange, number]>([
    ['connected again while held: keeps its place', edit([[5, { kind: 'end' }]]), 1],
    ['disconnected and connected in one write: made anew, last (as Strapi v4.25 deletes the link, then makes it)', edit([[5, { kind: 'end' }]], [5]), 3],
    ['set to the target it held: keeps its place', { kind: 'set', ids: [5] }, 1],
  ])('%s', async (_name, change, place) => {
    const { withLinkPlaces } = await import('../../src/operations/write/link-order.ts');
    const store = new EmbeddedStore();
    await store.upsertMany('articles', [held, { id: 2, author: 5, _linkOrder: { author: 2 } }]);
    const article = contentType(model, 'api::article.article');
    const written = await withLinkPlaces(article, { id: 1, author: 5 }, data({ author: { kind: 'relation', change } }), held, new PendingWrite(store));
    expect(written).toEqual({ id: 1, author: 5, _linkOrder: { author: place } });
  });
});

describe('attributes one for every locale', () => {
  it('a new localization takes them from its source unless its body names them, and gives them to the group', async () => {
    const { sharedNames, withSharedFrom, shareWithLocalizations } = await import('../../src/operations/write/locales.ts');
    const article = contentType(model, 'api::article.article');
    expect(sharedNames(article)).toEqual(expect.arrayContaining(['kind', 'views', 'featured', 'cover', 'gallery']));
    expect(sharedNames(article)).not.toContain('title');
    const source = { id: 1, title: 'Hello', views: 10, kind: 'news', localizations: [] };
    const filled = await withSharedFrom(context(), article, { id: 2, title: 'Bonjour', views: null, kind: 'guide', localizations: [1] }, { title: 'Bonjour', kind: 'guide' }, source);
    expect(filled).toMatchObject({ title: 'Bonjour', views: 10, kind: 'guide' });
    const store = new EmbeddedStore();
    await store.upsertMany('articles', [source]);
    const pending = new PendingWrite(store);
    await shareWithLocalizations(context(), article, filled, pending, new Set(['title', 'kind']));
    expect(pending.changes()).toEqual([{ op: 'put', collection: 'articles', doc: { ...source, views: 10, kind: 'guide' } }]);
  });

  it('a component not localized is copied to the other locales as items of their own, when the write names it', async () => {
    const { withSharedFrom, shareWithLocalizations } = await import('../../src/operations/write/locales.ts');
    const food = await loadContentModel('test/fixtures/schemas/localized-restaurant');
    const restaurant = contentType(food, 'api::restaurant.restaurant');
    const foodContext = { model: food, newId: async () => ++ids };
    const source = { id: 1, name: 'Copper', socialNetworks: [{ id: 7, url: 'https://a.example' }], localizations: [] };
    const filled = await withSharedFrom(foodContext, restaurant, { id: 2, name: 'Cuivre', localizations: [1] }, { name: 'Cuivre' }, source);
    expect(filled.socialNetworks).toEqual([{ id: 101, url: 'https://a.example' }]);
    const store = new EmbeddedStore();
    await store.upsertMany('restaurants', [source]);
    const unnamed = new PendingWrite(store);
    await shareWithLocalizations(foodContext, restaurant, { ...filled, socialNetworks: [{ id: 50, url: 'https://b.example' }] }, unnamed, new Set(['name']));
    expect(unnamed.changes()).toEqual([]);
    const named = new PendingWrite(store);
    await shareWithLocalizations(foodContext, restaurant, { ...filled, socialNetworks: [{ id: 50, url: 'https://b.example' }] }, named, new Set(['socialNetworks']));
    expect(named.changes()).toEqual([{ op: 'put', collection: 'restaurants', doc: { ...source, socialNetworks: [{ id: 102, url: 'https://b.example' }] } }]);
  });
});
