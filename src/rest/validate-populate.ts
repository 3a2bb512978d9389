// Raw `populate` (qs output) -> the populate tree of a Selection. Accepts every form Strapi v4
// does: `*`, `a,b`, `populate[0]=a.b.c`, `populate[a][populate]…` to any depth, `[fields]`,
// `[filters]`, `[sort]`, and for dynamic zones the shared `[populate]` or the detailed `[on]`.
import { ValidationError } from '../errors/errors.ts';
import { MEDIA_UID, assertNever, component, contentType, isScalar } from '../model/types.ts';
import type { Component, ContentType, DynamicZoneAttribute } from '../model/types.ts';
import { type Scope, defaultFields, isRecord } from './attributes.ts';
import { type Owner, isContentType } from '../model/fields.ts';
import { type Merged, type Request, collect, merge } from './populate-requests.ts';
import { type ComponentNode, type DynamicZoneNode, MAX_NESTING, type PopulateNode, type RelationNode, type Selection } from './query.ts';
import { validateFields } from './validate-fields.ts';
import { validateFilters } from './validate-filters.ts';
import { sortedFields, validateSort } from './validate-sort.ts';

/**
 * Validates a `populate` value for `owner`. Unknown names are ignored, as are relations and
 * media whose target content-type the role cannot `find`: they are simply not populated.
 */
export function validatePopulate(raw: unknown, owner: Owner, scope: Scope, parameter = 'populate'): Map<string, PopulateNode> {
  return buildAll([raw], owner, { ...scope, depth: 1 }, parameter);
}

/** The scope of one populate level: how deep it is, counted from the entry's own attributes. */
interface Level extends Scope {
  readonly depth: number;
}

function buildAll(raws: readonly unknown[], owner: Owner, level: Level, parameter: string): Map<string, PopulateNode> {
  const requests = new Map<string, Request[]>();
  for (const raw of raws) collect(raw, owner, parameter, requests, level.access.readable);
  if (requests.size > 0 && level.depth > MAX_NESTING) {
    throw new ValidationError(`Invalid parameter ${parameter}: populate goes deeper than ${MAX_NESTING} levels`);
  }
  const nodes = new Map<string, PopulateNode>();
  for (const [name, asked] of requests) {
    const node = populateNode(name, asked, owner, level, `${parameter}[${name}]`);
    if (node) nodes.set(name, node);
  }
  return nodes;
}

function populateNode(name: string, requests: readonly Request[], owner: Owner, scope: Level, parameter: string): PopulateNode | undefined {
  if (name === 'localizations' && isContentType(owner) && owner.localized) {
    return scope.access.may('find', owner.uid) ? entryNode(owner, true, requests, scope, parameter) : undefined;
  }
  const attribute = scope.access.readable(owner, name);
  if (!attribute || isScalar(attribute)) return undefined;
  switch (attribute.type) {
    case 'relation':
      if (!scope.access.may('find', attribute.target)) return undefined;
      return entryNode(contentType(scope.model, attribute.target), attribute.toMany, requests, scope, parameter);
    case 'media': {
      if (!scope.access.may('find', MEDIA_UID)) return undefined;
      const node = entryNode(contentType(scope.model, MEDIA_UID), attribute.multiple, requests, scope, parameter);
      return { kind: 'media', multiple: attribute.multiple, selection: node.selection, filters: node.filters, sort: node.sort };
    }
    case 'component':
      return componentNode(component(scope.model, attribute.component), attribute.repeatable, requests, scope, parameter);
    case 'dynamiczone':
      return dynamicZoneNode(attribute, requests, scope, parameter);
    default:
      return assertNever(attribute, 'attribute');
  }
}

function entryNode(target: ContentType, toMany: boolean, requests: readonly Request[], scope: Level, parameter: string): RelationNode {
  const merged = merge(requests);
  return {
    kind: 'relation',
    target: target.uid,
    toMany,
    selection: selection(target, merged, scope, parameter),
    // On a to-one relation or single media, an entry that does not match answers `{ data: null }`.
    filters: validateFilters(merged.filters, target, scope, `${parameter}[filters]`),
    sort: toMany ? validateSort(merged.sort, target, scope, `${parameter}[sort]`) : [],
  };
}

function componentNode(target: Component, repeatable: boolean, requests: readonly Request[], scope: Level, parameter: string): ComponentNode {
  const merged = merge(requests);
  if (!repeatable) refuseFilters(merged, parameter);
  return {
    kind: 'component',
    component: target.uid,
    repeatable,
    selection: selection(target, merged, scope, parameter),
    filters: repeatable ? validateFilters(merged.filters, target, scope, `${parameter}[filters]`) : undefined,
    sort: repeatable ? validateSort(merged.sort, target, scope, `${parameter}[sort]`) : [],
  };
}

/**
 * Strapi answers `null` for a single component that does not match `[filters]`; its GraphQL
 * field takes no filters (a component is part of its entry, not a query), so rather than ignore
 * the filter and answer differently, the request is refused. (`[sort]` there is meaningless; ignored.)
 */
function refuseFilters(merged: Merged, parameter: string): void {
  if (merged.filters === undefined) return;
  throw new ValidationError(
    `Invalid parameter ${parameter}[filters]: filters apply to relations, media and repeatable components only`,
  );
}

/**
 * Without `on`, every component type of the zone, each with its scalar fields and whatever the
 * shared `[populate]` asks that exists on it. With `on`, only the types named there.
 */
function dynamicZoneNode(zone: DynamicZoneAttribute, requests: readonly Request[], scope: Level, parameter: string): DynamicZoneNode {
  const merged = merge(requests);
  const parts = new Map<string, Selection>();
  if (merged.on.size > 0) {
    for (const [uid, asked] of merged.on) {
      if (!zone.components.includes(uid)) continue;
      parts.set(uid, selection(component(scope.model, uid), merge(asked), scope, `${parameter}[on][${uid}]`));
    }
    return { kind: 'dynamiczone', parts };
  }
  for (const uid of zone.components) {
    const part = component(scope.model, uid);
    parts.set(uid, { fields: defaultFields(part, scope.access.readable), populate: buildAll(merged.populate, part, deeper(scope), `${parameter}[populate]`) });
  }
  if (mergedByName(merged.populate)) inMergedOrder(parts);
  return { kind: 'dynamiczone', parts };
}

/**
 * Whether Strapi merges the zone's shared `[populate]` into one object: given as an object or as
 * `*`, each component's share becomes an object and lodash's `mergeAll` joins them; names (`a,b`,
 * `[0]=a`) stay one list, populated in the order asked.
 */
function mergedByName(populate: readonly unknown[]): boolean {
  return populate.length > 0 && populate.every((raw) => raw === '*' || isRecord(raw));
}

/**
 * Each part's populated attributes in the merged object's key order: the names of the zone's
 * components in the zone's order, each name where it first appears. Strapi populates every item in
 * that order (asked of a real v4.25: FoodAdvisor's hero, `images, header, buttons` in its schema,
 * answers `buttons, header, images` because `cta` and `features-with-images` come first).
 */
function inMergedOrder(parts: Map<string, Selection>): void {
  const rank = new Map<string, number>();
  for (const part of parts.values()) for (const name of part.populate.keys()) if (!rank.has(name)) rank.set(name, rank.size);
  for (const [uid, part] of parts) {
    const populate = new Map([...part.populate].sort(([a], [b]) => rank.get(a)! - rank.get(b)!));
    parts.set(uid, { ...part, populate });
  }
}

function selection(owner: Owner, merged: Merged, scope: Level, parameter: string): Selection {
  const fields = validateFields(merged.fields, owner, scope.access.readable, `${parameter}[fields]`, false);
  const sorted = merged.sort === undefined ? [] : sortedFields(merged.sort, owner, scope.access.readable, `${parameter}[sort]`);
  return {
    // Strapi selects a populated list's sort columns first, so its answer lists them first.
    fields: [...new Set([...sorted, ...fields])],
    populate: buildAll(merged.populate, owner, deeper(scope), `${parameter}[populate]`),
  };
}

function deeper(level: Level): Level {
  return { ...level, depth: level.depth + 1 };
}
