import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Doc, Filter, FindOptions } from '../../src/store/store.ts';

// A collection whose key columns live in its documents' table (ensureIndexes' `keyTable: false`,
// the webhook outbox) answers every read as one with a key table does, and a put writes one row.

const DOCS: Doc[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, webhook: i % 3 === 0 ? 'a' : 'b', status: i % 4 === 0 ? 'delivered' : 'queued', body: `{"n":${i}}`, at: new Date(Date.UTC(2026, 0, 1 + i)) }));

const READS: Array<[string, Filter, FindOptions]> = [
  ['key fields and an id range, by id', { webhook: 'a', status: 'queued', id: { $gt: 4 } }, { sort: [['id', 1]] }],
  ['a key field, newest first, a page', { webhook: 'b' }, { sort: [['id', -1]], skip: 2, limit: 5 }],
  ['a field without a key column', { body: '{"n":7}' }, {}],
  ['an $or of key fields and a $nin', { $or: [{ status: { $in: ['delivered'] } }, { webhook: { $nin: ['a', 'b'] } }] }, { sort: [['id', 1]], limit: 4 }],
  ['ids listed', { id: { $in: [3, 9, 31] } }, {}],
  ['a date range', { at: { $gte: new Date(Date.UTC(2026, 0, 20)) } }, { sort: [['id', 1]] }],
];

describe('a collection without a key table', () => {
  let dir: string | undefined;
  const fileIn = () => path.join((dir = mkdtempSync(path.join(tmpdir(), 'key-table-'))), 'store.db');
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function twoStores(file: string): Promise<{ keyed: EmbeddedStore; inDocs: EmbeddedStore }> {
    const keyed = new EmbeddedStore();
    const inDocs = new EmbeddedStore({ file });
    for (const store of [keyed, inDocs]) await store.write(DOCS.slice(0, 10).map((doc) => ({ op: 'put', collection: 'out', doc })));
    // Converted after its first documents: their key columns move with them.
    await keyed.ensureIndexes('out', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['webhook', 'status'], learnIndexes: false });
    await inDocs.ensureIndexes('out', [{ keys: { id: 1 }, unique: true, name: 'id_1' }], { keyFields: ['webhook', 'status'], learnIndexes: false, keyTable: false });
    for (const store of [keyed, inDocs]) await store.write(DOCS.slice(10).map((doc) => ({ op: 'put', collection: 'out', doc })));
    return { keyed, inDocs };
  }

  it.each(READS)('answers a read of %s as a collection with a key table does', async (_name, filter, options) => {
    const { keyed, inDocs } = await twoStores(fileIn());
    const expected = await keyed.find('out', filter, options);
    expect(expected.length).toBeGreaterThan(0);
    expect(await inDocs.find('out', filter, options)).toEqual(expected);
    expect(await inDocs.count('out', filter)).toBe(await keyed.count('out', filter));
    await Promise.all([keyed.close(), inDocs.close()]);
  });

  it('keeps its layout, its documents and its key columns when the file is opened again, and takes updates and deletes', async () => {
    const file = fileIn();
    const { keyed, inDocs } = await twoStores(file);
    await inDocs.close();
    const raw = new Database(file, { readonly: true });
    const layout = raw.prepare("SELECT name, type FROM sqlite_master WHERE name IN ('k:out', 'd:out')").all();
    const columns = raw.prepare("SELECT name FROM pragma_table_info('d:out')").pluck().all();
    raw.close();
    expect(layout).toEqual(expect.arrayContaining([{ name: 'd:out', type: 'table' }, { name: 'k:out', type: 'view' }]));
    expect(columns).toEqual(['id', 'doc', 'apart', 'f:webhook', 'f:status']);
    const again = new EmbeddedStore({ file });
    for (const store of [keyed, again]) {
      await store.write([{ op: 'put', collection: 'out', doc: { ...DOCS[4]!, status: 'failed' } }, { op: 'delete', collection: 'out', id: 5 + 1 }]);
    }
    for (const [, filter, options] of READS) expect(await again.find('out', filter, options)).toEqual(await keyed.find('out', filter, options));
    expect(await again.find('out', { status: 'failed' })).toEqual([{ ...DOCS[4]!, status: 'failed' }]);
    await Promise.all([keyed.close(), again.close()]);
  });

  it('is dropped whole, and made again with a key table by the next write', async () => {
    const { keyed, inDocs } = await twoStores(fileIn());
    await inDocs.drop('out');
    expect(await inDocs.find('out', {})).toEqual([]);
    await inDocs.write([{ op: 'put', collection: 'out', doc: DOCS[0]! }]);
    expect(await inDocs.find('out', { webhook: 'a' })).toEqual([DOCS[0]]);
    await Promise.all([keyed.close(), inDocs.close()]);
  });

  it('is refused to a collection with a unique index, and refuses one itself: its refusals are found through the key table', async () => {
    const store = new EmbeddedStore();
    await store.ensureIndexes('people', [{ keys: { email: 1 }, unique: true, name: 'email_unique' }]);
    await expect(store.ensureIndexes('people', [], { keyTable: false })).rejects.toThrow('Collection people has a unique index: its key columns keep their table');
    await store.ensureIndexes('log', [], { keyTable: false });
    await expect(store.ensureIndexes('log', [{ keys: { code: 1 }, unique: true, name: 'code_unique' }])).rejects.toThrow('Collection log keeps no key table: it takes no unique index');
    await store.close();
  });
});
