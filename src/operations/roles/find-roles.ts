// `findRoles` (`GET /api/users-permissions/roles`): every role by id, each with how many users
// hold it (`nb_users`); `findRole` (`…/roles/:role`): one role and the actions it grants;
// `permissions`: every action a role could be granted (answered as Strapi's tree by REST).
import type { Doc } from '../../store/store.ts';
import { usersOf } from '../auth/users.ts';
import type { RoleWriteInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { existingRole, permissionsOf, rolesType } from './role-entries.ts';

export interface RoleWithUsers {
  readonly role: Doc;
  readonly users: number;
}

export async function findRoles(scope: RequestScope): Promise<{ roles: RoleWithUsers[] }> {
  const roles = await scope.store.find(rolesType(scope).collectionName, {}, { sort: [['id', 1]] });
  const users = usersOf(scope).collectionName;
  return { roles: await Promise.all(roles.map(async (role) => ({ role, users: await scope.store.count(users, { role: role.id }) }))) };
}

export interface RoleWithActions {
  readonly role: Doc;
  /** The actions its permission entries grant. */
  readonly actions: readonly string[];
}

export async function findRole(scope: RequestScope, input: RoleWriteInput): Promise<RoleWithActions> {
  const role = await existingRole(scope, input.id);
  return { role, actions: (await permissionsOf(scope, role.id)).map((permission) => String(permission.action)) };
}

/** No role's actions: the tree REST answers lists every action offered, none enabled. */
export function permissions(): { actions: readonly string[] } {
  return { actions: [] };
}
