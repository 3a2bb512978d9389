// `replaceFile`: a media library row's file replaced by a new one: the new file stored under names of
// its own (its url changes: docs/decisions.md), the row committed with its fields, then the old
// file and formats removed; name, alternative text and caption as the info says, else kept.
import type { Doc } from '../store/store.ts';
import { storeFile } from '../upload/store-file.ts';
import { entryEvent } from './events.ts';
import { keysOf, mediaType, storedFields, withInfo } from './media/file-row.ts';
import { uploadsOf, type StagedWrite } from './media/staged.ts';
import type { ReplaceFileInput } from './operation.ts';
import { eventCaller, type RequestScope } from './scope.ts';
import { fileRow } from './update-file-info.ts';
import { PendingWrite } from './write/pending.ts';
import { writerOf } from './write/target.ts';

const NOT_FOUND = 'Entity not found';

/** The new file stored; the row's change worked out when the operation layer commits it. */
export async function replaceFile(scope: RequestScope, input: ReplaceFileInput): Promise<StagedWrite<{ data: Doc }>> {
  const uploads = uploadsOf(scope);
  const media = mediaType(scope.model);
  const store = writerOf(scope).store;
  // A missing row is answered before the file is processed.
  await fileRow(new PendingWrite(store), media.collectionName, input.id, NOT_FOUND);
  const stored = await storeFile(uploads, input.file, input.info);
  return {
    put: stored.keys,
    async prepare() {
      const pending = new PendingWrite(store);
      const row = await fileRow(pending, media.collectionName, input.id, NOT_FOUND);
      const { name: _name, ...info } = input.info;
      const next: Doc = { ...withInfo(row, info), ...storedFields(media, stored), name: stored.name, updatedAt: new Date() };
      pending.put(media.collectionName, next);
      return { pending, events: [entryEvent(media, eventCaller(scope), row, next)], result: { data: next }, freed: keysOf(row, uploads.provider.name) };
    },
  };
}
