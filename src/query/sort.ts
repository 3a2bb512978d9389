// Strapi sort strings (`"title"`, `"views:desc"`, `"author.name:asc"`) -> a store sort, with a
// `$lookup` for each to-one relation a key passes through. `id` always breaks ties.
import { ValidationError } from '../errors/errors.ts';
import type { AttributeOwner, RelationAttribute } from '../model/types.ts';
import type { Filter, SortDirection } from '../store/store.ts';
import { fieldMeaning } from '../model/fields.ts';
import { distinctSortKeys } from '../limits/input-sizes.ts';
import type { FilterScope } from './filters.ts';

/** What planning reads: the model, and which content-types the caller may list. */
export type SortScope = Pick<FilterScope, 'model' | 'access'>;

export interface SortPlan {
  keys: Array<readonly [string, SortDirection]>;
  /** Aggregation stages that bring related values in for sorting; empty when `find` suffices. */
  lookups: Filter[];
  /** Fields the lookups add, removed before documents leave the query. */
  temporary: string[];
  /** Relation path already brought in -> the field holding it, so two keys through one relation share a join. */
  joined: Map<string, string>;
}

const DIRECTIONS: ReadonlyMap<string, SortDirection> = new Map([['asc', 1], ['desc', -1]]);

/**
 * Plans `sort` on `owner`'s entries. A key through a relation to a content-type the caller may not
 * list is refused as Strapi refuses it (`Invalid parameter <relation>`): its order would tell.
 */
export function planSort(scope: SortScope, owner: AttributeOwner, sort: readonly string[] | string | null | undefined): SortPlan {
  const plan: SortPlan = { keys: [], lookups: [], temporary: [], joined: new Map() };
  for (const key of distinctSortKeys(sort)) addKey(scope, owner, key, plan);
  if (!plan.keys.some(([path]) => path === 'id')) plan.keys.push(['id', 1]);
  return plan;
}

function addKey(scope: SortScope, root: AttributeOwner, entry: string, plan: SortPlan) {
  const { model } = scope;
  const [pathText, directionText = 'asc'] = entry.split(':');
  const direction = DIRECTIONS.get(directionText.toLowerCase());
  if (!direction) throw new ValidationError(`Invalid sort direction ${directionText} in ${entry}: expected asc or desc`);
  const segments = pathText.split('.');
  let owner: AttributeOwner = root;
  let prefix = '';
  for (let i = 0; i < segments.length; i++) {
    const meaning = fieldMeaning(owner, segments[i], scope.access.readable, prefix);
    const last = i === segments.length - 1;
    if (meaning.kind === 'scalar' && last) {
      plan.keys.push([meaning.path, direction]);
      return;
    }
    if (meaning.kind === 'component' && !last) {
      owner = model.components.get(meaning.component)!;
      prefix = `${meaning.path}.`;
      continue;
    }
    if (meaning.kind === 'relation' && !last && !scope.access.may('find', meaning.attribute.target)) {
      throw new ValidationError(`Invalid parameter ${segments[i]}`);
    }
    if (meaning.kind === 'relation' && !last && !meaning.attribute.toMany) {
      const target = model.contentTypes.get(meaning.attribute.target)!;
      let alias = plan.joined.get(meaning.path);
      if (alias === undefined) {
        alias = `__sort${plan.joined.size}`;
        plan.lookups.push(...joinStages(meaning.attribute, meaning.path, prefix, target.collectionName, alias));
        plan.lookups.push({ $addFields: { [alias]: { $arrayElemAt: [`$${alias}`, 0] } } });
        plan.temporary.push(alias);
        plan.joined.set(meaning.path, alias);
      }
      owner = target;
      prefix = `${alias}.`;
      continue;
    }
    throw new ValidationError(`Invalid parameter ${segments[i]}`);
  }
}

/**
 * The stages that bring a to-one relation's entry in under `alias`: the owning side finds it by
 * the id it holds; the inverse side (`mappedBy`, `writer.editedSection`) by the target entry that
 * holds this entry's id, as Strapi sorts through either. Past a join that found nothing, the id
 * read is 0, which no entry holds (a missing one would match every entry pointing nowhere).
 */
function joinStages(attribute: RelationAttribute, path: string, prefix: string, from: string, alias: string): Filter[] {
  if (attribute.side === 'owner') return [{ $lookup: { from, localField: path, foreignField: 'id', as: alias } }];
  const foreignField = attribute.inverseField!;
  if (prefix === '') return [{ $lookup: { from, localField: 'id', foreignField, as: alias } }];
  return [
    { $addFields: { [alias]: { $ifNull: [`$${prefix}id`, 0] } } },
    { $lookup: { from, localField: alias, foreignField, as: alias } },
  ];
}
