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
}

/** A page of entries: `GET /api/articles`, `articles(...)`. */
export interface FindInput {
  filters?: Record<string, unknown> | null;
  pagination?: PaginationArg | null;
  sort?: readonly string[] | string | null;
  publicationState?: PublicationState | null;
  locale?: string | null;
}

/** Every entry counted, as users-permissions' `/api/users/count` counts them (drafts included). */
export type CountInput = Record<string, never>;

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
  /** The media library's writes (the upload plugin's content API). */
  | { readonly action: 'upload'; readonly input: UploadInput }
  | { readonly action: 'updateFileInfo'; readonly input: UpdateFileInfoInput }
  | { readonly action: 'replaceFile'; readonly input: ReplaceFileInput }
  | { readonly action: 'deleteFile'; readonly input: DeleteFileInput };

/**
 * The action an operation needs, by Strapi's name (src/access/actions.ts): reading a single type is
 * its `find`; the logged-in user's own entry (`me`, and REST's `/api/users/me`, read by its id) is
 * `plugin::users-permissions.user.me`.
 */
export function requiredAction(operation: Operation, self?: number): string {
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
    case 'me':
      return PLUGIN_ACTIONS.user.me;
    case 'upload':
    case 'updateFileInfo':
    case 'replaceFile':
      return PLUGIN_ACTIONS.upload.upload;
    case 'deleteFile':
      return PLUGIN_ACTIONS.upload.destroy;
  }
}
