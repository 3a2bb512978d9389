// The disk refusing a write: full (SQLite's page limit, reached for real) or read-only (SQLite's
// query_only switch). The write rejects with ServiceUnavailableError and applies nothing, reads
// keep serving, and the store opened again takes writes with everything before intact.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../../src/errors/errors.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Change } from '../../src/store/store.ts';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function storeFile(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'disk-errors-'));
  folders.push(folder);
  return path.join(folder, 'store.db');
}

const big = (id: number): Change => ({ op: 'put', collection: 'things', doc: { id, body: 'x'.repeat(200_000) } });

describe.each([
  ['full', (store: EmbeddedStore) => store.db.pragma(`max_page_count = ${store.db.pragma('page_count', { simple: true }) as number}`)],
  ['read-only', (store: EmbeddedStore) => store.db.pragma('query_only = 1')],
])('a disk that is %s', (_name, refuse) => {
  it('rejects the write with ServiceUnavailableError, applies nothing of it, keeps serving reads, and the next open recovers', async () => {
    const file = storeFile();
    const store = new EmbeddedStore({ file });
    await store.write([{ op: 'put', collection: 'things', doc: { id: 1, title: 'kept' } }]);
    refuse(store);
    const refused = await store.write([{ op: 'delete', collection: 'things', id: 1 }, big(2)]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect(refused).toMatchObject({ status: 503 });
    expect((await store.find('things', {})).map((doc) => doc.id)).toEqual([1]);
    await store.close();

    const reopened = new EmbeddedStore({ file });
    await reopened.write([big(3)]);
    expect((await reopened.find('things', {})).map((doc) => doc.id)).toEqual([1, 3]);
    expect(reopened.db.pragma('integrity_check', { simple: true })).toBe('ok');
    await reopened.close();
  });

  it('refuses every write of a group the disk refuses a write of, each with ServiceUnavailableError, and keeps none of them', async () => {
    const file = storeFile();
    const store = new EmbeddedStore({ file });
    await store.write([{ op: 'put', collection: 'things', doc: { id: 1 } }]);
    refuse(store);
    const outcomes = await Promise.allSettled([store.write([{ op: 'put', collection: 'things', doc: { id: 3 } }]), store.write([big(2)])]);
    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? outcome.reason.constructor.name : 'fulfilled'))).toEqual(['ServiceUnavailableError', 'ServiceUnavailableError']);
    await store.close();
    const reopened = new EmbeddedStore({ file });
    expect((await reopened.find('things', {})).map((doc) => doc.id)).toEqual([1]);
    await reopened.close();
  });
});

describe('a group of writes lost after one of them was seen (the disk full at a later write)', () => {
  it('answers every read and write with 503 and fails its ping until opened again, which finds what was acknowledged', async () => {
    const file = storeFile();
    const store = new EmbeddedStore({ file });
    await store.write([{ op: 'put', collection: 'things', doc: { id: 1 } }]);
    store.db.pragma(`max_page_count = ${store.db.pragma('page_count', { simple: true }) as number}`);
    let seen: number[] = [];
    const first = store.write([{ op: 'put', collection: 'things', doc: { id: 3 } }], { visible: () => void store.find('things', {}).then((docs) => (seen = docs.map((doc) => doc.id))) });
    const second = store.write([big(2)]);
    const [one, two] = await Promise.allSettled([first, second]);
    expect(seen).toEqual([1, 3]);
    expect([one, two].map((outcome) => outcome.status === 'rejected' && outcome.reason.details.code)).toEqual(['COMMIT_FAILED', 'COMMIT_FAILED']);
    for (const call of [() => store.find('things', {}), () => store.count('things', {}), () => store.ping(), () => store.write([{ op: 'put', collection: 'things', doc: { id: 4 } }])]) {
      await expect(call()).rejects.toMatchObject({ status: 503, details: { code: 'COMMIT_FAILED' } });
    }
    await store.close();
    const reopened = new EmbeddedStore({ file });
    expect((await reopened.find('things', {})).map((doc) => doc.id)).toEqual([1]);
    expect(reopened.db.pragma('integrity_check', { simple: true })).toBe('ok');
    await reopened.close();
  });
});

describe('the write-ahead log made durable off the event loop', () => {
  it('fsyncs the log file once for writes committed together, commits with synchronous = NORMAL, and reopens with every acknowledged write', async () => {
    const file = storeFile();
    const store = new EmbeddedStore({ file });
    await Promise.all(Array.from({ length: 20 }, (_, id) => store.write([{ op: 'put', collection: 'things', doc: { id } }])));
    expect(store.durability.syncs).toBeGreaterThanOrEqual(1);
    expect(store.durability.syncs).toBeLessThan(20);
    expect(store.db.pragma('synchronous', { simple: true })).toBe(1);
    await store.close();
    const reopened = new EmbeddedStore({ file });
    expect(await reopened.count('things', {})).toBe(20);
    await reopened.close();
  });

  it('rejects the write an fsync failed with ServiceUnavailableError, then refuses every write and fails its ping until reopened', async () => {
    const file = storeFile();
    const store = new EmbeddedStore({ file, sync: async () => Promise.reject(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' })) });
    const refused = await store.write([{ op: 'put', collection: 'things', doc: { id: 1 } }]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect(refused).toMatchObject({ status: 503, message: expect.stringMatching(/fsync failed: EIO.*restarted/) });
    await expect(store.write([{ op: 'put', collection: 'things', doc: { id: 2 } }])).rejects.toBe(refused);
    await expect(store.ping()).rejects.toBe(refused);
    expect((await store.find('things', {})).map((doc) => doc.id)).toEqual([1]);
    await store.close();
  });
});
