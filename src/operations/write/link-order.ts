// A write's links in the lists of the other side (docs/storage.md, "Link order"), as Strapi v4.25
// keeps its inverse order column: a link made from the owning side goes last in its target's
// `mappedBy` list and keeps its place while it lasts; a `mappedBy` list written whole or by
// `connect` takes the order the write gives it.
import { LINK_ORDER, linkOrdered, linkPlace } from '../../query/link-order.ts';
import type { ContentType, RelationAttribute } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { EntryData } from './entry-data.ts';
import type { PendingWrite } from './pending.ts';
import { listOf } from './last-places.ts';
import { idsOf } from './relations.ts';

/** The places of the links `doc` holds through `attribute`, by target id; unplaced links left out. */
export function placesOf(doc: Doc | undefined, attribute: RelationAttribute): Map<number, number> {
  const places = new Map<number, number>();
  if (!doc) return places;
  for (const id of idsOf(doc[attribute.name])) {
    const place = linkPlace(doc, attribute, id);
    if (place !== undefined) places.set(id, place);
  }
  return places;
}

/** `doc` with the places of the links it holds through `attribute` set from `places` (by target id; missing: unplaced). */
export function withPlaces(doc: Doc, attribute: RelationAttribute, places: ReadonlyMap<number, number>): Doc {
  const ids = idsOf(doc[attribute.name]);
  const all: Record<string, unknown> = { ...(doc[LINK_ORDER] as Record<string, unknown> | undefined) };
  if (ids.every((id) => !places.has(id))) delete all[attribute.name];
  else all[attribute.name] = attribute.toMany ? ids.map((id) => places.get(id) ?? null) : places.get(ids[0]);
  const { [LINK_ORDER]: _dropped, ...rest } = doc;
  return (Object.keys(all).length > 0 ? { ...rest, [LINK_ORDER]: all } : rest) as Doc;
}

/** `doc` without its link to `target` through `attribute`: the id, and its place when the relation keeps one. */
export function withoutLink(doc: Doc, attribute: RelationAttribute, target: number): Doc {
  const left = idsOf(doc[attribute.name]).filter((id) => id !== target);
  const changed = { ...doc, [attribute.name]: attribute.toMany ? left : null } as Doc;
  return linkOrdered(attribute) ? withPlaces(changed, attribute, placesOf(doc, attribute)) : changed;
}

/**
 * The place a new link to `target` through `attribute` takes: after the last in the target's list
 * of entries holding it (remembered, or read from them: 0 when none is placed).
 */
async function nextPlace(pending: PendingWrite, type: ContentType, attribute: RelationAttribute, target: number): Promise<number> {
  const list = listOf(type.collectionName, attribute.name, target);
  const last = await pending.places.last(list, async () => {
    const holders = await pending.holding(type.collectionName, attribute.name, [target]);
    return Math.max(0, ...holders.map((doc) => linkPlace(doc, attribute, target) ?? 0));
  });
  pending.places.raise(list, last + 1);
  return last + 1;
}

/**
 * `doc`, the entry a write made or changed (`previous` before it), with the places of the links
 * `data` wrote through ordered relations: a link it held keeps its place in the target's list, a
 * new one goes last there, and so does one the write disconnected and connected again (Strapi
 * v4.25 deletes the link, then makes it anew). Call it before `doc` is put in `pending`.
 */
export async function withLinkPlaces(type: ContentType, doc: Doc, data: EntryData, previous: Doc | undefined, pending: PendingWrite): Promise<Doc> {
  let placed = doc;
  for (const [name, field] of data) {
    const attribute = type.attributes.get(name);
    if (!linkOrdered(attribute)) continue;
    const remade = new Set(field.kind === 'relation' && field.change.kind === 'edit' ? field.change.disconnect : []);
    const held = new Set(idsOf(previous?.[name]).filter((id) => !remade.has(id)));
    const places = placesOf(previous, attribute);
    for (const id of idsOf(doc[name])) {
      if (!held.has(id)) places.set(id, await nextPlace(pending, type, attribute, id));
    }
    placed = withPlaces(placed, attribute, places);
  }
  return placed;
}

/** The entries of a `mappedBy` list in its order: by their links' places (unplaced first), then by id. */
export function inListOrder(holders: readonly Doc[], owning: RelationAttribute | undefined, parent: number): Doc[] {
  if (!linkOrdered(owning)) return [...holders];
  const place = (doc: Doc) => linkPlace(doc, owning, parent) ?? Number.NEGATIVE_INFINITY;
  return [...holders].sort((a, b) => place(a) - place(b) || a.id - b.id);
}

/**
 * The places a `mappedBy` list written from its own side gives its entries (`before` its order
 * until now, `after` the written one), by entry id. When the entries kept stay in their order and
 * the new ones come last, only the new ones are placed (after the last place); otherwise every
 * entry is placed anew, 1 to n, as Strapi renumbers the list.
 */
export function listPlaces(holders: readonly Doc[], owning: RelationAttribute, parent: number, before: readonly number[], after: readonly number[]): Map<number, number> {
  const kept = before.filter((id) => after.includes(id));
  const appended = kept.every((id, index) => after[index] === id);
  if (!appended) return new Map(after.map((id, index) => [id, index + 1]));
  const last = Math.max(0, ...holders.map((doc) => linkPlace(doc, owning, parent) ?? 0));
  return new Map(after.slice(kept.length).map((id, index) => [id, last + index + 1]));
}
