// `deleteFile`: a media library row removed, with its id from every entry that held it, in one atomic
// write; its original and formats are removed from the uploads store once that write committed.
import type { Doc } from '../store/store.ts';
import { entryEvent } from './events.ts';
import { keysOf, mediaType } from './media/file-row.ts';
import { releaseFile } from './media/release.ts';
import { uploadsOf, type StagedWrite } from './media/staged.ts';
import type { DeleteFileInput } from './operation.ts';
import { eventCaller, type RequestScope } from './scope.ts';
import { fileRow } from './update-file-info.ts';
import { PendingWrite } from './write/pending.ts';
import { writerOf } from './write/target.ts';

/** Strapi's message for a file that is not there. */
export const FILE_NOT_FOUND = 'file.notFound';

/** The removal, worked out when the operation layer commits it; the row as it was is the answer. */
export function deleteFile(scope: RequestScope, input: DeleteFileInput): StagedWrite<{ data: Doc }> {
  const { provider } = uploadsOf(scope);
  const media = mediaType(scope.model);
  return {
    put: [],
    async prepare() {
      const pending = new PendingWrite(writerOf(scope).store);
      const row = await fileRow(pending, media.collectionName, input.id, FILE_NOT_FOUND);
      pending.remove(media.collectionName, row.id);
      await releaseFile(scope.model, row.id, pending);
      return { pending, events: [entryEvent(media, eventCaller(scope), row, undefined)], result: { data: row }, freed: keysOf(row, provider.name) };
    },
  };
}
