// A seed + the model + a store -> documents written in batches, counters reserved, the entry
// estimate's measurement stored, indexes ensured, and a report per collection. Nothing is
// written unless the whole seed is valid.
import type { ContentModel } from '../model/types.ts';
import { ImportMeasurement } from '../store/import-measurement.ts';
import { ensureModelIndexes } from '../store/indexes.ts';
import type { Doc, Store } from '../store/store.ts';
import { API_TOKENS_COLLECTION } from '../auth/api-tokens.ts';
import { buildDocuments, countComponentItems } from './build-documents.ts';
import type { CheckedSeed } from './checked.ts';
import type { Seed } from './parse-seed.ts';
import { validateSeed } from './validate-seed.ts';

export interface ImportOptions {
  /** Documents per `upsertMany` call; 500 when absent. */
  batchSize?: number;
  /** Drop the model's collections (entries and component counters) before writing. */
  drop?: boolean;
  /** Import time; the clock when absent. */
  now?: Date;
  /** Called after each batch: documents written so far, of how many, and where the batch went. */
  onProgress?(done: number, total: number, collection: string): void;
  /** Heads the error listing a bad seed's problems; say which file (`Invalid seed data.json`). */
  title?: string;
  /** Strapi's API_TOKEN_SALT, for API tokens the seed gives in plain. */
  apiTokenSalt?: string;
}

/** Documents written per content-type collection, in model order (media library first). */
export type ImportReport = Array<{ collection: string; written: number }>;

export const DEFAULT_BATCH_SIZE = 500;

/**
 * Validates the seed against the model, then writes it (see {@link writeSeed}).
 * @throws ConfigurationError listing every problem, before anything is written.
 */
export async function importSeed(model: ContentModel, seed: Seed, store: Store, options: ImportOptions = {}): Promise<ImportReport> {
  return writeSeed(model, validateSeed(model, seed, options.title, { apiTokenSalt: options.apiTokenSalt, now: options.now }), store, options);
}

/**
 * Writes a validated seed: upserts by id (importing twice leaves the same entries), moves each
 * counter past the largest id, measures each batch for the entry estimate and stores the
 * measurement (src/store/import-measurement.ts), and ensures every content-type's indexes.
 */
export async function writeSeed(model: ContentModel, seed: CheckedSeed, store: Store, options: ImportOptions = {}): Promise<ImportReport> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer; got ${batchSize}`);
  if (options.drop) {
    for (const owner of [...model.contentTypes.values(), ...model.components.values()]) await store.drop(owner.collectionName);
  }
  const measuring = await ImportMeasurement.begin(model, store, options.drop ?? false);
  const nextIds = new Map<string, number>();
  for (const [uid, count] of countComponentItems(seed)) {
    nextIds.set(uid, await store.allocateIds(model.components.get(uid)!.collectionName, count));
  }
  const now = options.now ?? new Date();
  const documents = buildDocuments(model, seed, {
    now,
    nextComponentId: (uid) => {
      const id = nextIds.get(uid)!;
      nextIds.set(uid, id + 1);
      return id;
    },
  });
  const total = [...documents.values()].reduce((sum, docs) => sum + docs.length, 0);
  let done = 0;
  const written = new Map<string, number>();
  for (const [collection, docs] of documents) {
    for (let start = 0; start < docs.length; start += batchSize) {
      const batch = docs.slice(start, start + batchSize);
      const count = await store.upsertMany(collection, batch);
      measuring.add(collection, batch);
      written.set(collection, (written.get(collection) ?? 0) + count);
      done += count;
      options.onProgress?.(done, total, collection);
    }
    if (docs.length > 0) await store.reserveUpTo(collection, docs.reduce((most, doc) => Math.max(most, doc.id), 0));
  }
  if (seed.apiTokens.length > 0) await store.upsertMany(API_TOKENS_COLLECTION, seed.apiTokens as unknown as Doc[]);
  await measuring.finish(now);
  await ensureModelIndexes(model, store);
  return [...model.contentTypes.values()].map(({ collectionName }) => ({
    collection: collectionName,
    written: written.get(collectionName) ?? 0,
  }));
}
