// ContentModel -> the type definitions of Strapi v4's GraphQL schema for that model, as a
// DocumentNode: entity types and their wrappers, components, filters, enums, unions, inputs, Query
// and Mutation.
import { Kind, type DefinitionNode, type DocumentNode } from 'graphql';
import {
  collectionQueryField,
  componentTypeName,
  dynamicZoneInputName,
  dynamicZoneUnionName,
  entityName,
  entityResponseCollectionName,
  entityResponseName,
  enumName,
  enumValueName,
  filtersInputName,
  relationResponseCollectionName,
  singleQueryField,
  typeName,
} from '../../model/naming.ts';
import { MEDIA_UID, USER_UID, hasRootQueries, type AttributeOwner, type ContentModel, type ContentType } from '../../model/types.ts';
import { filterField, listArgs, outputField } from './attribute-fields.ts';
import { enumType, field, inputType, inputValue, objectType, scalarType, unionType } from './sdl.ts';
import { mutationType, writeInputDefinitions } from './mutation-defs.ts';
import { PLUGIN_MORPH_MEMBERS, staticDefinitions } from './static-types.ts';

export function buildTypeDefs(model: ContentModel): DocumentNode {
  const definitions: DefinitionNode[] = [...staticDefinitions()];
  for (const c of model.components.values()) definitions.push(...componentDefinitions(model, c, componentTypeName(c)));
  for (const ct of model.contentTypes.values()) definitions.push(...contentTypeDefinitions(model, ct));
  definitions.push(unionType('GenericMorph', morphMembers(model)));
  const me = model.contentTypes.has(USER_UID) ? [field('me', 'UsersPermissionsMe')] : [];
  const queries = [...model.contentTypes.values()].filter(hasRootQueries).flatMap(queryFields);
  definitions.push(...writeInputDefinitions(model), objectType('Query', [...queries, ...pluginQueryFields(), ...me]), ...mutationType(model));
  return { kind: Kind.DOCUMENT, definitions };
}

function ownerExtras(model: ContentModel, owner: AttributeOwner, type: string): DefinitionNode[] {
  const extras: DefinitionNode[] = [];
  for (const attribute of owner.attributes.values()) {
    // Values that slug alike (`a-b`, `a_b`) share one name, as in Strapi, where the last one wins.
    if (attribute.type === 'enumeration') extras.push(enumType(enumName(type, attribute.name), [...new Set(attribute.values.map(enumValueName))]));
    if (attribute.type === 'dynamiczone') {
      const union = dynamicZoneUnionName(type, attribute.name);
      const members = attribute.components.map((uid) => componentTypeName(model.components.get(uid)!));
      extras.push(unionType(union, [...members, 'Error']), scalarType(dynamicZoneInputName(union)));
    }
  }
  return extras;
}

function componentDefinitions(model: ContentModel, c: AttributeOwner, type: string): DefinitionNode[] {
  const attributes = [...c.attributes.values()];
  return [
    ...ownerExtras(model, c, type),
    inputType(filtersInputName(type), [...attributes.flatMap((a) => filterField(model, a)), ...logicalFilters(filtersInputName(type))]),
    objectType(type, [field('id', 'ID!'), ...attributes.flatMap((a) => outputField(model, c, type, a))]),
  ];
}

function logicalFilters(self: string) {
  return [inputValue('and', `[${self}]`), inputValue('or', `[${self}]`), inputValue('not', self)];
}

function contentTypeDefinitions(model: ContentModel, ct: ContentType): DefinitionNode[] {
  const type = typeName(ct);
  const filters = filtersInputName(type);
  const attributes = [...ct.attributes.values()];
  const isMedia = ct.uid === MEDIA_UID;
  const systemFields = [
    field('createdAt', 'DateTime'),
    field('updatedAt', 'DateTime'),
    ...(ct.draftAndPublish ? [field('publishedAt', 'DateTime')] : []),
    ...(ct.localized ? [field('localizations', relationResponseCollectionName(type), listArgs(filters, ct.draftAndPublish)), field('locale', 'String')] : []),
  ];
  const systemFilters = [
    inputValue('createdAt', 'DateTimeFilterInput'),
    inputValue('updatedAt', 'DateTimeFilterInput'),
    ...(ct.draftAndPublish ? [inputValue('publishedAt', 'DateTimeFilterInput')] : []),
    ...(ct.localized ? [inputValue('localizations', filters), inputValue('locale', 'StringFilterInput')] : []),
  ];
  return [
    ...ownerExtras(model, ct, type),
    inputType(filters, [
      inputValue('id', 'IDFilterInput'),
      ...attributes.flatMap((a) => filterField(model, a)),
      ...(isMedia ? [inputValue('folder', 'UploadFolderFiltersInput'), inputValue('folderPath', 'StringFilterInput')] : []),
      ...systemFilters,
      ...logicalFilters(filters),
    ]),
    objectType(type, [
      ...attributes.flatMap((a) => outputField(model, ct, type, a)),
      ...(isMedia ? [field('related', '[GenericMorph]')] : []),
      ...systemFields,
    ]),
    objectType(entityName(type), [field('id', 'ID'), field('attributes', type)]),
    objectType(entityResponseName(type), [field('data', entityName(type))]),
    objectType(entityResponseCollectionName(type), [field('data', `[${entityName(type)}!]!`), field('meta', 'ResponseCollectionMeta!')]),
    objectType(relationResponseCollectionName(type), [field('data', `[${entityName(type)}!]!`)]),
  ];
}

/** Components, then the plugins' types, then the project's, as Strapi lists them. */
function morphMembers(model: ContentModel): string[] {
  const types = [...model.contentTypes.values()].filter((ct) => ct.uid !== MEDIA_UID);
  const plugins = types.filter((ct) => ct.uid.startsWith('plugin::')).map(typeName);
  const api = types.filter((ct) => !ct.uid.startsWith('plugin::')).map(typeName);
  const [folder, locale] = PLUGIN_MORPH_MEMBERS;
  return [...[...model.components.values()].map(componentTypeName), 'UploadFile', folder, ...plugins, locale, ...api];
}

/** The upload folders' and i18n locales' queries, types the plugins define (static-types.ts). */
function pluginQueryFields() {
  return [['UploadFolder', 'uploadFolder', 'uploadFolders'], ['I18NLocale', 'i18NLocale', 'i18NLocales']].flatMap(([type, one, many]) => [
    field(one, entityResponseName(type), [inputValue('id', 'ID')]),
    field(many, entityResponseCollectionName(type), listArgs(filtersInputName(type), false)),
  ]);
}

function queryFields(ct: ContentType) {
  const type = typeName(ct);
  const state = ct.draftAndPublish ? [inputValue('publicationState', 'PublicationState', 'LIVE')] : [];
  const locale = ct.localized ? [inputValue('locale', 'I18NLocaleCode')] : [];
  const list = field(collectionQueryField(ct), entityResponseCollectionName(type), [...listArgs(filtersInputName(type), ct.draftAndPublish), ...locale]);
  // Our addition: a localized single type's entries in several locales (`locale: "all"`), which
  // Strapi's REST answers as a list and its GraphQL cannot express.
  if (ct.kind === 'singleType') return [field(singleQueryField(ct), entityResponseName(type), [...state, ...locale]), ...(ct.localized ? [list] : [])];
  return [field(singleQueryField(ct), entityResponseName(type), [inputValue('id', 'ID'), ...locale, ...state]), list];
}
