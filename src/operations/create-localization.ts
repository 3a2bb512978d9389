// `createLocalization`: a new entry in another locale of an existing entry's group. It joins the
// group (each member lists it, it lists them) and starts as a draft unless the body publishes it.
import { ApplicationError, NotFoundError, ValidationError } from '../errors/errors.ts';
import { isRecord } from '../model/problems.ts';
import type { ContentType } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import { systemFields } from './create.ts';
import { entryEvent } from './events.ts';
import type { CreateLocalizationInput } from './operation.ts';
import { eventCaller, type RequestScope } from './scope.ts';
import { buildContext, type PreparedWrite } from './write/commit.ts';
import { applyData } from './write/entry.ts';
import { withLinkPlaces } from './write/link-order.ts';
import { checkedData } from './write/input.ts';
import { callerData } from './write/restricted-relations.ts';
import { shareWithLocalizations, withSharedFrom } from './write/locales.ts';
import { applyOtherSides } from './write/other-side.ts';
import { PendingWrite } from './write/pending.ts';
import { idsOf } from './write/relations.ts';
import { writerOf } from './write/target.ts';

/** The new localization, joined to its group; committed by the operation layer. */
export async function createLocalization(scope: RequestScope, type: ContentType, input: CreateLocalizationInput): Promise<PreparedWrite<{ data: Doc }>> {
  const writer = writerOf(scope);
  if (!type.localized) throw new ValidationError(`${type.displayName} is not localized`);
  const source = await sourceEntry(scope, type, input.id);
  const locale = input.locale;
  // Strapi's checks, in its order and with its words.
  if (locale === null || locale === undefined) throw new ApplicationError('locale is missing');
  if (!scope.locales.codes.includes(locale)) throw new ApplicationError('locale is invalid');
  const group = [source.id, ...idsOf(source.localizations)];
  const members = await writer.store.find(type.collectionName, { id: { $in: group } });
  if (members.some((doc) => doc.locale === locale)) throw new ApplicationError('locale is already used');
  const body = callerData(scope, type, input.data);
  const data = await checkedData({ model: scope.model, store: writer.store, type, mode: 'create', data: body });
  const id = await writer.store.allocateIds(type.collectionName, 1);
  const context = buildContext(scope.model, writer);
  const fields = await applyData(context, type, data);
  const pending = new PendingWrite(writer.store, writer.places);
  const shared = await withSharedFrom(context, type, { ...fields, ...systemFields(type, data, false, locale), localizations: group, id } as Doc, body, source);
  const doc = await withLinkPlaces(type, shared, data, undefined, pending);
  pending.put(type.collectionName, doc);
  for (const member of members) pending.put(type.collectionName, { ...member, localizations: [...idsOf(member.localizations), id] });
  await applyOtherSides(scope.model, type, doc, data, pending);
  await shareWithLocalizations(context, type, doc, pending, new Set(isRecord(body) ? Object.keys(body) : []));
  const written = (await pending.get(type.collectionName, id))!;
  return { pending, events: [entryEvent(type, eventCaller(scope), undefined, written)], result: { data: written } };
}

/**
 * The entry a localization starts from: the entry of that id, or a single type's first in any
 * locale, as Strapi finds it. @throws NotFoundError when there is none.
 */
async function sourceEntry(scope: RequestScope, type: ContentType, id: string | number | null | undefined): Promise<Doc> {
  const store = writerOf(scope).store;
  const number = Number(id);
  const where = type.kind === 'singleType' ? {} : { id: Number.isInteger(number) && number > 0 ? number : -1 };
  const [doc] = await store.find(type.collectionName, where, { limit: 1, sort: [['id', 1]] });
  if (!doc) throw new NotFoundError('Entity not found');
  return doc;
}
