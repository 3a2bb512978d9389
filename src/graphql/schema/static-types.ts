// The parts of Strapi's GraphQL schema that do not depend on the content model: scalars,
// pagination, the per-scalar filter inputs, and the plugin types reachable from `UploadFile.related`.
import { parse, type DefinitionNode } from 'graphql';
import { LIST_OPERATORS, PRESENCE_OPERATORS, VALUE_OPERATORS } from '../../query/operators.ts';
import { enumType, field, inputType, inputValue, objectType, scalarType } from './sdl.ts';

/** Scalars that have a `<Scalar>FilterInput`. */
export const FILTERABLE_SCALARS = ['ID', 'Boolean', 'String', 'Int', 'Long', 'Float', 'Date', 'Time', 'DateTime', 'JSON'] as const;
export type FilterableScalar = (typeof FILTERABLE_SCALARS)[number];


function scalarFilterInput(scalar: FilterableScalar) {
  const self = `${scalar}FilterInput`;
  return inputType(self, [
    inputValue('and', `[${scalar}]`),
    inputValue('or', `[${scalar}]`),
    inputValue('not', self),
    ...VALUE_OPERATORS.map((op) => inputValue(op, scalar)),
    ...PRESENCE_OPERATORS.map((op) => inputValue(op, 'Boolean')),
    ...LIST_OPERATORS.map((op) => inputValue(op, `[${scalar}]`)),
  ]);
}

/** Types of the upload-folder and i18n plugins: in Strapi's schema, not served here. */
const PLUGIN_SDL = /* GraphQL */ `
input UploadFolderFiltersInput {
  id: IDFilterInput name: StringFilterInput pathId: IntFilterInput parent: UploadFolderFiltersInput
  children: UploadFolderFiltersInput files: UploadFileFiltersInput path: StringFilterInput
  createdAt: DateTimeFilterInput updatedAt: DateTimeFilterInput
  and: [UploadFolderFiltersInput] or: [UploadFolderFiltersInput] not: UploadFolderFiltersInput
}
type UploadFolder {
  name: String! pathId: Int! parent: UploadFolderEntityResponse
  children(filters: UploadFolderFiltersInput, pagination: PaginationArg = {}, sort: [String] = []): UploadFolderRelationResponseCollection
  files(filters: UploadFileFiltersInput, pagination: PaginationArg = {}, sort: [String] = []): UploadFileRelationResponseCollection
  path: String! createdAt: DateTime updatedAt: DateTime
}
type UploadFolderEntity { id: ID attributes: UploadFolder }
type UploadFolderEntityResponse { data: UploadFolderEntity }
type UploadFolderEntityResponseCollection { data: [UploadFolderEntity!]! meta: ResponseCollectionMeta! }
type UploadFolderRelationResponseCollection { data: [UploadFolderEntity!]! }
type UsersPermissionsMe { id: ID! username: String! email: String confirmed: Boolean blocked: Boolean role: UsersPermissionsMeRole }
type UsersPermissionsMeRole { id: ID! name: String! description: String type: String }
input I18NLocaleFiltersInput {
  id: IDFilterInput name: StringFilterInput code: StringFilterInput
  createdAt: DateTimeFilterInput updatedAt: DateTimeFilterInput
  and: [I18NLocaleFiltersInput] or: [I18NLocaleFiltersInput] not: I18NLocaleFiltersInput
}
type I18NLocale { name: String code: String createdAt: DateTime updatedAt: DateTime }
type I18NLocaleEntity { id: ID attributes: I18NLocale }
type I18NLocaleEntityResponse { data: I18NLocaleEntity }
type I18NLocaleEntityResponseCollection { data: [I18NLocaleEntity!]! meta: ResponseCollectionMeta! }
`;

/** Type names defined by the plugins above, members of `GenericMorph` after the components. */
export const PLUGIN_MORPH_MEMBERS = ['UploadFolder', 'I18NLocale'];

export function staticDefinitions(): DefinitionNode[] {
  return [
    ...['JSON', 'DateTime', 'Time', 'Date', 'Long', 'Upload', 'I18NLocaleCode'].map(scalarType),
    objectType('Error', [field('code', 'String!'), field('message', 'String')]),
    objectType('Pagination', [field('total', 'Int!'), field('page', 'Int!'), field('pageSize', 'Int!'), field('pageCount', 'Int!')]),
    objectType('ResponseCollectionMeta', [field('pagination', 'Pagination!')]),
    enumType('PublicationState', ['LIVE', 'PREVIEW']),
    inputType('PaginationArg', ['page', 'pageSize', 'start', 'limit'].map((n) => inputValue(n, 'Int'))),
    ...FILTERABLE_SCALARS.map(scalarFilterInput),
    ...parse(PLUGIN_SDL).definitions,
  ];
}
