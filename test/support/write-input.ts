// The model and data the write-input tests check bodies against: the conformance fixture's types
// plus `probe` (every attribute kind and rule), as the reference Strapi that answered them had it.
import { loadContentModel } from '../../src/model/load.ts';
import { contentType, type ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import type { Doc, Store } from '../../src/store/store.ts';
import type { EntryData } from '../../src/operations/write/entry-data.ts';

export const VALIDATION_MODEL = 'test/fixtures/writes/validation-model';
export const VALIDATION_SEED = 'test/fixtures/writes/validation-seed.json';

export async function validationStore(): Promise<{ model: ContentModel; store: Store }> {
  const model = await loadContentModel(VALIDATION_MODEL);
  const store = new EmbeddedStore();
  await importSeed(model, await loadSeedFile(VALIDATION_SEED), store, { apiTokenSalt: 'write-input-tests' });
  return { model, store };
}

/** The stored entry of `uid` with `id`. */
export async function storedEntry(model: ContentModel, store: Store, uid: string, id: number): Promise<Doc> {
  const [doc] = await store.find(contentType(model, uid).collectionName, { id });
  if (!doc) throw new Error(`no ${uid} ${id}`);
  return doc;
}

/** EntryData's scalar values as the REST answer shows them (dates as ISO text, bigints as digits, JSON parsed). */
export function answeredValues(data: EntryData, jsonNames: ReadonlySet<string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, write] of data) {
    if (write.kind !== 'value') continue;
    const { value } = write;
    values[name] = value instanceof Date ? value.toISOString()
      : typeof value === 'bigint' ? String(value)
      : jsonNames.has(name) && typeof value === 'string' ? JSON.parse(value)
      : value;
  }
  return values;
}
