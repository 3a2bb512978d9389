// A `strapi export` archive + the model + a store -> the archive's content in the store and its
// assets in the uploads folder. One pass over the archive; every check (format version, schemas,
// data) runs before anything is written, and the write is the seed import's own.
import type { ContentModel } from '../model/types.ts';
import type { CheckedSeed } from '../seed/checked.ts';
import { writeSeed, type ImportOptions, type ImportReport } from '../seed/import-seed.ts';
import type { Seed } from '../seed/parse-seed.ts';
import { validateSeed } from '../seed/validate-seed.ts';
import type { Store } from '../store/store.ts';
import { checkArchive } from './check-archive.ts';
import { webhookNotes } from './webhook-notes.ts';
import { missingAssetNotes } from './check-assets.ts';
import { collectRecords } from './collect-records.ts';
import { openArchive, type Layer } from './open-archive.ts';
import { readRecords, type ArchiveRecord } from './read-records.ts';
import { stageAssets, type AssetStage } from './stage-assets.ts';
import { archiveToSeed } from './to-seed.ts';

export interface ReadOptions {
  /** The passphrase of an encrypted archive (`strapi export --key`). */
  key?: string;
  /** Where the archive's assets/uploads/ files go (the folder the gateway serves at /uploads/). */
  uploadsDir: string;
  /** Called as the archive is read: bytes of the file read so far, of how many. */
  onRead?(bytesRead: number, size: number): void;
}

/** A read and checked archive, ready to write; its assets wait in a staging folder. */
export interface ReadArchive {
  /** The archive as a seed: its locales and roles make the access settings. */
  seed: Seed;
  checked: CheckedSeed;
  /** What is left out of the import, and why, one line each. */
  notes: string[];
  layers: Layer[];
  staged: AssetStage;
}

export interface ArchiveImport {
  report: ImportReport;
  /** Files moved into the uploads folder. */
  files: number;
}

/**
 * Reads the whole archive once, staging its assets, and checks it against the model.
 * @throws ConfigurationError (wrong or missing key, damaged archive, unknown format version,
 * schemas that differ from the model, invalid data); nothing is left behind.
 */
export async function readStrapiExport(model: ContentModel, file: string, options: ReadOptions): Promise<ReadArchive> {
  const archive = await openArchive(file, options.key);
  const staged = await stageAssets(options.uploadsDir);
  try {
    const records = withProgress(readRecords(archive, file), () => options.onRead?.(archive.bytesRead(), archive.size));
    const contents = await collectRecords(records, (name, content) => staged.write(name, content));
    checkArchive(contents, model, file);
    const title = `Invalid data in Strapi export ${file}`;
    const { seed, notes } = archiveToSeed(contents, model, title);
    const checked = validateSeed(model, seed, title);
    notes.push(...missingAssetNotes(seed.media.map((row) => row.values), contents.assets), ...webhookNotes(contents.webhooks));
    return { seed, checked, notes, layers: archive.layers, staged };
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/** Writes a read archive with the seed import's writer, then moves its assets into place. */
export async function writeStrapiExport(model: ContentModel, read: ReadArchive, store: Store, options: Omit<ImportOptions, 'title'> = {}): Promise<ArchiveImport> {
  try {
    const report = await writeSeed(model, read.checked, store, options);
    return { report, files: await read.staged.commit() };
  } catch (error) {
    await read.staged.discard();
    throw error;
  }
}

/** {@link readStrapiExport} then {@link writeStrapiExport}. */
export async function importStrapiExport(
  model: ContentModel,
  file: string,
  store: Store,
  options: ReadOptions & Omit<ImportOptions, 'title'>,
): Promise<ReadArchive & ArchiveImport> {
  const read = await readStrapiExport(model, file, options);
  return { ...read, ...(await writeStrapiExport(model, read, store, options)) };
}

async function* withProgress(records: AsyncIterable<ArchiveRecord>, report: () => void): AsyncGenerator<ArchiveRecord> {
  for await (const record of records) {
    yield record;
    report();
  }
}
