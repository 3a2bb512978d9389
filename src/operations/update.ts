// `update`: a partial change of one entry (what the body leaves out is kept), or of a single
// type's entry, which a PUT creates when it does not exist (published, as a REST create is).
import type { ContentType } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import { create } from './create.ts';
import type { UpdateInput } from './operation.ts';
import type { RequestScope } from './scope.ts';
import { buildContext, commit } from './write/commit.ts';
import { applyData } from './write/entry.ts';
import { checkedData } from './write/input.ts';
import { shareWithLocalizations } from './write/locales.ts';
import { applyOtherSides } from './write/other-side.ts';
import { PendingWrite } from './write/pending.ts';
import { existingEntry, storedEntry, writerOf } from './write/target.ts';

export async function update(scope: RequestScope, type: ContentType, input: UpdateInput): Promise<{ data: Doc }> {
  const writer = writerOf(scope);
  if (type.kind === 'singleType' && !(await storedEntry(scope, type, undefined, input.locale))) {
    return create(scope, type, { data: input.data, locale: input.locale, publishByDefault: true });
  }
  return writer.serially(async () => {
    const entry = await existingEntry(scope, type, input.id, input.locale);
    const data = await checkedData({ model: scope.model, store: writer.store, type, mode: 'update', data: input.data, entry, locale: entry.locale as string | undefined });
    const fields = await applyData(buildContext(scope.model, writer), type, data, entry);
    // What identifies the entry stays: its id, creation time and locale.
    const doc = { ...fields, id: entry.id, createdAt: entry.createdAt, ...(type.localized ? { locale: entry.locale } : {}), updatedAt: new Date() } as Doc;
    const pending = new PendingWrite(writer.store);
    pending.put(type.collectionName, doc);
    await applyOtherSides(scope.model, type, doc, data, pending);
    await shareWithLocalizations(type, doc, pending);
    const written = (await pending.get(type.collectionName, doc.id))!;
    await commit(writer, pending);
    return { data: written };
  });
}
