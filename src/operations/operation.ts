// The operations both protocols run: a typed request on one content-type (or on the caller's own
// user), whatever protocol it came by. REST routes and GraphQL root fields translate into these;
// run.ts executes them. Writes (`create`, `update`, `delete`, `publish`) join this union.
import type { Action } from '../auth/roles.ts';
import { USER_UID, type ContentType } from '../model/types.ts';
import type { PaginationArg } from '../graphql/query/pagination.ts';
import type { PublicationState } from '../graphql/query/read.ts';

/** A page of entries: `GET /api/articles`, `articles(...)`. */
export interface FindInput {
  filters?: Record<string, unknown> | null;
  pagination?: PaginationArg | null;
  sort?: readonly string[] | string | null;
  publicationState?: PublicationState | null;
  locale?: string | null;
}

/** One entry by id, or a single type's entry: `GET /api/articles/1`, `article(id: 1)`, `global`. */
export interface FindOneInput {
  id?: string | number | null;
  locale?: string | null;
  publicationState?: PublicationState | null;
}

export type Operation =
  | { readonly action: 'find'; readonly type: ContentType; readonly input: FindInput }
  | { readonly action: 'findOne'; readonly type: ContentType; readonly input: FindOneInput }
  /** The logged-in user, as users-permissions' `me` answers it. */
  | { readonly action: 'me' };

/**
 * The permission an operation needs, or undefined for none: reading a single type is its `find`;
 * reading the entry REST's `/api/users/me` names is the caller's own, and needs none.
 */
export function requiredPermission(operation: Operation, self?: number): Action | undefined {
  switch (operation.action) {
    case 'find':
      return 'find';
    case 'findOne':
      if (operation.type.kind === 'singleType') return 'find';
      return self !== undefined && Number(operation.input.id) === self && operation.type.uid === USER_UID ? undefined : 'findOne';
    case 'me':
      return undefined;
  }
}
