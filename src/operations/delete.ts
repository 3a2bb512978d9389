// `delete`: removes one entry (or a single type's), answers it as it was, and leaves no id of it
// behind: the relations that held it and its localizations' lists let it go in the same write.
import { NotFoundError } from '../errors/errors.ts';
import type { ContentType } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import { entryEvent } from './events.ts';
import type { DeleteInput } from './operation.ts';
import { eventCaller, type RequestScope } from './scope.ts';
import type { PreparedWrite } from './write/commit.ts';
import { releaseDeleted } from './write/other-side.ts';
import { PendingWrite } from './write/pending.ts';
import { idsOf } from './write/relations.ts';
import { existingEntry, writerOf } from './write/target.ts';

/**
 * The entry's removal, with every relation and localization list that held it; committed by the
 * operation layer. `pending` joins it to a larger write (a role with its permissions).
 */
export async function deleteEntry(scope: RequestScope, type: ContentType, input: DeleteInput, pending = new PendingWrite(writerOf(scope).store)): Promise<PreparedWrite<{ data: Doc }>> {
  const entry = await existingEntry(scope, type, input.id, input.locale);
  if (input.publicationState === 'LIVE' && type.kind === 'singleType' && type.draftAndPublish && entry.publishedAt == null) throw new NotFoundError('Not Found');
  pending.remove(type.collectionName, entry.id);
  await releaseDeleted(scope.model, type, entry.id, pending);
  for (const sibling of idsOf(entry.localizations)) {
    await pending.update(type.collectionName, sibling, (doc) => ({ ...doc, localizations: idsOf(doc.localizations).filter((id) => id !== entry.id) }));
  }
  return { pending, events: [entryEvent(type, eventCaller(scope), entry, undefined)], result: { data: entry } };
}
