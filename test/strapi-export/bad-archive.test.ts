// Archives that cannot be imported: each is refused with a message saying what is wrong, and the
// store and the uploads folder are left exactly as they were (nothing staged is left behind).
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../src/auth/settings.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { importStrapiExport } from '../../src/strapi-export/import-archive.ts';
import { BLOG_MODEL, BLOG_SEED } from '../support/test-gateway.ts';
import { ARCHIVE_KEY, ARCHIVES, listFiles, scratchFolder, snapshot } from './support.ts';

const GZ = `${ARCHIVES}/conformance.tar.gz`;

/** A copy of `bytes` in a scratch folder, named `name`. */
async function scratchFile(name: string, bytes: Buffer): Promise<string> {
  const path = join(await scratchFolder(), name);
  await writeFile(path, bytes);
  return path;
}

const firstBytes = async (file: string, n: number) => scratchFile('cut.tar.gz', (await readFile(file)).subarray(0, n));
const flipped = async (file: string, at: number, n: number) => {
  const bytes = Buffer.from(await readFile(file));
  for (let i = at; i < at + n; i++) bytes[i] ^= 0xff;
  return scratchFile('flipped.tar.gz', bytes);
};

let model: ContentModel;
let store: EmbeddedStore;
let uploads: string;
let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  model = await loadContentModel(BLOG_MODEL);
  store = new EmbeddedStore();
  const seed = await loadSeedFile(BLOG_SEED);
  await importSeed(model, seed, store);
  await saveSettings(store, settingsFromSeed(seed));
  before = await snapshot(model, store);
  uploads = join(await scratchFolder(), 'uploads');
  await cp('test/fixtures/blog-seed.json', join(uploads, 'kept.json'));
});

async function expectUntouched(): Promise<void> {
  expect(await snapshot(model, store)).toEqual(before);
  expect(await listFiles(uploads)).toEqual(['kept.json']);
}

describe('an archive that cannot be imported', () => {
  it.each<[string, () => Promise<string>, string | undefined, RegExp]>([
    ['a .tar.gz cut short', () => firstBytes(GZ, 9000), undefined, /^Strapi export .*cut\.tar\.gz is truncated: unexpected end of file/],
    ['a .tar cut inside an entry', async () => scratchFile('cut.tar', gunzipSync(await readFile(GZ)).subarray(0, 100_000)), undefined, /cut\.tar is truncated: Unexpected end of data/],
    ['an encrypted archive cut short', () => firstBytes(`${ARCHIVES}/conformance.tar.gz.enc`, 12_001), ARCHIVE_KEY, /is truncated: .*wrong final block length/],
    ['a .tar.gz with damaged bytes', () => flipped(GZ, 4000, 64), undefined, /flipped\.tar\.gz is corrupt: /],
    ['an encrypted archive given a wrong key', async () => `${ARCHIVES}/conformance.tar.gz.enc`, 'not the key', /^Cannot decrypt .*conformance\.tar\.gz\.enc: the key is wrong/],
    ['an encrypted archive given no key', async () => `${ARCHIVES}/conformance.tar.gz.enc`, undefined, /neither a tar nor a gzip archive: if it is an encrypted Strapi export \(\.tar\.gz\.enc\), give its key with --key/],
    ['an archive made by Strapi 5', async () => `${ARCHIVES}/made-by-strapi-5.tar.gz`, undefined, /^Unsupported Strapi export format in .*: it was made by Strapi 5\.4\.0; this import reads archives of Strapi v4/],
    ['an archive without metadata.json', async () => `${ARCHIVES}/without-metadata.tar.gz`, undefined, /holds no metadata\.json: it is truncated, or not an archive made by `strapi export`/],
    ['a file that is no archive', async () => BLOG_SEED, undefined, /blog-seed\.json is neither a tar nor a gzip archive/],
    ['a file that does not exist', async () => `${ARCHIVES}/nope.tar.gz`, undefined, /^Cannot read Strapi export .*nope\.tar\.gz: ENOENT/],
  ])('refuses %s, saying so, and leaves the store and the uploads folder as they were', async (_, file, key, message) => {
    await expect(importStrapiExport(model, await file(), store, { key, uploadsDir: uploads })).rejects.toThrow(message);
    await expectUntouched();
  });
});

describe('an archive whose schemas differ from the model', () => {
  let changed: ContentModel;

  beforeAll(async () => {
    // The blog model, edited: article.views a string, tag without "name", a new content-type.
    const dir = join(await scratchFolder(), 'model');
    await cp(BLOG_MODEL, dir, { recursive: true });
    const edit = async (path: string, change: (json: Record<string, any>) => void) => {
      const json = JSON.parse(await readFile(join(dir, path), 'utf8'));
      change(json);
      await writeFile(join(dir, path), JSON.stringify(json));
    };
    await edit('api/article/content-types/article/schema.json', (json) => { json.attributes.views = { ...json.attributes.views, type: 'string' }; });
    await edit('api/tag/content-types/tag/schema.json', (json) => { delete json.attributes.name; });
    await mkdir(join(dir, 'api/event/content-types/event'), { recursive: true });
    await cp(`${ARCHIVES}/event-schema.json`, join(dir, 'api/event/content-types/event/schema.json'));
    changed = await loadContentModel(dir);
  });

  it('refuses it, naming every difference, before writing anything', async () => {
    const error = await importStrapiExport(changed, GZ, store, { uploadsDir: uploads }).then(
      () => new Error('imported'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(/^The schemas in Strapi export .*conformance\.tar\.gz differ from the model; nothing was imported \(3 problems\):/);
    expect(error.message).toContain('api::article.article: attribute "views": type is "integer" in the archive, "string" in the model');
    expect(error.message).toContain('api::tag.tag: attribute "name" is in the archive but not in the model');
    expect(error.message).toContain('api::event.event is in the model but not in the archive');
    await expectUntouched();
  });
});
