// The embedded store keeps a document's apart fields (components, dynamic zones: ensureIndexes'
// `apartFields`) in a column of their own, and a find whose projection names none of them does not
// read it. Every read gives the fields it asked for as a store that keeps documents whole would,
// whatever was declared apart when each document was written.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { DocumentCache } from '../../src/store/sqlite/document-cache.ts';
import type { Doc, FindOptions } from '../../src/store/store.ts';

const article = (id: number): Doc => ({
  id,
  title: `Article ${id}`,
  publishedAt: new Date(Date.UTC(2024, 0, id)),
  seo: { id, metaTitle: `Meta ${id}`, at: new Date(Date.UTC(2020, 1, id)) },
  blocks: [{ __component: 'blocks.quote', id, body: 'Quoted', rating: 3n }],
  tags: [1, 2],
});

const READS: ReadonlyArray<[string, FindOptions]> = [
  ['no projection', {}],
  ['a projection without apart fields', { projection: { title: 1, publishedAt: 1, tags: 1 } }],
  ['a projection with a component', { projection: { title: 1, seo: 1 } }],
  ['a projection with a dynamic zone', { projection: { blocks: 1 } }],
  ['a projection through a component', { projection: { 'seo.metaTitle': 1 } }],
  ['a projection through a dynamic zone', { projection: { 'blocks.body': 1, title: 1 } }],
  ['a sorted page', { sort: [['title', -1]], skip: 1, limit: 2, projection: { title: 1 } }],
];

describe('apart fields in the embedded store', () => {
  let dir: string | undefined;
  const fileIn = () => path.join((dir = mkdtempSync(path.join(tmpdir(), 'store-apart-'))), 'store.db');
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function storeWith(apartFields: readonly string[], file = ':memory:'): Promise<EmbeddedStore> {
    const store = new EmbeddedStore({ file });
    await store.ensureIndexes('articles', [], { keyFields: ['title'], apartFields });
    return store;
  }

  it.each(READS)('answers %s as a store keeping documents whole', async (_name, options) => {
    const [apart, whole] = [await storeWith(['seo', 'blocks']), await storeWith([])];
    for (const store of [apart, whole]) await store.write([1, 2, 3, 4].map((id) => ({ op: 'put' as const, collection: 'articles', doc: article(id) })));
    // The fields asked for (a dotted path's top-level field), or all.
    const asked = (docs: Doc[]) => docs.map((doc) => (options.projection ? Object.fromEntries(['id', ...Object.keys(options.projection)].map((path) => path.split('.')[0]).map((field) => [field, doc[field]])) : doc));
    for (const filter of [{}, { id: { $in: [2, 3] } }, { title: 'Article 3' }]) {
      expect(asked(await apart.find('articles', filter, options))).toStrictEqual(asked(await whole.find('articles', filter, options)));
    }
  });

  it('keeps a document read twice without its apart fields, whole: the cache holds whole documents only', async () => {
    const store = await storeWith(['seo', 'blocks']);
    await store.write([{ op: 'put', collection: 'articles', doc: article(1) }]);
    const cache = (store as unknown as { documents: DocumentCache }).documents;
    const kept: boolean[] = [];
    for (let i = 0; i < 2; i++) {
      await store.find('articles', { id: 1 }, { projection: { title: 1 } });
      kept.push(cache.get('articles', 1) !== undefined);
    }
    expect(kept).toEqual([false, true]);
    expect(cache.get('articles', 1)).toStrictEqual(article(1));
  });

  it('writes the apart fields to their own column, and none when a document has none', async () => {
    const file = fileIn();
    const store = await storeWith(['seo', 'blocks'], file);
    await store.write([{ op: 'put', collection: 'articles', doc: article(1) }, { op: 'put', collection: 'articles', doc: { id: 2, title: 'Plain' } }]);
    await store.close();
    const raw = new Database(file, { readonly: true });
    const rows = raw.prepare('SELECT id, doc, apart FROM "d:articles" ORDER BY id').all() as Array<{ doc: string; apart: string | null }>;
    raw.close();
    expect(rows.map((row) => [row.doc.includes('metaTitle'), row.apart?.includes('metaTitle'), row.apart?.includes('Quoted')])).toEqual([[false, true, true], [false, undefined, undefined]]);
  });

  it('reads a field apart from rows written while it was declared so, after it no longer is, across a restart', async () => {
    const file = fileIn();
    const first = await storeWith(['seo'], file);
    await first.write([{ op: 'put', collection: 'articles', doc: article(1) }]);
    await first.close();
    const later = await storeWith([], file);
    await later.write([{ op: 'put', collection: 'articles', doc: article(2) }]);
    const read = await later.find('articles', {}, { projection: { seo: 1 }, sort: [['id', 1]] });
    await later.close();
    expect(read.map(({ id, seo }) => ({ id, seo }))).toStrictEqual([{ id: 1, seo: article(1).seo }, { id: 2, seo: article(2).seo }]);
  });
});
