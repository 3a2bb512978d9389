// Field resolvers of entity and component types: relations and media through the request's
// loaders, components and dynamic zones from the embedded document, JSON from its stored text.
import type { GraphQLFieldResolver } from 'graphql';
import { deepFreeze } from '../../deep-freeze.ts';
import { ValidationError } from '../../errors/errors.ts';
import { componentTypeName } from '../../model/naming.ts';
import {
  assertNever,
  isScalar,
  MEDIA_UID,
  type Attribute,
  type AttributeOwner,
  type Component,
  type ContentModel,
  type ContentType,
  type RelationAttribute,
} from '../../model/types.ts';
import { localizationsAttribute } from '../../model/fields.ts';
import type { RequestScope } from '../../operations/scope.ts';
import { matching, sorted } from '../../store/in-memory.ts';
import type { RelatedInput } from '../../operations/operation.ts';
import { runOperation } from '../../operations/run.ts';
import { hasSort, type RelationArgs } from '../../query/loaders.ts';
import { compileFilters } from '../../query/filters.ts';
import { pageWindow, type PaginationArg } from '../../query/pagination.ts';
import { filterScope, type PublicationState } from '../../query/read.ts';
import { planSort } from '../../query/sort.ts';
import { branchState, carried, carriedEach, handedDown, inBranch } from './branch-state.ts';

type Data = Record<string, unknown>;
type Resolver = GraphQLFieldResolver<Data, RequestScope, Record<string, unknown>>;
type ListArgs = RelationArgs & { pagination?: PaginationArg | null };

function asList<T>(value: unknown): T[] {
  return (Array.isArray(value) ? value : value == null ? [] : [value]) as T[];
}

/** Resolvers for the fields of one entity or component type; scalars other than JSON use the default. */
export function attributeResolvers(model: ContentModel, owner: AttributeOwner): Record<string, Resolver> {
  const resolvers: Record<string, Resolver> = {};
  for (const attribute of owner.attributes.values()) {
    const resolver = resolverFor(model, attribute);
    if (resolver) resolvers[attribute.name] = resolver;
  }
  if ('kind' in owner && (owner as ContentType).localized) {
    resolvers.localizations = relationResolver(model, localizationsAttribute(owner as ContentType));
  }
  return resolvers;
}

function resolverFor(model: ContentModel, attribute: Attribute): Resolver | undefined {
  // Scalars are stored as answered (docs/storage.md), but for JSON, kept as its text.
  if (isScalar(attribute)) return attribute.type === 'json' ? (data) => parsedJson(data, attribute.name) : undefined;
  switch (attribute.type) {
    case 'relation':
      return relationResolver(model, attribute);
    case 'media':
      return relationResolver(model, {
        ...attribute, type: 'relation', relation: attribute.multiple ? 'manyWay' : 'oneWay', target: MEDIA_UID, toMany: attribute.multiple, side: 'owner',
      });
    case 'component': {
      const component = model.components.get(attribute.component)!;
      return attribute.repeatable
        ? async (data, args, scope) =>
          carriedEach(data, await listComponents(model, component, viewed(scope, component, data[attribute.name]), args as ListArgs, scope, branchState(data)))
        : (data, _args, scope) => {
          const item = (data[attribute.name] ?? null) as Data | null;
          return carried(data, item && scope.access.changes(component) ? scope.access.view(component, item) : item);
        };
    }
    case 'dynamiczone': {
      const parts = attribute.components.map((uid) => model.components.get(uid)!);
      return (data, _args, scope) => {
        const items = (data[attribute.name] ?? []) as Data[];
        return carriedEach(data, parts.some((part) => scope.access.changes(part)) ? items.map((item) => viewedPart(model, scope, item)) : items);
      };
    }
    default:
      return assertNever(attribute, 'attribute');
  }
}

/** A component's items as the caller may see them (src/access/access.ts); the same list when nothing is hidden. */
function viewed(scope: RequestScope, component: Component, value: unknown): Data[] {
  const items = asList<Data>(value);
  return scope.access.changes(component) ? items.map((item) => scope.access.view(component, item)) : items;
}

/** A dynamic zone's item as the caller may see it. */
function viewedPart(model: ContentModel, scope: RequestScope, item: Data): Data {
  const component = model.components.get(String(item.__component));
  return component ? scope.access.view(component, item) : item;
}

/** JSON values parsed per stored document (the embedded store hands out the same frozen ones). */
const parsedByDoc = new WeakMap<object, Map<string, unknown>>();

/** A JSON attribute's value: its stored text parsed once per document, frozen, as it is shared. */
function parsedJson(data: Data, name: string): unknown {
  const value = data[name];
  if (typeof value !== 'string') return value ?? null;
  if (!Object.isFrozen(data)) return JSON.parse(value);
  let parsed = parsedByDoc.get(data);
  if (!parsed) parsedByDoc.set(data, (parsed = new Map()));
  if (!parsed.has(name)) parsed.set(name, deepFreeze(JSON.parse(value)));
  return parsed.get(name);
}

/**
 * A relation field: a `findRelated` of its target, for this parent, through the operation layer,
 * in the state of the parent's branch where the field is given none (branch-state.ts).
 */
function relationResolver(model: ContentModel, attribute: RelationAttribute): Resolver {
  const target = model.contentTypes.get(attribute.target)!;
  return (data, args, scope, info) => {
    const inheritedState = branchState(data);
    const input: RelatedInput = { relation: attribute, parent: data, args: args as RelatedInput['args'], inheritedState };
    const answer = runOperation(scope, { action: 'findRelated', type: target, input });
    const state = handedDown(args, info.fieldNodes, inheritedState);
    return state === undefined ? answer : answer.then((found) => inBranch(scope, found, state));
  };
}

/** Repeatable components live in the document: filter, sort and page them in memory. */
async function listComponents(model: ContentModel, component: Component, items: Data[], args: ListArgs, context: RequestScope, state: PublicationState | undefined) {
  // Items belong to an entry already read; relations they hold count published entries only,
  // unless the request (REST's `publicationState=preview`) or the entry's branch asks for drafts too.
  const scope = filterScope(model, context.store, context.access, state ?? context.publicationState ?? 'LIVE');
  const filter = args.filters ? await compileFilters(scope, component, args.filters) : {};
  let all = matching(items, filter);
  if (hasSort(args.sort)) {
    const plan = planSort(scope, component, args.sort);
    // Items are sorted in memory, where no relation can be looked up.
    if (plan.lookups.length > 0) throw new ValidationError(`Invalid sort ${String(args.sort)}: repeatable components sort by their own fields only`);
    all = sorted(all, plan.keys);
  }
  const paginated = args.pagination && Object.values(args.pagination).some((v) => v != null);
  if (!paginated) return all;
  const window = pageWindow(args.pagination);
  return all.slice(window.skip, window.skip + window.limit);
}

/** `__resolveType` of a dynamic zone union: the item's `__component` names its type. */
export function dynamicZoneTypeResolver(model: ContentModel) {
  return (item: Data) => {
    const component = model.components.get(String(item.__component));
    return component ? componentTypeName(component) : 'Error';
  };
}
