// Helpers for the archive import tests: the committed archives, a gateway over a store, a
// snapshot of every collection of a model, and a scratch uploads folder.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGateway, type Gateway } from '../../gateway/app.ts';
import type { AccessSettings } from '../../src/auth/settings.ts';
import { SETTINGS_COLLECTION } from '../../src/auth/settings.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import type { ContentModel } from '../../src/model/types.ts';
import type { Doc, Store } from '../../src/store/store.ts';

export const ARCHIVES = 'test/fixtures/strapi-export';
/** The key `conformance.tar.gz.enc` was exported with (`strapi export --key`). */
export const ARCHIVE_KEY = 'correct horse battery';

export function gatewayOver(model: ContentModel, store: Store, settings: AccessSettings): Gateway {
  return createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings });
}

/**
 * Every document of every content-type collection, and the access settings, by collection.
 * Component items' ids are masked: each import numbers them anew, as a seed's import does.
 */
export async function snapshot(model: ContentModel, store: Store): Promise<Record<string, unknown[]>> {
  const collections = [...[...model.contentTypes.values()].map((ct) => ct.collectionName), SETTINGS_COLLECTION];
  const entries = await Promise.all(
    collections.map(async (name) => [name, (await store.find(name, {}, { sort: [['id', 1]] })).map(maskItemIds)] as const),
  );
  return Object.fromEntries(entries);
}

function maskItemIds(doc: Doc): Doc {
  const mask = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(mask);
    if (value === null || typeof value !== 'object' || value instanceof Date) return value;
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, key === 'id' ? '<id>' : mask(v)]));
  };
  return Object.fromEntries(Object.entries(doc).map(([key, value]) => [key, key === 'id' ? value : mask(value)])) as Doc;
}

const scratchFolders: string[] = [];
// Every test file importing this module removes its scratch folders once its tests are done.
afterAll(() => Promise.all(scratchFolders.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));

/** A fresh folder in the temp directory, removed after the test file's last test. */
export async function scratchFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'strapi-export-test-'));
  scratchFolders.push(dir);
  return dir;
}

/** A folder's file names, hidden ones included, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).sort();
}
