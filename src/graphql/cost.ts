// A GraphQL operation on the gateway's schema, with its variables -> the largest number of
// entries, component items and media files it can return: each list's limit (its page size, or
// what a list without one may hold), capped by what the data holds there, multiplied down the
// tree, summed over the tree, aliases counted. Linear in the document: each fragment is measured once.
import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import {
  componentTypeName,
  dynamicZoneUnionName,
  entityResponseCollectionName,
  entityResponseName,
  relationResponseCollectionName,
  collectionQueryField,
  typeName,
} from '../model/naming.ts';
import { hasRootQueries, type AttributeOwner, type ContentModel } from '../model/types.ts';
import { UNMEASURED, listKey, type Cardinality } from '../store/cardinality.ts';
import { ValidationError } from '../errors/errors.ts';
import { GRAPHQL_LIMITS, pageWindow, type PaginationArg } from '../query/pagination.ts';

/** What a list without a page size (a repeatable component's items, a dynamic zone) is assumed to hold. */
export const UNPAGED_LIST_BOUND = GRAPHQL_LIMITS.maxPageSize;

/** How the estimate reads the schema: which types are entries, lists of entries, components, zones. */
export interface CostModel {
  /** `XEntityResponse`: one entry. */
  readonly single: ReadonlySet<string>;
  /** `XEntityResponseCollection`, `XRelationResponseCollection`: a page of entries. */
  readonly pages: ReadonlySet<string>;
  /** `ComponentX`: one item, or a list of them. */
  readonly components: ReadonlySet<string>;
  /** `XBlocksDynamicZone`: a list of items. */
  readonly zones: ReadonlySet<string>;
  /**
   * `<Type>.<field>` -> the most objects the data holds there (`Query.articles`: the entries;
   * `Author.articles`: the most articles one author has). A field absent here has no bound.
   */
  readonly bounds: ReadonlyMap<string, number>;
}

/** What a cost model reads of the model alone: its type names, and where each bound goes. */
interface ModelShape {
  readonly single: ReadonlySet<string>;
  readonly pages: ReadonlySet<string>;
  readonly components: ReadonlySet<string>;
  readonly zones: ReadonlySet<string>;
  /** [the measurement's list key, `<Type>.<field>`] of every attribute (and `localizations`). */
  readonly lists: ReadonlyArray<readonly [string, string]>;
  /** [a type's uid, `Query.<field>`] of every type with root queries. */
  readonly roots: ReadonlyArray<readonly [string, string]>;
}

/** Made once per model: a write remakes the cost model with the new measurement, not the names. */
const shapes = new WeakMap<ContentModel, ModelShape>();

/** The cost model of `model`, its lists bounded by what `cardinality` measured in the data. */
export function costModel(model: ContentModel, cardinality: Cardinality = UNMEASURED): CostModel {
  let shape = shapes.get(model);
  if (!shape) shapes.set(model, (shape = modelShape(model)));
  const { single, pages, components, zones } = shape;
  return { single, pages, components, zones, bounds: bounds(shape, cardinality) };
}

function modelShape(model: ContentModel): ModelShape {
  const single = new Set<string>();
  const pages = new Set<string>();
  const zones = new Set<string>();
  for (const ct of model.contentTypes.values()) {
    const type = typeName(ct);
    single.add(entityResponseName(type));
    pages.add(entityResponseCollectionName(type));
    pages.add(relationResponseCollectionName(type));
  }
  const owners: Array<[AttributeOwner, string]> = [
    ...[...model.contentTypes.values()].map((ct): [AttributeOwner, string] => [ct, typeName(ct)]),
    ...[...model.components.values()].map((c): [AttributeOwner, string] => [c, componentTypeName(c)]),
  ];
  const lists: Array<[string, string]> = [];
  for (const [owner, type] of owners) {
    for (const attribute of owner.attributes.values()) {
      if (attribute.type === 'dynamiczone') zones.add(dynamicZoneUnionName(type, attribute.name));
    }
    for (const name of [...owner.attributes.keys(), 'localizations']) lists.push([listKey(owner.uid, name), `${type}.${name}`]);
  }
  const components = new Set([...model.components.values()].map(componentTypeName));
  const roots = [...model.contentTypes.values()].filter(hasRootQueries).map((ct) => [ct.uid, `Query.${collectionQueryField(ct)}`] as const);
  return { single, pages, components, zones, lists, roots };
}

function bounds(shape: ModelShape, cardinality: Cardinality): Map<string, number> {
  const found = new Map<string, number>();
  for (const [key, field] of shape.lists) {
    const measured = cardinality.lists.get(key);
    if (measured !== undefined) found.set(field, measured);
  }
  for (const [uid, field] of shape.roots) {
    const measured = cardinality.entries.get(uid);
    if (measured !== undefined) found.set(field, measured);
  }
  return found;
}

export interface Estimate {
  /** Entries, component items and media files the operation can return at most. */
  entries: number;
}

/**
 * Estimates `operationName` (or the document's only operation). Arguments that do not coerce are
 * read as absent: execution reports them. Stops counting past `stopAbove`, returning what it had.
 */
export function estimateCost(
  schema: GraphQLSchema, costs: CostModel, document: DocumentNode, variables: Record<string, unknown> = {},
  operationName?: string | null, stopAbove = Number.POSITIVE_INFINITY,
): Estimate {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName)) operation ??= definition;
  }
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return { entries: 0 };
  return { entries: new CostWalk(schema, costs, fragments, variables, stopAbove).setCost(operation.selectionSet, root) };
}

/** One walk of an operation's selections; each fragment is counted once. */
class CostWalk {
  private readonly memo = new Map<string, number>();
  private readonly visiting = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly costs: CostModel,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly variables: Record<string, unknown>,
    private readonly stopAbove: number,
  ) {}

  /** Objects returned under one parent object by `set` (and everything below it). */
  setCost(set: SelectionSetNode, parent: GraphQLCompositeType): number {
    let total = 0;
    for (const selection of set.selections) {
      if (total > this.stopAbove) return total;
      if (selection.kind === Kind.FIELD) {
        total += this.fieldCost(selection, parent);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parent;
        if (type && isCompositeType(type)) total += this.setCost(selection.selectionSet, type);
      } else {
        total += this.fragmentCost(selection.name.value);
      }
    }
    return total;
  }

  private fragmentCost(name: string): number {
    const known = this.memo.get(name);
    if (known !== undefined) return known;
    const fragment = this.fragments.get(name);
    // A cycle is refused by graphql-js's own rules; it adds nothing here.
    if (!fragment || this.visiting.has(name)) return 0;
    this.visiting.add(name);
    const type = this.schema.getType(fragment.typeCondition.name.value);
    const cost = type && isCompositeType(type) ? this.setCost(fragment.selectionSet, type) : 0;
    this.visiting.delete(name);
    this.memo.set(name, cost);
    return cost;
  }

  private fieldCost(node: FieldNode, parent: GraphQLCompositeType): number {
    if (!node.selectionSet || !(isObjectType(parent) || isInterfaceType(parent))) return 0;
    const field = parent.getFields()[node.name.value];
    if (!field) return 0;
    const named = getNamedType(field.type);
    if (!isCompositeType(named)) return 0;
    const below = this.setCost(node.selectionSet, named);
    const unbounded = this.producedBy(field, named.name, node);
    const bound = this.costs.bounds.get(`${parent.name}.${node.name.value}`);
    const produced = unbounded === undefined ? undefined : Math.min(unbounded, bound ?? unbounded);
    // A wrapper (`data`, `attributes`, `meta`) passes its parent's count through.
    return produced === undefined ? below : produced * (1 + below);
  }

  /** How many objects `field` returns per parent, or undefined for a wrapper. */
  private producedBy(field: GraphQLField<unknown, unknown>, named: string, node: FieldNode): number | undefined {
    const { costs } = this;
    if (costs.pages.has(named)) return this.pageOf(field, node);
    if (costs.single.has(named)) return 1;
    if (costs.zones.has(named)) return UNPAGED_LIST_BOUND;
    if (costs.components.has(named)) {
      if (!isListType(getNullableType(field.type))) return 1;
      return field.args.some((arg) => arg.name === 'pagination') && node.arguments?.some((arg) => arg.name.value === 'pagination')
        ? this.pageOf(field, node)
        : UNPAGED_LIST_BOUND;
    }
    return undefined;
  }

  private pageOf(field: GraphQLField<unknown, unknown>, node: FieldNode): number {
    let pagination: PaginationArg | undefined;
    try {
      pagination = getArgumentValues(field, node, this.variables).pagination as PaginationArg | undefined;
    } catch {
      pagination = undefined;
    }
    try {
      return pageWindow(pagination).limit;
    } catch {
      return GRAPHQL_LIMITS.defaultPageSize;
    }
  }
}

/**
 * @throws ValidationError when the operation could answer more than `maxEntries` entries.
 * The estimate stops counting just past the limit, so a hostile document costs little to refuse.
 */
export function checkEntryBudget(
  schema: GraphQLSchema, costs: CostModel, maxEntries: number,
  document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string | null,
): void {
  const { entries } = estimateCost(schema, costs, document, variables ?? {}, operationName, maxEntries);
  if (entries > maxEntries) {
    throw new ValidationError(
      `This request's answer could hold ${entries} entries or more, past the limit of ${maxEntries} (maxEntries): ask for smaller pages or fewer nested relations`,
      { limit: 'maxEntries', maxEntries, estimate: entries },
    );
  }
}
