// `updateFileInfo`: a media library row's name, alternative text and caption changed (a key given as
// null keeps its value, as Strapi keeps it); its stored files, hash and url stay.
import { NotFoundError } from '../errors/errors.ts';
import type { Doc } from '../store/store.ts';
import { entryEvent } from './events.ts';
import { mediaType, withInfo } from './media/file-row.ts';
import type { UpdateFileInfoInput } from './operation.ts';
import { eventCaller, type RequestScope } from './scope.ts';
import type { PreparedWrite } from './write/commit.ts';
import { PendingWrite } from './write/pending.ts';
import { readId } from './write/relations-input.ts';
import { writerOf } from './write/target.ts';

/** The row with its new info; committed by the operation layer. */
export async function updateFileInfo(scope: RequestScope, input: UpdateFileInfoInput): Promise<PreparedWrite<{ data: Doc }>> {
  const media = mediaType(scope.model);
  const pending = new PendingWrite(writerOf(scope).store);
  const row = await fileRow(pending, media.collectionName, input.id, 'Entity not found');
  const next = { ...withInfo(row, input.info), updatedAt: new Date() };
  pending.put(media.collectionName, next);
  return { pending, events: [entryEvent(media, eventCaller(scope), row, next)], result: { data: next } };
}

/** The row with this id, as the pending write holds it. @throws NotFoundError with `message` (Strapi's words differ per route). */
export async function fileRow(pending: PendingWrite, collection: string, id: string | number, message: string): Promise<Doc> {
  const number = readId(id);
  const row = number === undefined ? undefined : await pending.get(collection, number);
  if (!row) throw new NotFoundError(message);
  return row;
}
