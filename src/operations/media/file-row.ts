// A stored file and its info -> the media library row (`plugin::upload.file`, collection `files`) that
// describes it, in the store's form; and the keys of the files a row names in the uploads store.
import { contentType, MEDIA_UID, type ContentModel, type ContentType, type ScalarAttribute } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { FileInfo } from '../../upload/file-info.ts';
import { storageKey } from '../../upload/naming.ts';
import type { StoredFile } from '../../upload/store-file.ts';
import { checkScalar } from '../write/scalars.ts';

export function mediaType(model: ContentModel): ContentType {
  return contentType(model, MEDIA_UID);
}

/** A new row: the stored file's fields, the info's name, alternative text and caption (else the file's name, nulls). */
export function newFileRow(media: ContentType, id: number, stored: StoredFile, info: FileInfo, now: Date): Doc {
  return {
    id,
    name: stored.name,
    alternativeText: info.alternativeText ?? null,
    caption: info.caption ?? null,
    ...storedFields(media, stored),
    previewUrl: null,
    provider_metadata: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The fields of `stored` in the store's form (`formats` as JSON text, as every json attribute). */
export function storedFields(media: ContentType, stored: StoredFile): Record<string, unknown> {
  const { formats, ...fields } = stored.fields;
  const attribute = media.attributes.get('formats') as ScalarAttribute;
  const converted = formats === null ? { ok: true, value: null } : checkScalar(attribute, formats, ['formats'], { exact: true });
  return { ...fields, formats: converted.ok ? converted.value : null };
}

/** `row` with the info's keys that are given and not null: null keeps a value, as Strapi keeps it. */
export function withInfo(row: Doc, info: FileInfo): Doc {
  const given = Object.fromEntries(Object.entries(info).filter(([, value]) => value !== null && value !== undefined));
  return { ...row, ...given };
}

/** A key the stores accept (one file name, not hidden): a row's odd `hash` names nothing to remove. */
const STORABLE = /^[^./\\\0][^/\\\0]*$/;

/**
 * The keys in the uploads store of a row's original and formats (from its `hash` and `ext`, as they
 * were stored); none when another store holds its files (its `provider` is not this one's).
 */
export function keysOf(row: Readonly<Record<string, unknown>>, provider: string): string[] {
  if (row.provider !== provider) return [];
  const keys: string[] = [];
  if (typeof row.hash === 'string') keys.push(storageKey({ hash: row.hash, ext: typeof row.ext === 'string' ? row.ext : '' }));
  for (const format of Object.values(parsedFormats(row.formats))) {
    if (format && typeof format === 'object' && typeof (format as { hash?: unknown }).hash === 'string') {
      const { hash, ext } = format as { hash: string; ext?: unknown };
      keys.push(storageKey({ hash, ext: typeof ext === 'string' ? ext : '' }));
    }
  }
  return keys.filter((key) => STORABLE.test(key));
}

function parsedFormats(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
