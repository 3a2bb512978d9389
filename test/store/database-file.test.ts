import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { FORMAT_VERSION } from '../../src/store/sqlite/database.ts';

describe('the embedded store\'s file', () => {
  let dir: string | undefined;
  const fileIn = () => path.join((dir = mkdtempSync(path.join(tmpdir(), 'store-file-'))), 'store.db');
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is made with 16 KiB pages; a file made with 4 KiB pages keeps them and is served alike', async () => {
    const sizes: number[] = [];
    for (const made of [undefined, 4096]) {
      const file = fileIn();
      if (made) {
        const raw = new Database(file);
        raw.pragma(`page_size = ${made}`);
        raw.exec('CREATE TABLE made (x)');
        raw.close();
      }
      const store = new EmbeddedStore({ file });
      await store.write([{ op: 'put', collection: 'articles', doc: { id: 1, title: 'a' } }]);
      expect(await store.find('articles', { title: 'a' })).toEqual([{ id: 1, title: 'a' }]);
      await store.close();
      const check = new Database(file);
      sizes.push(check.pragma('page_size', { simple: true }) as number);
      check.close();
    }
    expect(sizes).toEqual([16384, 4096]);
  });

  it('of format 1 serves its v8-serialised rows as they are, and is marked with this release\'s format once opened', async () => {
    const file = fileIn();
    const doc = { id: 1, title: 'old', at: new Date('2020-01-01T00:00:00Z'), big: 2n ** 70n };
    const store = new EmbeddedStore({ file });
    await store.write([{ op: 'put', collection: 'articles', doc: { id: 2, title: 'new' } }]);
    await store.close();
    const raw = new Database(file);
    raw.prepare('INSERT INTO "d:articles" (id, doc) VALUES (?, ?)').run(1, serialize(doc));
    raw.prepare('INSERT INTO "k:articles" (id) VALUES (?)').run(1);
    raw.pragma('user_version = 1');
    raw.close();
    const reopened = new EmbeddedStore({ file });
    expect(await reopened.find('articles', {}, { sort: [['id', 1]] })).toStrictEqual([doc, { id: 2, title: 'new' }]);
    await reopened.close();
    const check = new Database(file);
    expect([check.pragma('user_version', { simple: true }), typeof (check.prepare('SELECT doc FROM "d:articles" WHERE id = 2').get() as { doc: unknown }).doc]).toEqual([FORMAT_VERSION, 'string']);
    check.close();
  });

  it('of format 2 (documents whole in one column) serves its rows as they are, and keeps apart fields apart from then on', async () => {
    const file = fileIn();
    const made = new EmbeddedStore({ file });
    await made.write([{ op: 'put', collection: 'articles', doc: { id: 1, title: 'old', seo: { metaTitle: 'Old' } } }]);
    await made.close();
    const raw = new Database(file);
    raw.exec('ALTER TABLE "d:articles" DROP COLUMN apart; DROP TABLE _apart;');
    raw.pragma('user_version = 2');
    raw.close();
    const reopened = new EmbeddedStore({ file });
    await reopened.ensureIndexes('articles', [], { apartFields: ['seo'] });
    await reopened.write([{ op: 'put', collection: 'articles', doc: { id: 2, title: 'new', seo: { metaTitle: 'New' } } }]);
    // Titles first: a first read leaves apart fields unread; the next reads the document whole, to keep it.
    const titles = await reopened.find('articles', {}, { sort: [['id', 1]], projection: { title: 1 } });
    const read = await reopened.find('articles', {}, { sort: [['id', 1]], projection: { title: 1, seo: 1 } });
    await reopened.close();
    expect(read).toStrictEqual([{ id: 1, title: 'old', seo: { metaTitle: 'Old' } }, { id: 2, title: 'new', seo: { metaTitle: 'New' } }]);
    // The old row is whole in `doc`; the new one keeps `seo` apart, unread here.
    expect(titles).toStrictEqual([{ id: 1, title: 'old', seo: { metaTitle: 'Old' } }, { id: 2, title: 'new' }]);
    const check = new Database(file);
    expect([check.pragma('user_version', { simple: true }), check.prepare('SELECT apart IS NULL AS whole FROM "d:articles" ORDER BY id').pluck().all()]).toEqual([FORMAT_VERSION, [1, 0]]);
    check.close();
  });

  it('a newer format than this release\'s is refused with a message', async () => {
    const file = fileIn();
    await new EmbeddedStore({ file }).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${FORMAT_VERSION + 1}`);
    raw.close();
    expect(() => new EmbeddedStore({ file })).toThrow(`format ${FORMAT_VERSION + 1}; this release reads format ${FORMAT_VERSION} and older`);
  });

  it.each([
    ['ids written in a document stay taken after a restart', 'articles', 4],
    ['ids of another counter (a component\'s) are written with any write', 'components_shared_seos', 4],
  ])('%s', async (_name, counter, next) => {
    const file = fileIn();
    const store = new EmbeddedStore({ file });
    const first = await store.allocateIds(counter, 3);
    await store.write([{ op: 'put', collection: 'articles', doc: { id: first, title: 'a' } }]);
    await store.close();
    const reopened = new EmbeddedStore({ file });
    expect(await reopened.allocateIds(counter, 1)).toBe(next);
    await reopened.close();
  });

  it('ids handed out but never written may be handed out again after a restart (nothing carries them)', async () => {
    const file = fileIn();
    const store = new EmbeddedStore({ file });
    expect(await store.allocateIds('articles', 5)).toBe(1);
    await store.close();
    const reopened = new EmbeddedStore({ file });
    expect(await reopened.allocateIds('articles', 1)).toBe(1);
    await reopened.close();
  });
});
