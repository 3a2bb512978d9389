// FoodAdvisor (Strapi's demo: custom field, users, dynamic zones of many components), seeded
// with generated data in a real Strapi v4.25 and exported: imported from the archive, the gateway
// answers 300 generated requests exactly as after importing the same seed file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { measureStore } from '../../src/store/measure-store.ts';
import { listsOf, MEASUREMENTS } from '../../src/store/measurement-doc.ts';
import { importStrapiExport } from '../../src/strapi-export/import-archive.ts';
import { ask, type Case } from '../support/strapi-answers.ts';
import { ARCHIVES, gatewayOver, listFiles, scratchFolder } from './support.ts';

const MODEL = '../shared/models/foodadvisor';
const present = existsSync(MODEL);
if (!present) console.warn(`${MODEL} is absent: the FoodAdvisor archive import is skipped`);

/** `diff.mjs gen --schema ../shared/models/foodadvisor --seed foodadvisor-seed.json --n 300 --rand 7`. */
const cases: Case[] = JSON.parse(readFileSync(`${ARCHIVES}/foodadvisor-cases.json`, 'utf8'));

describe.skipIf(!present)('FoodAdvisor exported by Strapi', () => {
  let fromSeed: Gateway;
  let fromArchive: Gateway;
  let imported: Awaited<ReturnType<typeof importStrapiExport>>;
  let uploads: string;
  let model: ContentModel;
  let store: EmbeddedStore;

  beforeAll(async () => {
    model = await loadContentModel(MODEL);
    const seed = await loadSeedFile(`${ARCHIVES}/foodadvisor-seed.json`);
    const seedStore = new EmbeddedStore();
    await importSeed(model, seed, seedStore);
    fromSeed = gatewayOver(model, seedStore, settingsFromSeed(seed));
    store = new EmbeddedStore();
    uploads = join(await scratchFolder(), 'uploads');
    imported = await importStrapiExport(model, `${ARCHIVES}/foodadvisor.tar.gz`, store, { uploadsDir: uploads });
    fromArchive = gatewayOver(model, store, settingsFromSeed(imported.seed));
  });

  it.each(cases.map((c) => [c.name, c] as const))('answers %s as the seed file does', async (_, c) => {
    expect(await ask(fromArchive, c)).toEqual(await ask(fromSeed, c));
  });

  it('imports the users with the bcrypt hashes Strapi stored, and their pictures', () => {
    const users = imported.seed.entries.get('plugin::users-permissions.user') ?? [];
    expect(users.map((user) => [user.id, user.values.picture])).toEqual([[1, 9], [2, 9], [3, 3], [4, 3], [5, 8]]);
    const bcrypt = /^\$2a\$10\$[./A-Za-z0-9]{53}$/;
    expect(users.map((user) => (user.values.password === null ? null : bcrypt.test(String(user.values.password))))).toEqual([true, true, true, true, null]);
  });

  it('stores the entry estimate\'s measurement of what it imported, as measuring the store finds', async () => {
    const lists = listsOf(model, (await store.find(MEASUREMENTS, { id: 1 }))[0]);
    expect(lists?.size).toBeGreaterThan(0);
    expect(lists).toEqual((await measureStore(model, store)).lists);
  });

  it('copies every uploaded file the media rows name', async () => {
    expect(await listFiles(uploads)).toHaveLength(36);
    expect(imported.notes.some((note) => note.startsWith('media files the rows name'))).toBe(false);
  });
});
