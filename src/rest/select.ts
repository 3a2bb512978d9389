// Selection (fields + populate tree) -> GraphQL selection sets on the Strapi v4 schema:
// `id attributes { … }` for entries, `{ id … }` for components, `__typename … on X` for zones.
import { Kind, type ArgumentNode, type FieldNode, type SelectionNode, type VariableNode } from 'graphql';
import { componentTypeName, filtersInputName, typeName } from '../model/naming.ts';
import { MEDIA_UID, assertNever, component, contentType } from '../model/types.ts';
import type { ContentModel } from '../model/types.ts';
import { type Variables, argument, field, inlineFragment, intValue, listType, namedType, objectValue } from './ast.ts';
import type { Owner } from '../model/fields.ts';
import { filtersInput } from './filter-input.ts';
import { type ListArguments, MAX_RELATED_ITEMS, type PopulateNode, type Selection } from './query.ts';
import { zoneAliases } from './zone-aliases.ts';

export interface SelectContext {
  readonly model: ContentModel;
  readonly variables: Variables;
  /** The request's `$publicationState`, for relations to draft-and-publish types. */
  readonly publicationState?: () => VariableNode;
}

/** `id attributes { … }` of one entry. */
export function selectEntry(owner: Owner, selection: Selection, context: SelectContext, path: string): SelectionNode[] {
  return [field('id'), field('attributes', [], selectAttributes(owner, selection, context, path))];
}

/**
 * The fields and populated attributes of an entry or component item; `aliases` gives the
 * response name of fields that must not be selected under their own (see `zone-aliases.ts`).
 */
function selectAttributes(
  owner: Owner, selection: Selection, context: SelectContext, path: string, aliases: ReadonlyMap<string, string> = new Map(),
): SelectionNode[] {
  const aliased = (name: string, node: FieldNode): FieldNode => {
    const alias = aliases.get(name);
    return alias === undefined ? node : { ...node, alias: { kind: Kind.NAME, value: alias } };
  };
  const selections: SelectionNode[] = (selection.selected ?? selection.fields).map((name) => aliased(name, field(name)));
  for (const [name, node] of selection.populate) {
    selections.push(aliased(name, selectPopulated(name, node, context, path ? `${path}_${name}` : name)));
  }
  // A selection set cannot be empty; `__typename` stands in and reshape never reads it.
  return selections.length > 0 ? selections : [field('__typename')];
}

function selectPopulated(name: string, node: PopulateNode, context: SelectContext, path: string): FieldNode {
  switch (node.kind) {
    case 'relation': {
      const target = contentType(context.model, node.target);
      const args = listArguments(typeName(target), node.toMany ? node : { filters: node.filters, sort: [] }, context, path, node.toMany);
      if (target.draftAndPublish && context.publicationState) {
        args.push(argument('publicationState', context.publicationState()));
      }
      return field(name, args, [field('data', [], selectEntry(target, node.selection, context, path))]);
    }
    case 'media': {
      const media = contentType(context.model, MEDIA_UID);
      const args = listArguments(typeName(media), node.multiple ? node : { filters: node.filters, sort: [] }, context, path, node.multiple);
      return field(name, args, [field('data', [], selectEntry(media, node.selection, context, path))]);
    }
    case 'component': {
      const target = component(context.model, node.component);
      const args = node.repeatable ? listArguments(componentTypeName(target), node, context, path, false) : [];
      return field(name, args, [field('id'), ...selectAttributes(target, node.selection, context, path).filter(notTypename)]);
    }
    case 'dynamiczone': {
      const aliases = zoneAliases(context.model, node.parts);
      const fragments = [...node.parts].map(([uid, part]) => {
        const target = component(context.model, uid);
        const fields = selectAttributes(target, part, context, `${path}_${target.name}`, aliases.get(uid)).filter(notTypename);
        return inlineFragment(componentTypeName(target), [field('id'), ...fields]);
      });
      return field(name, [], [field('__typename'), ...fragments]);
    }
    default:
      return assertNever(node, 'populate node');
  }
}

/**
 * `filters` and `sort` as variables; and for to-many relations and media, the bound on related
 * items (GraphQL would return 10; Strapi's REST returns them all, up to our documented maximum).
 * To-one fields take `filters` alone.
 */
function listArguments(type: string, node: ListArguments, context: SelectContext, path: string, bounded = true): ArgumentNode[] {
  const args: ArgumentNode[] = [];
  if (node.filters) {
    args.push(argument('filters', context.variables.add(`${path}_filters`, namedType(filtersInputName(type)), filtersInput(node.filters))));
  }
  if (node.sort.length > 0) {
    args.push(argument('sort', context.variables.add(`${path}_sort`, listType(namedType('String')), [...node.sort])));
  }
  if (bounded) args.push(argument('pagination', objectValue({ limit: intValue(MAX_RELATED_ITEMS) })));
  return args;
}

function notTypename(selection: SelectionNode): boolean {
  return !(selection.kind === Kind.FIELD && selection.name.value === '__typename');
}
