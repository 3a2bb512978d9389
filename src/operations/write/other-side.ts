// A written entry's relations, seen from the other entries: writing from the `mappedBy` side
// changes the ids the targets hold; a target of a two-sided one-to-one taken by this entry is
// released by whichever entry held it before; a deleted entry leaves every list that held it.
import { ValidationError } from '../../errors/errors.ts';
import type { ContentModel, ContentType, RelationAttribute } from '../../model/types.ts';
import { contentType } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { EntryData } from './entry-data.ts';
import type { PendingWrite } from './pending.ts';
import { misplacedConnect } from './relations-input.ts';
import { linkOrdered } from '../../query/link-order.ts';
import { listOf } from './last-places.ts';
import { inListOrder, listPlaces, placesOf, withoutLink, withPlaces } from './link-order.ts';
import { changedIds, idsOf } from './relations.ts';

/** Applies to the other entries what `data`'s relations say of `entry` (already put in `pending`). */
export async function applyOtherSides(model: ContentModel, type: ContentType, entry: Doc, data: EntryData, pending: PendingWrite): Promise<void> {
  for (const [name, write] of data) {
    const attribute = type.attributes.get(name);
    if (attribute?.type !== 'relation' || write.kind !== 'relation') continue;
    const target = contentType(model, attribute.target);
    if (attribute.side === 'inverse') await setInverse(target, attribute, entry.id, write.change, pending);
    else await releaseTaken(type, attribute, entry, pending);
  }
}

/**
 * The `mappedBy` side: the targets' owning field gains or loses this entry's id, and where the
 * owning relation keeps link places, the list takes the order the write gives it.
 */
async function setInverse(target: ContentType, attribute: RelationAttribute, id: number, change: Parameters<typeof changedIds>[1], pending: PendingWrite): Promise<void> {
  const field = attribute.inverseField!;
  const owning = target.attributes.get(field) as RelationAttribute | undefined;
  const holders = inListOrder(await pending.holding(target.collectionName, field, [id]), owning, id);
  const before = holders.map((doc) => doc.id);
  // As on the owning side, Strapi refuses a place next to an entry the list does not hold.
  const misplaced = attribute.toMany ? misplacedConnect(change, before) : undefined;
  if (misplaced) throw new ValidationError(misplaced);
  const after = changedIds(before, change);
  const kept = new Set(after);
  for (const doc of holders) {
    if (!kept.has(doc.id) && owning) pending.put(target.collectionName, withoutLink(doc, owning, id));
  }
  const places = linkOrdered(owning) ? listPlaces(holders, owning, id, before, after) : new Map<number, number>();
  if (places.size > 0) pending.places.raise(listOf(target.collectionName, field, id), Math.max(...places.values()));
  for (const targetId of after) {
    if (before.includes(targetId) && !places.has(targetId)) continue;
    await pending.update(target.collectionName, targetId, (doc) => linked(doc, owning, id, places.get(targetId)));
  }
}

/**
 * `doc` holding `id` through `owning` (a to-one taken from whichever entry it pointed at before, a
 * list appended to), at `place` in `id`'s list when given.
 */
function linked(doc: Doc, owning: RelationAttribute | undefined, id: number, place: number | undefined): Doc {
  if (!owning) return doc;
  const holds = idsOf(doc[owning.name]).includes(id);
  const ids = owning.toMany ? (holds ? doc[owning.name] : [...idsOf(doc[owning.name]), id]) : id;
  const changed = { ...doc, [owning.name]: ids } as Doc;
  if (!linkOrdered(owning)) return changed;
  const places = placesOf(doc, owning);
  if (place !== undefined) places.set(id, place);
  return withPlaces(changed, owning, places);
}

/**
 * A two-sided one-to-one or one-to-many owning side (`inversedBy`): a target this entry now holds
 * leaves any other holder. A one-way relation keeps no such rule: Strapi's join table lets any
 * number of entries hold one target there (asked of Strapi v4.25: `related` of two articles).
 */
async function releaseTaken(type: ContentType, attribute: RelationAttribute, entry: Doc, pending: PendingWrite): Promise<void> {
  if (attribute.inversedBy === undefined || (attribute.relation !== 'oneToOne' && attribute.relation !== 'oneToMany')) return;
  const taken = idsOf(entry[attribute.name]);
  if (taken.length === 0) return;
  const others = await pending.holding(type.collectionName, attribute.name, taken, entry.id);
  const gone = new Set(taken);
  for (const doc of others) {
    const left = idsOf(doc[attribute.name]).filter((id) => !gone.has(id));
    pending.put(type.collectionName, { ...doc, [attribute.name]: attribute.toMany ? left : null });
  }
}

/** A deleted entry leaves every owning relation of every content-type that held it. */
export async function releaseDeleted(model: ContentModel, type: ContentType, id: number, pending: PendingWrite): Promise<void> {
  for (const owner of model.contentTypes.values()) {
    for (const attribute of owner.attributes.values()) {
      if (attribute.type !== 'relation' || attribute.side !== 'owner' || attribute.target !== type.uid) continue;
      for (const doc of await pending.holding(owner.collectionName, attribute.name, [id])) {
        pending.put(owner.collectionName, withoutLink(doc, attribute, id));
      }
    }
  }
}
