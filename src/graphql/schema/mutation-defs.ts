// ContentModel -> the write half of Strapi v4's GraphQL schema: each content-type's and
// component's input type, the plugins' inputs and payloads, and the Mutation type with its fields
// in Strapi's order (content-types, the upload and users-permissions plugins', localizations).
import { parse, type DefinitionNode, type FieldDefinitionNode } from 'graphql';
import { componentTypeName, entityResponseName, inputName, mutationFieldNames, typeName } from '../../model/naming.ts';
import { MEDIA_UID, PERMISSION_UID, ROLE_UID, USER_UID, type ContentModel, type ContentType } from '../../model/types.ts';
import { inputField } from './attribute-fields.ts';
import { field, inputType, inputValue, objectType, type Definition } from './sdl.ts';

/** The upload plugin's folder input and file info, and users-permissions' sign-in inputs and payloads. */
const PLUGIN_WRITE_SDL = /* GraphQL */ `
input UploadFolderInput { name: String pathId: Int parent: ID children: [ID] files: [ID] path: String }
input FileInfoInput { name: String alternativeText: String caption: String }
input UsersPermissionsRegisterInput { username: String! email: String! password: String! }
input UsersPermissionsLoginInput { identifier: String! password: String! provider: String! = "local" }
type UsersPermissionsPasswordPayload { ok: Boolean! }
type UsersPermissionsLoginPayload { jwt: String user: UsersPermissionsMe! }
type UsersPermissionsCreateRolePayload { ok: Boolean! }
type UsersPermissionsUpdateRolePayload { ok: Boolean! }
type UsersPermissionsDeleteRolePayload { ok: Boolean! }
`;

/** The upload folders' writes, which Strapi lists right after the media library's. */
const FOLDER_MUTATIONS_SDL = /* GraphQL */ `
type FolderMutations {
  createUploadFolder(data: UploadFolderInput!): UploadFolderEntityResponse
  updateUploadFolder(id: ID!, data: UploadFolderInput!): UploadFolderEntityResponse
  deleteUploadFolder(id: ID!): UploadFolderEntityResponse
}`;

/** The upload plugin's own mutations, after the content-types' (Strapi's order). */
const UPLOAD_MUTATIONS_SDL = /* GraphQL */ `
type UploadMutations {
  upload(refId: ID, ref: String, field: String, info: FileInfoInput, file: Upload!): UploadFileEntityResponse!
  multipleUpload(refId: ID, ref: String, field: String, files: [Upload]!): [UploadFileEntityResponse]!
  updateFileInfo(id: ID!, info: FileInfoInput): UploadFileEntityResponse!
  removeFile(id: ID!): UploadFileEntityResponse
}`;

/** users-permissions' mutations: roles and users have their own signatures, then sign-in. */
const USERS_PERMISSIONS_MUTATIONS_SDL = /* GraphQL */ `
type UsersPermissionsMutations {
  "Create a new role"
  createUsersPermissionsRole(data: UsersPermissionsRoleInput!): UsersPermissionsCreateRolePayload
  "Update an existing role"
  updateUsersPermissionsRole(id: ID!, data: UsersPermissionsRoleInput!): UsersPermissionsUpdateRolePayload
  "Delete an existing role"
  deleteUsersPermissionsRole(id: ID!): UsersPermissionsDeleteRolePayload
  "Create a new user"
  createUsersPermissionsUser(data: UsersPermissionsUserInput!): UsersPermissionsUserEntityResponse!
  "Update an existing user"
  updateUsersPermissionsUser(id: ID!, data: UsersPermissionsUserInput!): UsersPermissionsUserEntityResponse!
  "Delete an existing user"
  deleteUsersPermissionsUser(id: ID!): UsersPermissionsUserEntityResponse!
  login(input: UsersPermissionsLoginInput!): UsersPermissionsLoginPayload!
  "Register a user"
  register(input: UsersPermissionsRegisterInput!): UsersPermissionsLoginPayload!
  "Request a reset password token"
  forgotPassword(email: String!): UsersPermissionsPasswordPayload
  "Reset user password. Confirm with a code (resetToken from forgotPassword)"
  resetPassword(password: String!, passwordConfirmation: String!, code: String!): UsersPermissionsLoginPayload
  "Change user password. Confirm with the current password."
  changePassword(currentPassword: String!, password: String!, passwordConfirmation: String!): UsersPermissionsLoginPayload
  "Confirm an email users email address"
  emailConfirmation(confirmation: String!): UsersPermissionsLoginPayload
}`;

/** Fields of one of the SDL blocks above. */
function sdlFields(sdl: string): FieldDefinitionNode[] {
  const [definition] = parse(sdl).definitions;
  return definition.kind === 'ObjectTypeDefinition' ? [...(definition.fields ?? [])] : [];
}

/** Root mutation fields of the upload plugin's folders (its file mutations are resolve/upload-mutations.ts's). */
export const UPLOAD_FOLDER_MUTATION_FIELDS: readonly string[] = sdlFields(FOLDER_MUTATIONS_SDL).map((f) => f.name.value);

/** Whether a content-type gets Strapi's generic create/update/delete mutations. */
export function hasContentMutations(ct: Pick<ContentType, 'uid'>): boolean {
  return ct.uid !== PERMISSION_UID && ct.uid !== USER_UID && ct.uid !== ROLE_UID;
}

/** Input types: components' (with their `id`), content-types' (with `publishedAt` under draft & publish), the plugins'. */
export function writeInputDefinitions(model: ContentModel): DefinitionNode[] {
  const components = [...model.components.values()].map((c) => {
    const type = componentTypeName(c);
    return inputType(inputName(type), [inputValue('id', 'ID'), ...[...c.attributes.values()].map((a) => inputField(model, type, a))]);
  });
  const contentTypes = [...model.contentTypes.values()].filter((ct) => ct.uid !== PERMISSION_UID).map((ct) => {
    const type = typeName(ct);
    return inputType(inputName(type), [
      ...[...ct.attributes.values()].map((a) => inputField(model, type, a)),
      ...(ct.uid === MEDIA_UID ? [inputValue('folder', 'ID'), inputValue('folderPath', 'String')] : []),
      ...(ct.draftAndPublish ? [inputValue('publishedAt', 'DateTime')] : []),
    ]);
  });
  return [...components, ...contentTypes, ...parse(PLUGIN_WRITE_SDL).definitions];
}

/** The Mutation type, or nothing for a model without a content-type to write (never the case with the built-ins). */
export function mutationType(model: ContentModel): Definition[] {
  const types = [...model.contentTypes.values()];
  const contentFields = types.filter(hasContentMutations).flatMap((ct) => {
    const fields = contentMutationFields(ct);
    // Strapi lists the folder's writes right after the file's, before the project's types.
    return ct.uid === MEDIA_UID ? [...fields, ...sdlFields(FOLDER_MUTATIONS_SDL)] : fields;
  });
  const fields = [
    ...contentFields,
    ...sdlFields(UPLOAD_MUTATIONS_SDL),
    ...(model.contentTypes.has(USER_UID) ? sdlFields(USERS_PERMISSIONS_MUTATIONS_SDL) : []),
    ...types.filter((ct) => ct.localized).map(localizationField),
  ];
  return fields.length === 0 ? [] : [objectType('Mutation', fields)];
}

function contentMutationFields(ct: ContentType): FieldDefinitionNode[] {
  const names = mutationFieldNames(ct);
  const type = typeName(ct);
  const response = entityResponseName(type);
  const data = inputValue('data', `${inputName(type)}!`);
  const locale = ct.localized ? [inputValue('locale', 'I18NLocaleCode')] : [];
  if (ct.kind === 'singleType') return [field(names.update, response, [data, ...locale]), field(names.delete, response, locale)];
  const id = inputValue('id', 'ID!');
  return [
    field(names.create, response, [data, ...locale]),
    field(names.update, response, [id, data, ...locale]),
    field(names.delete, response, [id, ...locale]),
  ];
}

function localizationField(ct: ContentType): FieldDefinitionNode {
  const type = typeName(ct);
  return field(mutationFieldNames(ct).createLocalization, entityResponseName(type), [
    inputValue('id', 'ID'),
    inputValue('data', inputName(type)),
    inputValue('locale', 'I18NLocaleCode'),
  ]);
}
