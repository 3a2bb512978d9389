// One attribute -> its GraphQL output field, its filter input field and its field in the write
// input. Exhaustive over every attribute kind, so a new kind fails to compile until the schema
// knows how to show it.
import { isExposed } from '../../access/rules.ts';
import type { FieldDefinitionNode, InputValueDefinitionNode } from 'graphql';
import {
  componentTypeName,
  dynamicZoneInputName,
  dynamicZoneUnionName,
  entityResponseName,
  enumName,
  filtersInputName,
  inputName,
  relationResponseCollectionName,
  typeName,
} from '../../model/naming.ts';
import { assertNever, isScalar, MEDIA_UID, type Attribute, type AttributeOwner, type ContentModel, type ScalarType } from '../../model/types.ts';
import { field, inputValue } from './sdl.ts';
import type { FilterableScalar } from './static-types.ts';

/** GraphQL output scalar of each scalar attribute type (enumerations get their own enum). */
export const OUTPUT_SCALAR: Record<Exclude<ScalarType, 'enumeration'>, string> = {
  string: 'String',
  text: 'String',
  richtext: 'String',
  email: 'String',
  password: 'String',
  uid: 'String',
  date: 'Date',
  time: 'Time',
  datetime: 'DateTime',
  timestamp: 'DateTime',
  integer: 'Int',
  biginteger: 'Long',
  float: 'Float',
  decimal: 'Float',
  boolean: 'Boolean',
  json: 'JSON',
};

/** Filter input scalar of each scalar attribute type. */
export const FILTER_SCALAR: Record<ScalarType, FilterableScalar> = {
  ...(OUTPUT_SCALAR as Record<Exclude<ScalarType, 'enumeration'>, FilterableScalar>),
  enumeration: 'String',
};

export const listArgs = (filtersType: string, withPublicationState: boolean): InputValueDefinitionNode[] => [
  inputValue('filters', filtersType),
  inputValue('pagination', 'PaginationArg', '{}'),
  inputValue('sort', '[String]', '[]'),
  ...(withPublicationState ? [inputValue('publicationState', 'PublicationState', 'LIVE')] : []),
];

const required = (type: string, attribute: Attribute) => (attribute.required ? `${type}!` : type);

/** The output field of `attribute` on the type named `ownerType`, or nothing when the API never shows it. */
export function outputField(model: ContentModel, owner: AttributeOwner, ownerType: string, attribute: Attribute): FieldDefinitionNode[] {
  if (!isExposed(owner, attribute)) return [];
  if (isScalar(attribute)) {
    // OUTPUT_SCALAR is typed over every scalar type: a new one fails to compile until it is mapped.
    const type = attribute.type === 'enumeration' ? enumName(ownerType, attribute.name) : OUTPUT_SCALAR[attribute.type];
    return [field(attribute.name, required(type, attribute))];
  }
  switch (attribute.type) {
    case 'relation':
    case 'media': {
      const target = model.contentTypes.get(attribute.type === 'media' ? MEDIA_UID : attribute.target)!;
      const target_ = typeName(target);
      const toMany = attribute.type === 'media' ? attribute.multiple : attribute.toMany;
      // Strapi marks a required media field non-null (its wrapper always answers), not a relation.
      const wrapper = (type: string) => (attribute.type === 'media' ? required(type, attribute) : type);
      // `filters` (and `publicationState`) on a to-one field are our additions: the related
      // entry, or null when it does not match (or is a draft, in the live state). Without a
      // `publicationState` it is read in its parent's (src/graphql/resolve/branch-state.ts).
      if (!toMany) {
        const state = target.draftAndPublish ? [inputValue('publicationState', 'PublicationState')] : [];
        return [field(attribute.name, wrapper(entityResponseName(target_)), [inputValue('filters', filtersInputName(target_)), ...state])];
      }
      return [field(attribute.name, wrapper(relationResponseCollectionName(target_)), listArgs(filtersInputName(target_), target.draftAndPublish))];
    }
    case 'component': {
      const type = componentTypeName(model.components.get(attribute.component)!);
      if (!attribute.repeatable) return [field(attribute.name, required(type, attribute))];
      return [field(attribute.name, required(`[${type}]`, attribute), listArgs(filtersInputName(type), false))];
    }
    case 'dynamiczone':
      return [field(attribute.name, required(`[${dynamicZoneUnionName(ownerType, attribute.name)}]`, attribute))];
    default:
      return assertNever(attribute, 'attribute');
  }
}

/**
 * The filter input field of `attribute`, or nothing for kinds Strapi does not filter on. Private
 * attributes are in the input, as in Strapi's schema, and refused when used (`Invalid parameter`).
 */
export function filterField(model: ContentModel, attribute: Attribute): InputValueDefinitionNode[] {
  if (isScalar(attribute)) return [inputValue(attribute.name, `${FILTER_SCALAR[attribute.type]}FilterInput`)];
  switch (attribute.type) {
    case 'relation':
      return [inputValue(attribute.name, filtersInputName(typeName(model.contentTypes.get(attribute.target)!)))];
    case 'component':
      return [inputValue(attribute.name, filtersInputName(componentTypeName(model.components.get(attribute.component)!)))];
    case 'media':
    case 'dynamiczone':
      return [];
    default:
      return assertNever(attribute, 'attribute');
  }
}

/**
 * The field of `attribute` in its owner's write input (`ArticleInput`), as Strapi's plugin types
 * it: every attribute, private ones too, none required; relations and media as ids, components
 * as their inputs, a dynamic zone as a list of its JSON input scalar.
 */
export function inputField(model: ContentModel, ownerType: string, attribute: Attribute): InputValueDefinitionNode {
  if (isScalar(attribute)) {
    return inputValue(attribute.name, attribute.type === 'enumeration' ? enumName(ownerType, attribute.name) : OUTPUT_SCALAR[attribute.type]);
  }
  switch (attribute.type) {
    case 'relation':
      return inputValue(attribute.name, attribute.toMany ? '[ID]' : 'ID');
    case 'media':
      return inputValue(attribute.name, attribute.multiple ? '[ID]' : 'ID');
    case 'component': {
      const type = inputName(componentTypeName(model.components.get(attribute.component)!));
      return inputValue(attribute.name, attribute.repeatable ? `[${type}]` : type);
    }
    case 'dynamiczone':
      return inputValue(attribute.name, `[${dynamicZoneInputName(dynamicZoneUnionName(ownerType, attribute.name))}!]`);
    default:
      return assertNever(attribute, 'attribute');
  }
}
