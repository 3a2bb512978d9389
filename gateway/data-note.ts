// What a data folder knows of its data, kept in its store (`_imports`, id 1): the file it was
// imported from (none when it was started empty) and the model it holds. In: a store, a model;
// out: the note, and how the model given now compares with the one noted.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../src/errors/errors.ts';
import type { ContentModel } from '../src/model/types.ts';
import type { Store } from '../src/store/store.ts';

/** Where the store keeps its note. */
const NOTES_COLLECTION = '_imports';

/**
 * A file as start-up tells it apart: its path, size and modification time, and the SHA-256 of its
 * contents (absent in notes of releases before it was kept), which settles it when the time
 * differs (a fresh checkout or a copy gives the same file a new time).
 */
export interface Source {
  file: string;
  size: number;
  mtimeMs: number;
  sha256?: string;
}

/** The model a folder holds: where its schema was read, and its content-types (uid -> plural name). */
export interface ModelNote {
  schema: string;
  contentTypes: Record<string, string>;
}

/** Written once the folder's data is in place: by an import that finished, or a start with none. */
export interface DataNote {
  /** The file the data was imported from; absent for a folder started empty. */
  source?: Source;
  /** Absent in notes of releases before the model was kept. */
  model?: ModelNote;
}

/** The folder's note, or undefined when no import (nor empty start) finished. */
export async function readNote(store: Store): Promise<DataNote | undefined> {
  const [doc] = await store.find(NOTES_COLLECTION, { id: 1 });
  if (!doc) return undefined;
  return { ...(doc.source ? { source: doc.source as Source } : {}), ...(doc.model ? { model: doc.model as ModelNote } : {}) };
}

export async function writeNote(store: Store, note: DataNote): Promise<void> {
  await store.write([{ op: 'put', collection: NOTES_COLLECTION, doc: { id: 1, ...note, at: new Date() } }]);
}

export async function sourceOf(file: string): Promise<Source> {
  const found = await stat(file).catch(() => undefined);
  if (!found) throw new ConfigurationError(`Cannot read ${file}: no such file.`);
  return { file: path.resolve(file), size: found.size, mtimeMs: found.mtimeMs };
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Whether `given` is the file `imported` notes: the same path, and the same time or the same contents. */
export async function sameSource(given: Source, imported: Source): Promise<boolean> {
  if (given.file !== imported.file || given.size !== imported.size) return false;
  if (given.mtimeMs === imported.mtimeMs) return true;
  return imported.sha256 !== undefined && (await sha256Of(given.file)) === imported.sha256;
}

/** The project's own content-types of `model` (`api::`), as a note keeps them. */
export function modelNote(model: ContentModel, schemaDir: string): ModelNote {
  const types = [...model.contentTypes.values()].filter((ct) => ct.uid.startsWith('api::')).sort((a, b) => a.uid.localeCompare(b.uid));
  return { schema: path.resolve(schemaDir), contentTypes: Object.fromEntries(types.map((ct) => [ct.uid, ct.pluralName])) };
}

/**
 * How the model given now stands to the one a folder holds: the same content-types; a changed
 * model (some in common: served as Strapi serves a changed model); or another one (none in common).
 */
export type ModelChange = { kind: 'same' } | { kind: 'changed'; added: string[]; removed: string[] } | { kind: 'other' };

export function compareModels(held: ModelNote, given: ModelNote): ModelChange {
  const before = Object.keys(held.contentTypes);
  const now = Object.keys(given.contentTypes);
  const added = now.filter((uid) => !(uid in held.contentTypes)).map((uid) => given.contentTypes[uid]!);
  const removed = before.filter((uid) => !(uid in given.contentTypes)).map((uid) => held.contentTypes[uid]!);
  if (added.length === 0 && removed.length === 0) return { kind: 'same' };
  const shared = now.length - added.length;
  return shared === 0 && before.length > 0 && now.length > 0 ? { kind: 'other' } : { kind: 'changed', added, removed };
}

/** `posts, writers` (the first few, and how many more). */
export function names(list: readonly string[], most = 6): string {
  if (list.length === 0) return 'none';
  return list.length <= most ? list.join(', ') : `${list.slice(0, most).join(', ')} and ${list.length - most} more`;
}
