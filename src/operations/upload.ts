// `upload`: files received with the request -> each judged, named, processed and put in the uploads
// store (outside the serial write, which other writes wait for), then their rows committed in one
// atomic write with, when `ref`/`refId`/`field` name one, the update of the entry they are linked to.
import type { Doc } from '../store/store.ts';
import { storeFile, type StoredFile } from '../upload/store-file.ts';
import { entryEvent, type PendingEvent } from './events.ts';
import { linkFiles } from './media/link.ts';
import { checkAllowedType, linkTarget } from './media/link-target.ts';
import { mediaType, newFileRow } from './media/file-row.ts';
import { removeUnrecorded } from './media/removals.ts';
import { uploadsOf, type StagedWrite } from './media/staged.ts';
import type { UploadInput } from './operation.ts';
import { eventCaller, type RequestScope } from './scope.ts';
import { PendingWrite } from './write/pending.ts';
import { writerOf } from './write/target.ts';

/** The files stored, their rows and link worked out when the operation layer commits them. */
export async function upload(scope: RequestScope, input: UploadInput): Promise<StagedWrite<{ data: Doc[] }>> {
  const uploads = uploadsOf(scope);
  const store = writerOf(scope).store;
  // Checked before any file is processed, and again when the write is worked out.
  const target = input.link ? await linkTarget(scope, store, input.link) : undefined;
  const stored: StoredFile[] = [];
  try {
    for (const [index, file] of input.files.entries()) {
      stored.push(await storeFile(uploads, file, input.infos[index] ?? {}, target && ((mime) => checkAllowedType(target, file.filename, mime))));
    }
  } catch (error) {
    await removeUnrecorded(store, uploads.provider, stored.flatMap((file) => file.keys));
    throw error;
  }
  return { put: stored.flatMap((file) => file.keys), prepare: () => rows(scope, input, stored) };
}

async function rows(scope: RequestScope, input: UploadInput, stored: readonly StoredFile[]) {
  const writer = writerOf(scope);
  const media = mediaType(scope.model);
  const pending = new PendingWrite(writer.store);
  const now = new Date();
  const first = stored.length > 0 ? await writer.store.allocateIds(media.collectionName, stored.length) : 0;
  const docs = stored.map((file, index) => newFileRow(media, first + index, file, input.infos[index] ?? {}, now));
  for (const doc of docs) pending.put(media.collectionName, doc);
  const events: PendingEvent[] = docs.map((doc) => entryEvent(media, eventCaller(scope), undefined, doc));
  if (input.link && docs.length > 0) {
    const target = await linkTarget(scope, writer.store, input.link);
    events.push(await linkFiles(scope, pending, target, docs.map((doc) => doc.id)));
  }
  return { pending, events, result: { data: docs } };
}
