// Where an entry stands in the list of the other side of a relation (docs/storage.md, "Link
// order"): a two-sided many-to-one or many-to-many keeps, beside the ids its entry holds, each
// link's place in the target's `mappedBy` list, as Strapi's inverse order column does; reads of
// that list without a `sort` follow it.
import type { Attribute, RelationAttribute } from '../model/types.ts';
import type { Doc, Filter } from '../store/store.ts';

/** The document field holding, per ordered relation, each link's place in the other side's list. */
export const LINK_ORDER = '_linkOrder';

/** Whether the other side of this owning relation lists its entries in link order (Strapi's `inv_order` column). */
export function linkOrdered(attribute: Attribute | undefined): attribute is RelationAttribute {
  return attribute?.type === 'relation' && attribute.side === 'owner' && attribute.inversedBy !== undefined && (attribute.relation === 'manyToOne' || attribute.relation === 'manyToMany');
}

/** The place of the link from `doc` to `target` in the target's list, or undefined (a link the seed made: before any placed one). */
export function linkPlace(doc: Doc, attribute: RelationAttribute, target: number): number | undefined {
  const places = (doc[LINK_ORDER] as Record<string, unknown> | undefined)?.[attribute.name];
  const place = attribute.toMany ? (Array.isArray(places) ? places[idsIn(doc[attribute.name]).indexOf(target)] : undefined) : places;
  return typeof place === 'number' ? place : undefined;
}

const idsIn = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** The fields the pipeline of {@link linkOrderStages} adds, to be dropped from its answer. */
export const LINK_ORDER_FIELDS = ['__places', '__link', '__place'] as const;

/**
 * Pipeline stages after `$match`: one row per link to a parent in `parentIds` (the parent in
 * `parentField`), sorted by the link's place (unplaced first), then by `keys`.
 */
export function linkOrderStages(attribute: RelationAttribute, parentField: string, parentIds: readonly number[], keys: ReadonlyArray<readonly [string, 1 | -1]>): Filter[] {
  const [places, link, place] = LINK_ORDER_FIELDS;
  const stored = `$${LINK_ORDER}.${attribute.name}`;
  const unwind: Filter[] = attribute.toMany
    ? [
        { $addFields: { [parentField]: `$${attribute.name}`, [places]: stored } },
        { $unwind: { path: `$${parentField}`, includeArrayIndex: link } },
        { $match: { [parentField]: { $in: [...parentIds] } } },
        { $addFields: { [place]: { $arrayElemAt: [`$${places}`, `$${link}`] } } },
      ]
    : [
        { $addFields: { [parentField]: `$${attribute.name}`, [place]: stored } },
        { $match: { [parentField]: { $in: [...parentIds] } } },
      ];
  return [...unwind, { $sort: Object.fromEntries([[place, 1], ...keys]) }];
}
