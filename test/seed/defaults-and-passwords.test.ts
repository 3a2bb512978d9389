// Schema defaults fill attributes an entry leaves out (not explicit nulls), and passwords are
// stored hashed, never as given.
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/passwords.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

async function importedNotes() {
  const model = await loadContentModel('test/fixtures/schemas/defaults');
  const store = new EmbeddedStore();
  await importSeed(model, await loadSeedFile('test/fixtures/seeds/defaults/seed.json'), store);
  return store.find('notes', {}, { projection: { title: 1, featured: 1, kind: 1, secret: 1 } });
}

describe('importing entries', () => {
  it.each([
    ['fills every left-out attribute with its default', 1, { title: 'Untitled', featured: false, kind: 'memo' }],
    ['keeps given values over defaults', 2, { title: 'Given', featured: true, kind: 'todo' }],
    ['keeps an explicit null over the default', 3, { title: 'Untitled', featured: null, kind: 'memo' }],
  ])('%s', async (_name, id, expected) => {
    const notes = await importedNotes();
    expect(notes.find((n) => n.id === id)).toMatchObject(expected);
  });

  it('stores a password as a bcrypt hash in Strapi\'s format that verifies, not as given', async () => {
    const notes = await importedNotes();
    const secret = String(notes.find((n) => n.id === 2)!.secret);
    expect(secret).not.toContain('hunter2');
    expect(secret).toMatch(/^\$2a\$10\$/);
    expect(await verifyPassword('hunter2', secret)).toBe(true);
    expect(await verifyPassword('hunter3', secret)).toBe(false);
  });
});
