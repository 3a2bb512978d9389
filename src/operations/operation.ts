// The operations both protocols run: a typed request on one content-type (or on the caller's own
// user), whatever protocol it came by. REST routes and GraphQL root fields translate into these;
// run.ts executes them. Writes (`create`, `update`, `delete`, `publish`) join this union, and the
// media library's (`upload`, `updateFileInfo`, `replaceFile`, `deleteFile`).
import { contentAction, PLUGIN_ACTIONS } from '../access/actions.ts';
import { USER_UID, type ContentType, type RelationAttribute } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import type { PaginationArg } from '../query/pagination.ts';
import type { PublicationState } from '../query/read.ts';
import type { FileInfo } from '../upload/file-info.ts';
import type { ReceivedFile } from '../upload/multipart.ts';

/**
 * The entries a relation holds, for one parent (an entry or a component item that holds or is
 * pointed at by the relation): `populate[author]`, `articles { data { attributes { author {…} } } } }`.
 */
export interface RelatedInput {
  /** The relation, seen from the parent's side (a media attribute as a relation to the media library). */
  relation: RelationAttribute;
  parent: Readonly<Record<string, unknown>> & Partial<Pick<Doc, 'id'>>;
  /** The relation field's arguments. */
  args: { filters?: Record<string, unknown> | null; sort?: readonly string[] | string | null; pagination?: PaginationArg | null; publicationState?: PublicationState | null };
  /** The state the parent was read in (a GraphQL answer's branch): it holds where `args` give none. */
  inheritedState?: PublicationState;
}

/** A page of entries: `GET /api/articles`, `articles(...)`. */
export interface FindInput {
  filters?: Record<string, unknown> | null;
  pagination?: PaginationArg | null;
  sort?: readonly string[] | string | null;
  publicationState?: PublicationState | null;
  locale?: string | null;
}

/**
 * Entries counted, as users-permissions' `/api/users/count` counts them (drafts included): those
 * matching `filters` (the GraphQL filter input's shape), every one without.
 */
export interface CountInput {
  filters?: Record<string, unknown> | null;
}

/** One entry by id, or a single type's entry: `GET /api/articles/1`, `article(id: 1)`, `global`. */
export interface FindOneInput {
  id?: string | number | null;
  locale?: string | null;
  publicationState?: PublicationState | null;
}

/**
 * A new entry: `POST /api/articles`, `createArticle(data:)`. `data` is the body's raw `data`,
 * checked by the operation. REST publishes unless `data.publishedAt` is null; GraphQL creates a
 * draft unless it gives `publishedAt`.
 */
export interface CreateInput {
  data: unknown;
  locale?: string | null;
  /** Whether an entry of a draft & publish type is published when the body does not say. */
  publishByDefault: boolean;
}

/** A change of one entry (or of a single type's, created when missing): `PUT /api/articles/1`. */
export interface UpdateInput {
  id?: string | number | null;
  data: unknown;
  locale?: string | null;
}

/** `DELETE /api/articles/1`, `deleteArticle(id:)`; a single type's entry has no id. */
export interface DeleteInput {
  id?: string | number | null;
  locale?: string | null;
  /**
   * REST reads a single type's entry in its publication state (live unless `preview` is asked),
   * so a draft is not found there, as Strapi answers; absent, any entry is found.
   */
  publicationState?: PublicationState | null;
}

/** A new locale of an entry: `POST /api/articles/1/localizations`, `createArticleLocalization`. */
export interface CreateLocalizationInput {
  id?: string | number | null;
  data: unknown;
  locale?: string | null;
}

/**
 * A users-permissions request as its body arrived (REST's JSON, a GraphQL mutation's arguments in
 * the same shape, `GET /api/auth/email-confirmation`'s query), checked by the operation as the
 * plugin checks it.
 */
export interface AuthInput {
  body: unknown;
}

/** A sign-in: the body (`identifier`, `password`) and the provider (REST's route says `local`; GraphQL's input may name another). */
export interface SignInInput extends AuthInput {
  provider: string;
}

/** A user written through `/api/users` or the users' mutations: the body is the user's fields, not wrapped in `data`. */
export interface UserWriteInput {
  id?: string | number | null;
  body?: unknown;
}

/** A role written through `/api/users-permissions/roles` or the roles' mutations; `permissions` in the body is Strapi's tree. */
export interface RoleWriteInput {
  id?: string | number | null;
  body?: unknown;
}

/**
 * Strapi's GraphQL plugin resolves `login`, `register`, `forgotPassword`, `resetPassword` and
 * `emailConfirmation` with `auth: false`: their GraphQL operations say `unguarded` and no action
 * is checked, where the REST routes check theirs.
 */
type Guard = { readonly unguarded?: true };

/** `ref`, `refId`, `field` of an upload, as received: the media attribute to link the files to. */
export interface MediaLink {
  readonly ref: string;
  readonly refId: string;
  readonly field: string;
}

/** Files received with the request, stored in the media library: `POST /api/upload`, `upload`, `multipleUpload`. */
export interface UploadInput {
  /** Temporary files the protocol's edge received (and removes after the operation). */
  readonly files: readonly ReceivedFile[];
  /** The i-th to the i-th file; fewer than the files leave the rest without. */
  readonly infos: readonly FileInfo[];
  readonly link?: MediaLink;
}

/** A file's info changed: `POST /api/upload?id=` without a file, `updateFileInfo`. */
export interface UpdateFileInfoInput {
  readonly id: string | number;
  readonly info: FileInfo;
}

/** A file's content replaced by another: `POST /api/upload?id=` with a file. */
export interface ReplaceFileInput {
  readonly id: string | number;
  readonly file: ReceivedFile;
  readonly info: FileInfo;
}

/** `DELETE /api/upload/files/:id`, `removeFile`: the row and its stored files. */
export interface DeleteFileInput {
  readonly id: string | number;
}

export type Operation =
  | { readonly action: 'find'; readonly type: ContentType; readonly input: FindInput }
  | { readonly action: 'findOne'; readonly type: ContentType; readonly input: FindOneInput }
  | { readonly action: 'findRelated'; readonly type: ContentType; readonly input: RelatedInput }
  | { readonly action: 'create'; readonly type: ContentType; readonly input: CreateInput }
  | { readonly action: 'update'; readonly type: ContentType; readonly input: UpdateInput }
  | { readonly action: 'delete'; readonly type: ContentType; readonly input: DeleteInput }
  | { readonly action: 'createLocalization'; readonly type: ContentType; readonly input: CreateLocalizationInput }
  /** How many entries match: `GET /api/users/count`. */
  | { readonly action: 'count'; readonly type: ContentType; readonly input: CountInput }
  /** The logged-in user, as users-permissions' `me` answers it. */
  | { readonly action: 'me' }
  | ({ readonly action: 'signIn'; readonly input: SignInInput } & Guard)
  | ({ readonly action: 'register'; readonly input: AuthInput } & Guard)
  | { readonly action: 'changePassword'; readonly input: AuthInput }
  | ({ readonly action: 'forgotPassword'; readonly input: AuthInput } & Guard)
  | ({ readonly action: 'resetPassword'; readonly input: AuthInput } & Guard)
  | ({ readonly action: 'emailConfirmation'; readonly input: AuthInput } & Guard)
  | { readonly action: 'sendEmailConfirmation'; readonly input: AuthInput }
  | { readonly action: 'createUser'; readonly input: UserWriteInput }
  | { readonly action: 'updateUser'; readonly input: UserWriteInput }
  | { readonly action: 'deleteUser'; readonly input: UserWriteInput }
  | { readonly action: 'findRoles' }
  | { readonly action: 'findRole'; readonly input: RoleWriteInput }
  | { readonly action: 'createRole'; readonly input: RoleWriteInput }
  | { readonly action: 'updateRole'; readonly input: RoleWriteInput }
  | { readonly action: 'deleteRole'; readonly input: RoleWriteInput }
  /** Every action a role could be granted: `/api/users-permissions/permissions`. */
  | { readonly action: 'permissions' }
  /** The media library's writes (the upload plugin's content API). */
  | { readonly action: 'upload'; readonly input: UploadInput }
  | { readonly action: 'updateFileInfo'; readonly input: UpdateFileInfoInput }
  | { readonly action: 'replaceFile'; readonly input: ReplaceFileInput }
  | { readonly action: 'deleteFile'; readonly input: DeleteFileInput };

/** The plugins' operations (users-permissions, the media library) and the action each needs (its REST route's). */
const PLUGIN_OPERATION_ACTIONS = {
  me: PLUGIN_ACTIONS.user.me,
  signIn: PLUGIN_ACTIONS.auth.callback,
  register: PLUGIN_ACTIONS.auth.register,
  changePassword: PLUGIN_ACTIONS.auth.changePassword,
  forgotPassword: PLUGIN_ACTIONS.auth.forgotPassword,
  resetPassword: PLUGIN_ACTIONS.auth.resetPassword,
  emailConfirmation: PLUGIN_ACTIONS.auth.emailConfirmation,
  sendEmailConfirmation: PLUGIN_ACTIONS.auth.sendEmailConfirmation,
  createUser: PLUGIN_ACTIONS.user.create,
  updateUser: PLUGIN_ACTIONS.user.update,
  deleteUser: PLUGIN_ACTIONS.user.destroy,
  findRoles: PLUGIN_ACTIONS.role.find,
  findRole: PLUGIN_ACTIONS.role.findOne,
  createRole: PLUGIN_ACTIONS.role.createRole,
  updateRole: PLUGIN_ACTIONS.role.updateRole,
  deleteRole: PLUGIN_ACTIONS.role.deleteRole,
  permissions: PLUGIN_ACTIONS.permissions.getPermissions,
  upload: PLUGIN_ACTIONS.upload.upload,
  updateFileInfo: PLUGIN_ACTIONS.upload.upload,
  replaceFile: PLUGIN_ACTIONS.upload.upload,
  deleteFile: PLUGIN_ACTIONS.upload.destroy,
} as const satisfies Partial<Record<Operation['action'], string>>;

/**
 * The action an operation needs, by Strapi's name (src/access/actions.ts): reading a single type is
 * its `find`; the logged-in user's own entry (`me`, and REST's `/api/users/me`, read by its id) is
 * `plugin::users-permissions.user.me`; the plugins' own operations need their route's.
 * Undefined for an `unguarded` one (GraphQL's sign-in fields), which anyone may run.
 */
export function requiredAction(operation: Operation, self?: number): string | undefined {
  if ('unguarded' in operation && operation.unguarded) return undefined;
  switch (operation.action) {
    case 'find':
    case 'findRelated':
      return contentAction(operation.type.uid, 'find');
    case 'findOne':
      if (operation.type.kind === 'singleType') return contentAction(operation.type.uid, 'find');
      if (self !== undefined && Number(operation.input.id) === self && operation.type.uid === USER_UID) return PLUGIN_ACTIONS.user.me;
      return contentAction(operation.type.uid, 'findOne');
    case 'create':
    case 'createLocalization':
      return contentAction(operation.type.uid, 'create');
    case 'update':
      return contentAction(operation.type.uid, 'update');
    case 'delete':
      return contentAction(operation.type.uid, 'delete');
    case 'count':
      return operation.type.uid === USER_UID ? PLUGIN_ACTIONS.user.count : `${operation.type.uid}.count`;
    default:
      return PLUGIN_OPERATION_ACTIONS[operation.action];
  }
}
