// `create`: a new entry from a checked body, with its timestamps, publication (REST publishes
// unless the body says `publishedAt: null`; GraphQL makes a draft unless it gives a date) and
// locale; its relations' other sides are changed in the same atomic write.
import type { ContentType } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import { entryEvent } from './events.ts';
import type { CreateInput } from './operation.ts';
import { eventCaller, type RequestScope } from './scope.ts';
import { buildContext, type PreparedWrite } from './write/commit.ts';
import type { EntryData } from './write/entry-data.ts';
import { applyData } from './write/entry.ts';
import { withLinkPlaces } from './write/link-order.ts';
import { checkedData } from './write/input.ts';
import { callerData } from './write/restricted-relations.ts';
import { applyOtherSides } from './write/other-side.ts';
import { PendingWrite } from './write/pending.ts';
import { createLocale, writerOf } from './write/target.ts';

/**
 * The new entry, checked and worked out with the other sides of its relations; committed by the
 * operation layer. `pending` joins it to a larger write (a role and its permissions).
 */
export async function create(scope: RequestScope, type: ContentType, input: CreateInput, pending = new PendingWrite(writerOf(scope).store, writerOf(scope).places)): Promise<PreparedWrite<{ data: Doc }>> {
  const writer = writerOf(scope);
  const locale = createLocale(scope, type, input.locale, input.data);
  const data = await checkedData({ model: scope.model, store: writer.store, type, mode: 'create', data: callerData(scope, type, input.data) });
  const id = await writer.store.allocateIds(type.collectionName, 1);
  const fields = await applyData(buildContext(scope.model, writer), type, data);
  const doc = await withLinkPlaces(type, { ...fields, ...systemFields(type, data, input.publishByDefault, locale), id } as Doc, data, undefined, pending);
  pending.put(type.collectionName, doc);
  await applyOtherSides(scope.model, type, doc, data, pending);
  const written = (await pending.get(type.collectionName, id))!;
  return { pending, events: [entryEvent(type, eventCaller(scope), undefined, written)], result: { data: written } };
}

/** Timestamps, publication and locale of a new entry. */
export function systemFields(type: ContentType, data: EntryData, publishByDefault: boolean, locale: string | undefined): Record<string, unknown> {
  const now = new Date();
  const fields: Record<string, unknown> = { createdAt: now, updatedAt: now };
  if (type.draftAndPublish) {
    const given = data.get('publishedAt');
    fields.publishedAt = given?.kind === 'value' ? given.value : publishByDefault ? now : null;
  }
  if (locale !== undefined) Object.assign(fields, { locale, localizations: [] });
  return fields;
}
