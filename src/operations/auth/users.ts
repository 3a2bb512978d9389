// What users-permissions' operations share about user entries: the user and role content-types,
// a user by email or by a token digest, the default role, and the scope a users' write runs in
// (its `role` relation is written whatever the caller may read, as the plugin's controllers do).
import { ROLE_UID, USER_UID, contentType, type ContentType } from '../../model/types.ts';
import type { Doc, Filter } from '../../store/store.ts';
import type { RequestScope } from '../scope.ts';

export const usersOf = (scope: Pick<RequestScope, 'model'>): ContentType => contentType(scope.model, USER_UID);
export const rolesOf = (scope: Pick<RequestScope, 'model'>): ContentType => contentType(scope.model, ROLE_UID);

/** The first user (by id) matching `filter`, read from the store as it is now. */
export async function userWhere(scope: RequestScope, filter: Filter): Promise<Doc | undefined> {
  const [user] = await scope.store.find(usersOf(scope).collectionName, filter, { limit: 1, sort: [['id', 1]] });
  return user;
}

/** The user with this id, or undefined (an id that is no positive integer names none). */
export async function userById(scope: RequestScope, id: unknown): Promise<Doc | undefined> {
  const number = Number(id);
  return Number.isSafeInteger(number) && number > 0 ? userWhere(scope, { id: number }) : undefined;
}

/** The role of a type (`authenticated`), or undefined. */
export async function roleOfType(scope: RequestScope, type: string): Promise<Doc | undefined> {
  const [role] = await scope.store.find(rolesOf(scope).collectionName, { type }, { limit: 1 });
  return role;
}

/**
 * The scope a users' write runs in: its `role` is kept although the caller may not list roles.
 * The plugin's controllers write the body they are given (register sets the default role itself);
 * every other relation still follows the caller's rights.
 */
export function userWriteScope(scope: RequestScope): RequestScope {
  const access = scope.access;
  return { ...scope, access: { ...access, may: (verb, uid) => (uid === ROLE_UID && verb === 'find') || access.may(verb, uid) } };
}
