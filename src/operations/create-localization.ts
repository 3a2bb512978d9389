// `createLocalization`: a new entry in another locale of an existing entry's group. It joins the
// group (each member lists it, it lists them) and starts as a draft unless the body publishes it.
import { ValidationError } from '../errors/errors.ts';
import type { ContentType } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import { systemFields } from './create.ts';
import type { CreateLocalizationInput } from './operation.ts';
import type { RequestScope } from './scope.ts';
import { buildContext, commit } from './write/commit.ts';
import { applyData } from './write/entry.ts';
import { checkedData } from './write/input.ts';
import { shareWithLocalizations, withSharedFrom } from './write/locales.ts';
import { applyOtherSides } from './write/other-side.ts';
import { PendingWrite } from './write/pending.ts';
import { idsOf } from './write/relations.ts';
import { checkedLocale, existingEntry, writerOf } from './write/target.ts';

export function createLocalization(scope: RequestScope, type: ContentType, input: CreateLocalizationInput): Promise<{ data: Doc }> {
  const writer = writerOf(scope);
  return writer.serially(async () => {
    if (!type.localized) throw new ValidationError(`${type.displayName} is not localized`);
    const source = await existingEntry(scope, type, input.id);
    const locale = checkedLocale(scope, type, input.locale)!;
    const group = [source.id, ...idsOf(source.localizations)];
    const members = await writer.store.find(type.collectionName, { id: { $in: group } });
    if (members.some((doc) => doc.locale === locale)) throw new ValidationError('This locale is already used');
    const data = await checkedData({ model: scope.model, store: writer.store, type, mode: 'create', data: input.data, locale });
    const id = await writer.store.allocateIds(type.collectionName, 1);
    const fields = await applyData(buildContext(scope.model, writer), type, data);
    const doc = withSharedFrom(type, { ...fields, ...systemFields(type, data, false, locale), localizations: group, id } as Doc, input.data, source);
    const pending = new PendingWrite(writer.store);
    pending.put(type.collectionName, doc);
    for (const member of members) pending.put(type.collectionName, { ...member, localizations: [...idsOf(member.localizations), id] });
    await applyOtherSides(scope.model, type, doc, data, pending);
    await shareWithLocalizations(type, doc, pending);
    const written = (await pending.get(type.collectionName, id))!;
    await commit(writer, pending);
    return { data: written };
  });
}
