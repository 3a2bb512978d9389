// New files' ids and a LinkTarget -> the entry holding the target updated through the write steps
// (the media attribute changed as a write's `connect` would: a single media replaced, a multiple
// one appended to; its value given to the other locales), in the same pending write as the files.
import { NotFoundError } from '../../errors/errors.ts';
import type { AttributeOwner, ContentModel } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import { entryEvent, type PendingEvent } from '../events.ts';
import { eventCaller, type RequestScope } from '../scope.ts';
import { buildContext } from '../write/commit.ts';
import type { EntryData } from '../write/entry-data.ts';
import { applyData, type BuildContext } from '../write/entry.ts';
import { shareWithLocalizations } from '../write/locales.ts';
import type { PendingWrite } from '../write/pending.ts';
import { writerOf } from '../write/target.ts';
import { itemsOf, type LinkTarget } from './link-target.ts';

/**
 * Links `fileIds` (in order) to the target, as one update of its entry in `pending`; its event.
 * @throws NotFoundError when the entry (or the item) is gone since the link was checked.
 */
export async function linkFiles(scope: RequestScope, pending: PendingWrite, target: LinkTarget, fileIds: readonly number[]): Promise<PendingEvent> {
  const entry = await pending.get(target.type.collectionName, target.entryId);
  if (!entry) throw new NotFoundError('The entry the files were to be linked to was deleted meanwhile');
  const context = buildContext(scope.model, writerOf(scope));
  const data = mediaData(target, fileIds);
  const changed = target.item ? await inItem(context, target.type, entry, target.item, data) : { doc: await applyData(context, target.type, data, entry), top: target.attribute.name };
  if (!changed) throw new NotFoundError('The component the files were to be linked to was removed meanwhile');
  const doc = { ...changed.doc, id: entry.id, updatedAt: new Date() } as Doc;
  pending.put(target.type.collectionName, doc);
  await shareWithLocalizations(context, target.type, doc, pending, new Set([changed.top]));
  return entryEvent(target.type, eventCaller(scope), entry, (await pending.get(target.type.collectionName, doc.id))!);
}

/** The write of the attribute: a single media holds the last file; a multiple one gets them all, after those it holds. */
function mediaData(target: LinkTarget, ids: readonly number[]): EntryData {
  const change = target.attribute.multiple
    ? { kind: 'edit' as const, connect: ids.map((id) => ({ id, position: { kind: 'end' as const } })), disconnect: [] }
    : { kind: 'set' as const, ids: ids.slice(-1) };
  return new Map([[target.attribute.name, { kind: 'media' as const, change }]]);
}

/** `entry` with the item `item` (at any depth) changed by `data`, and the top attribute holding it; undefined when it holds no such item. */
async function inItem(context: BuildContext, owner: AttributeOwner, entry: Readonly<Record<string, unknown>>, item: NonNullable<LinkTarget['item']>, data: EntryData): Promise<{ doc: Record<string, unknown>; top: string } | undefined> {
  for (const attribute of owner.attributes.values()) {
    const value = entry[attribute.name];
    const items = itemsOf(attribute, value);
    for (const [index, held] of items.entries()) {
      const changed = await changedItem(context, held.component, held.item, item, data);
      if (!changed) continue;
      const list = Array.isArray(value) ? value.map((one, at) => (at === index ? changed : one)) : changed;
      return { doc: { ...entry, [attribute.name]: list }, top: attribute.name };
    }
  }
  return undefined;
}

async function changedItem(context: BuildContext, uid: string, held: Record<string, unknown>, item: NonNullable<LinkTarget['item']>, data: EntryData): Promise<Record<string, unknown> | undefined> {
  const component = componentOf(context.model, uid);
  if (!component) return undefined;
  if (uid === item.uid && held.id === item.id) return applyData(context, component, data, held);
  return (await inItem(context, component, held, item, data))?.doc;
}

function componentOf(model: ContentModel, uid: string): AttributeOwner | undefined {
  return model.components.get(uid);
}
