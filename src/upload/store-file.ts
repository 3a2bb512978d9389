// A received file (its temporary path) and its info -> its original and formats put in the uploads
// store under Strapi's names, and the media library row's fields that describe them; nothing left
// in the store when a step fails.
import { rm } from 'node:fs/promises';
import type { FileInfo } from './file-info.ts';
import { judgeType } from './content-type.ts';
import { processImage, type ImageFile } from './image.ts';
import type { ReceivedFile } from './multipart.ts';
import { checkSizeLimit, formatName, kilobytes, storageKey, storedName, type StoredName } from './naming.ts';
import type { UploadProvider } from './providers/provider.ts';
import type { UploadSettings } from './settings.ts';

/** What storing needs: the settings and the store the files go to. */
export interface Uploads {
  readonly settings: UploadSettings;
  readonly provider: UploadProvider;
}

/** One format of an image, as Strapi describes it in `formats` (its key order). */
export interface FormatFields {
  readonly name: string;
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
  readonly path: null;
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly sizeInBytes: number;
  readonly url: string;
}

/** The media library row's fields a stored file sets (the row's id, info and timestamps are the operation's). */
export interface FileFields {
  readonly width: number | null;
  readonly height: number | null;
  readonly formats: Readonly<Record<string, FormatFields>> | null;
  readonly hash: string;
  readonly ext: string;
  readonly mime: string;
  readonly size: number;
  readonly url: string;
  readonly provider: string;
}

export interface StoredFile {
  /** fileInfo's name, else the uploaded filename. */
  readonly name: string;
  readonly fields: FileFields;
  /** Every key put in the store: removed again when the write that records them does not commit. */
  readonly keys: readonly string[];
}

/**
 * Judges, names, processes (images) and stores `file`; `accept` may refuse its type (by throwing)
 * before anything is processed or stored.
 * @throws ApplicationError for a name Strapi refuses or a type the content contradicts,
 *   PayloadTooLargeError past `sizeLimit` or the image bounds, and the store's own errors.
 */
export async function storeFile(uploads: Uploads, file: ReceivedFile, info: FileInfo, accept?: (mime: string) => void): Promise<StoredFile> {
  const { settings, provider } = uploads;
  const { mime } = await judgeType(file.path, file.filename, file.declaredType);
  const name = storedName(file.filename, mime, info.name ?? undefined);
  accept?.(mime);
  const image = await processImage(file.path, settings.tmpDir, settings.images);
  const made = image ? [image.original, ...image.formats.map((format) => format.file)].filter((made) => made.path !== file.path) : [];
  try {
    const original = image?.original ?? { path: file.path, width: 0, height: 0, bytes: file.bytes };
    checkSizeLimit(name.name, original.bytes, settings.sizeLimit);
    const puts: Array<[StoredName, ImageFile, string]> = [[name, original, ''], ...(image?.formats ?? []).map(({ key, file }): [StoredName, ImageFile, string] => [formatName(key, name), file, key])];
    const keys = await putAll(provider, puts.map(([stored, made]) => [storageKey(stored), made.path]), mime);
    const formats = Object.fromEntries(puts.slice(1).map(([stored, made, key]) => [key, formatFields(stored, made, mime, provider)]));
    return {
      name: name.name,
      keys,
      fields: {
        width: image ? original.width : null,
        height: image ? original.height : null,
        formats: Object.keys(formats).length > 0 ? formats : null,
        hash: name.hash,
        ext: name.ext,
        mime,
        size: kilobytes(original.bytes),
        url: provider.url(storageKey(name)),
        provider: provider.name,
      },
    };
  } finally {
    await Promise.all(made.map((done) => rm(done.path, { force: true })));
  }
}

/** Removes what `keys` hold; a key already gone is no error. */
export async function removeStored(provider: UploadProvider, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => provider.delete(key)));
}

/** Puts every file, or none: the ones put are removed when another fails. */
async function putAll(provider: UploadProvider, files: ReadonlyArray<readonly [key: string, path: string]>, mime: string): Promise<string[]> {
  const results = await Promise.allSettled(files.map(([key, path]) => provider.put(key, path, mime)));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await removeStored(provider, files.filter((_, index) => results[index].status === 'fulfilled').map(([key]) => key)).catch(() => undefined);
    throw failed.reason;
  }
  return files.map(([key]) => key);
}

function formatFields(stored: StoredName, file: ImageFile, mime: string, provider: UploadProvider): FormatFields {
  const key = storageKey(stored);
  return { name: stored.name, hash: stored.hash, ext: stored.ext, mime, path: null, width: file.width, height: file.height, size: kilobytes(file.bytes), sizeInBytes: file.bytes, url: provider.url(key) };
}
