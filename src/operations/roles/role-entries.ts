// What the role operations share: a role by the id a path names, its granted actions (its
// permission entries), and the access settings kept beside them, changed in the same atomic write
// as the entries so every gateway grants what the store holds.
import { settingsDoc, settingsOfDoc, SETTINGS_COLLECTION, type AccessSettings } from '../../auth/settings.ts';
import { NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors/errors.ts';
import { isRecord } from '../../model/problems.ts';
import { PERMISSION_UID, ROLE_UID, contentType, type ContentType } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { RequestScope } from '../scope.ts';
import type { PendingWrite } from '../write/pending.ts';
import { writerOf } from '../write/target.ts';

export const rolesType = (scope: Pick<RequestScope, 'model'>): ContentType => contentType(scope.model, ROLE_UID);
export const permissionsType = (scope: Pick<RequestScope, 'model'>): ContentType => contentType(scope.model, PERMISSION_UID);

/** The role a path's `:role` names. @throws NotFoundError `Role not found` (any text that is no role's id). */
export async function existingRole(scope: RequestScope, id: unknown): Promise<Doc> {
  const number = Number(id);
  const [role] = Number.isSafeInteger(number) && number > 0 ? await scope.store.find(rolesType(scope).collectionName, { id: number }, { limit: 1 }) : [];
  if (!role) throw new NotFoundError('Role not found');
  return role;
}

/** The permission entries of a role. */
export function permissionsOf(scope: RequestScope, roleId: number): Promise<Doc[]> {
  return scope.store.find(permissionsType(scope).collectionName, { role: roleId }, { sort: [['id', 1]] });
}

/** @throws ValidationError for an empty body (`{}`, none), as Strapi's role routes answer it. */
export function nonEmptyBody(body: unknown): Readonly<Record<string, unknown>> {
  if (!isRecord(body) || Object.keys(body).length === 0) throw new ValidationError('Request body cannot be empty');
  return body;
}

/** New permission entries granting `actions` to the role, in `pending`. */
export async function addPermissions(scope: RequestScope, pending: PendingWrite, roleId: number, actions: readonly string[]): Promise<void> {
  if (actions.length === 0) return;
  const collection = permissionsType(scope).collectionName;
  const first = await writerOf(scope).store.allocateIds(collection, actions.length);
  const now = new Date();
  actions.forEach((action, index) => pending.put(collection, { id: first + index, action, role: roleId, createdAt: now, updatedAt: now }));
}

/** The stored access settings changed by `change`, written in `pending` with a new version. */
export async function changeSettings(pending: PendingWrite, change: (settings: AccessSettings) => AccessSettings): Promise<void> {
  const doc = await pending.get(SETTINGS_COLLECTION, 1);
  if (!doc) throw new ServiceUnavailableError('No access settings in the database');
  pending.put(SETTINGS_COLLECTION, settingsDoc(change(settingsOfDoc(doc))));
}
