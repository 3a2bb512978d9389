// `update`: a partial change of one entry (what the body leaves out is kept), or of a single
// type's entry, which a PUT creates when it has none in any locale (published, as a REST create is).
import { ValidationError } from '../errors/errors.ts';
import type { ContentType } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import { create } from './create.ts';
import { entryEvent } from './events.ts';
import type { UpdateInput } from './operation.ts';
import { eventCaller, type RequestScope } from './scope.ts';
import { buildContext, type PreparedWrite } from './write/commit.ts';
import { applyData } from './write/entry.ts';
import { withLinkPlaces } from './write/link-order.ts';
import { checkedData } from './write/input.ts';
import { callerData } from './write/restricted-relations.ts';
import { shareWithLocalizations } from './write/locales.ts';
import { applyOtherSides } from './write/other-side.ts';
import { PendingWrite } from './write/pending.ts';
import { existingEntry, storedEntry, writerOf } from './write/target.ts';

/**
 * The changed entry, checked and worked out with its other sides and localizations; committed by
 * the operation layer. `pending` joins it to a larger write (a role and its permissions).
 */
export async function update(scope: RequestScope, type: ContentType, input: UpdateInput, pending = new PendingWrite(writerOf(scope).store, writerOf(scope).places)): Promise<PreparedWrite<{ data: Doc }>> {
  const writer = writerOf(scope);
  if (type.kind === 'singleType' && !(await storedEntry(scope, type, undefined, input.locale))) {
    await refuseAnotherLocale(scope, type, input.data);
    return create(scope, type, { data: input.data, locale: input.locale, publishByDefault: true }, pending);
  }
  const entry = await existingEntry(scope, type, input.id, input.locale);
  const data = await checkedData({ model: scope.model, store: writer.store, type, mode: 'update', data: callerData(scope, type, input.data), entry });
  const context = buildContext(scope.model, writer);
  const fields = await applyData(context, type, data, entry);
  // What identifies the entry stays: its id, creation time and locale.
  const fresh = { ...fields, id: entry.id, createdAt: entry.createdAt, ...(type.localized ? { locale: entry.locale } : {}), updatedAt: new Date() } as Doc;
  const doc = await withLinkPlaces(type, fresh, data, entry, pending);
  pending.put(type.collectionName, doc);
  await applyOtherSides(scope.model, type, doc, data, pending);
  await shareWithLocalizations(context, type, doc, pending, new Set(data.keys()));
  const written = (await pending.get(type.collectionName, doc.id))!;
  return { pending, events: [entryEvent(type, eventCaller(scope), entry, written)], result: { data: written } };
}

/**
 * A single type's PUT creates its entry only when it has none at all: with an entry in another
 * locale (or, after a DELETE, the others left), Strapi answers `singleType.alreadyExists` before
 * it checks the body (a new locale is `POST /api/<type>/localizations`). A body without `data`
 * is answered first, by `create`.
 */
async function refuseAnotherLocale(scope: RequestScope, type: ContentType, data: unknown): Promise<void> {
  if (data === null || typeof data !== 'object') return;
  if ((await writerOf(scope).store.count(type.collectionName, {})) > 0) throw new ValidationError('singleType.alreadyExists');
}
