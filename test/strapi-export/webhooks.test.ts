// A `strapi export` archive holding a webhook (the line a real Strapi 4.25 export wrote, added to
// the conformance archive by make-variants.mjs): the entries are imported as ever, and the
// webhook is reported in the import's notes as the config file entry to add, which the config
// file takes as it is.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFileConfig } from '../../gateway/config/file-config.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { importStrapiExport } from '../../src/strapi-export/import-archive.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { BLOG_MODEL } from '../support/test-gateway.ts';
import { ARCHIVES, scratchFolder } from './support.ts';

let notes: string[];
let store: EmbeddedStore;

beforeAll(async () => {
  store = new EmbeddedStore();
  const imported = await importStrapiExport(await loadContentModel(BLOG_MODEL), `${ARCHIVES}/with-webhook.tar.gz`, store, { uploadsDir: join(await scratchFolder(), 'uploads') });
  notes = imported.notes;
});

describe("an archive's webhooks", () => {
  it('are reported with the config entry to add, the entries imported as ever', async () => {
    const at = notes.findIndex((note) => note.startsWith('1 webhook(s) in the archive, not imported'));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(notes[at + 1]!)).toEqual({ id: 3, name: 'receiver', url: 'http://127.0.0.1:4545/ok', headers: { 'X-Test': '1' }, events: ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'], enabled: true });
    expect(await store.count('articles', {})).toBeGreaterThan(0);
  });

  it('paste into the config file as they are', () => {
    const entry = JSON.parse(notes[notes.findIndex((note) => note.includes('webhook(s) in the archive')) + 1]!);
    const { webhooks } = parseFileConfig({ webhooks: { allowLocalAddresses: true, hooks: [entry] } }, 'config.json');
    expect(webhooks.hooks).toEqual([entry]);
  });
});
