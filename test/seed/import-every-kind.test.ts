// A seed using every attribute kind -> stored documents; batches, progress, drop and the demo seed.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import type { Seed } from '../../src/seed/parse-seed.ts';
import { RecordingStore } from './recording-store.ts';

const schema = fileURLToPath(new URL('../fixtures/schemas/every-kind', import.meta.url));
const seedFile = fileURLToPath(new URL('../fixtures/seeds/every-kind.json', import.meta.url));
const demo = fileURLToPath(new URL('../../schema', import.meta.url));
const NOW = new Date('2025-03-01T12:00:00.000Z');

describe('importing the every-kind seed', () => {
  let model: ContentModel;
  let seed: Seed;
  let store: RecordingStore;
  const one = async (collection: string, id: number) => (await store.find(collection, { id }))[0];

  beforeAll(async () => {
    model = await loadContentModel(schema);
    seed = await loadSeedFile(seedFile);
    store = new RecordingStore();
    await importSeed(model, seed, store, { now: NOW });
  });

  it('stores every attribute kind in its documented form', async () => {
    expect(await one('things', 1)).toEqual({
      id: 1,
      aString: 'one',
      aText: 'text',
      aRichtext: '**rich**',
      anEnumeration: 'x-large',
      anEmail: 'a@example.com',
      aPassword: expect.stringMatching(/^\$2a\$10\$[./A-Za-z0-9]{53}$/),
      aUid: 'one-1',
      aDate: '2024-02-29',
      aTime: '09:30:00.000',
      aDatetime: new Date('2024-01-15T07:30:00.000Z'),
      aTimestamp: new Date(1700000000000),
      anInteger: -4,
      aBiginteger: 9007199254740991n,
      aFloat: 1.25,
      aDecimal: 10,
      aBoolean: false,
      aJson: '{"nested":[1,{"$key":"x.y"}]}',
      oneToOneOwner: 1,
      oneToManyOwner: [2, 3],
      manyToOneOwner: 1,
      manyToManyOwner: [1, 2],
      oneWay: 3,
      manyWay: [2],
      singleMedia: 1,
      multipleMedia: [2, 1],
      single: { id: 1, title: 'outer', leaf: { id: 1, label: 'inner', size: 'S' }, picture: 2, other: 2 },
      repeated: [
        { id: 2, label: 'r1', size: null },
        { id: 3, label: 'r2', size: 'M' },
      ],
      zone: [
        { __component: 'parts.leaf', id: 4, label: 'z1', size: null },
        { __component: 'parts.outer', id: 2, title: 'z2', leaf: null, picture: null, other: null },
      ],
      createdAt: NOW,
      updatedAt: NOW,
      publishedAt: new Date('2024-01-16T00:00:00.000Z'),
      locale: 'en',
      localizations: [2],
    });
  });

  it('fills what an entry leaves out: empty values, default locale, import-time publication', async () => {
    expect(await one('things', 3)).toMatchObject({
      aText: null,
      oneWay: null,
      manyToManyOwner: [],
      single: null,
      repeated: [],
      zone: [],
      locale: 'en',
      localizations: [],
      publishedAt: NOW,
    });
    expect(await one('things', 2)).toMatchObject({ locale: 'fr', localizations: [1], publishedAt: null, aString: 'un' });
  });

  it('gives entries without an id the ids after the largest given one', async () => {
    expect((await store.find('things', {})).map((doc) => doc.id)).toEqual([1, 2, 3]);
    expect(await one('settings_single', 1)).toMatchObject({ title: 'The settings' });
  });

  it('keeps given timestamps and stores JSON keys with "$" and "." as text', async () => {
    expect(await one('files', 2)).toMatchObject({ createdAt: new Date('2023-05-01T10:00:00.000Z'), updatedAt: new Date('2023-05-02T10:00:00.000Z') });
    expect(JSON.parse((await one('files', 1)).formats as string)).toEqual({ thumbnail: { url: '/uploads/thumbnail_a_1.png', '$weird.key': true } });
  });

  it('writes in batches of the given size and reports progress after each', async () => {
    const batched = new RecordingStore();
    const progress: Array<[number, number, string]> = [];
    await importSeed(model, seed, batched, { now: NOW, batchSize: 2, onProgress: (...args) => progress.push(args) });
    expect(batched.writes.filter((w) => w.op === 'upsertMany')).toEqual([
      { op: 'upsertMany', collection: 'files', size: 2 },
      { op: 'upsertMany', collection: 'others', size: 2 },
      { op: 'upsertMany', collection: 'others', size: 1 },
      { op: 'upsertMany', collection: 'settings_single', size: 1 },
      { op: 'upsertMany', collection: 'things', size: 2 },
      { op: 'upsertMany', collection: 'things', size: 1 },
      { op: 'upsertMany', collection: 'up_roles', size: 2 },
      { op: 'upsertMany', collection: 'up_roles', size: 1 },
      ...Array.from({ length: 7 }, () => ({ op: 'upsertMany', collection: 'up_permissions', size: 2 })),
      { op: 'upsertMany', collection: 'up_permissions', size: 1 },
    ]);
    expect(progress.map(([done]) => done)).toEqual([2, 4, 5, 6, 8, 9, 11, 12, 14, 16, 18, 20, 22, 24, 26, 27]);
    expect(new Set(progress.map(([, total]) => total))).toEqual(new Set([27]));
  });

  it('drops the model\'s collections first when asked, removing entries the seed no longer has', async () => {
    const target = new RecordingStore();
    await target.upsertMany('things', [{ id: 99, aString: 'stale' }]);
    await importSeed(model, seed, target, { now: NOW, drop: true });
    expect(target.writes.filter((w) => w.op === 'drop').map((w) => w.collection)).toContain('things');
    expect((await target.find('things', {})).map((doc) => doc.id)).toEqual([1, 2, 3]);
  });

  it('keeps entries the seed does not have when not dropping, upserting the rest', async () => {
    const target = new RecordingStore();
    await target.upsertMany('things', [{ id: 99, aString: 'kept' }, { id: 1, aString: 'replaced' }]);
    await importSeed(model, seed, target, { now: NOW });
    expect((await target.find('things', {})).map((doc) => [doc.id, doc.aString])).toEqual([[1, 'one'], [2, 'un'], [3, 'three'], [99, 'kept']]);
  });
});

describe('the demo seed', () => {
  it('imports into the demo model with every entry written', async () => {
    const model = await loadContentModel(demo);
    const seed = await loadSeedFile(`${demo}/seed.json`);
    const store = new RecordingStore();
    const report = await importSeed(model, seed, store, { now: NOW });
    expect(report).toEqual([
      { collection: 'files', written: 5 },
      { collection: 'magazines', written: 1 },
      { collection: 'posts', written: 6 },
      { collection: 'sections', written: 3 },
      { collection: 'topics', written: 3 },
      { collection: 'writers', written: 3 },
      { collection: 'up_users', written: 2 },
      { collection: 'up_roles', written: 3 },
      { collection: 'up_permissions', written: 60 },
    ]);
    expect(seed.tokens).toEqual({ 'demo-editor-token-5b1f0c7e9a2d4e38': 'editor' });
    expect(seed.locales.map((l) => l.code)).toEqual(['en', 'de']);
    expect((await store.find('posts', { id: 5 }))[0]).toMatchObject({ locale: 'de', localizations: [1] });
    expect((await store.find('writers', { id: 2 }))[0]).toMatchObject({ lastSeenAt: new Date(1714550400000) });
  });
});
