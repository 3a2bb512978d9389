// `updateRole` (`PUT /api/users-permissions/roles/:role`, `updateUsersPermissionsRole`): a new name
// or description, and Strapi's tree of permissions -> the role changed and its permission entries
// made to grant exactly the enabled actions, with the access settings, in one atomic write.
import { enabledActions } from '../../access/permission-tree.ts';
import type { RoleWriteInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { update } from '../update.ts';
import { PendingWrite } from '../write/pending.ts';
import { writeSerially } from '../write/serially.ts';
import { writerOf } from '../write/target.ts';
import { addPermissions, changeSettings, existingRole, nonEmptyBody, permissionsOf, permissionsType, rolesType } from './role-entries.ts';

export async function updateRole(scope: RequestScope, input: RoleWriteInput): Promise<{ ok: true }> {
  const body = nonEmptyBody(input.body);
  const role = await existingRole(scope, input.id);
  // A body without a tree keeps the role's permissions (Strapi removes them all: docs/decisions.md).
  const actions = body.permissions === undefined ? undefined : enabledActions(scope.model, body.permissions);
  const data = Object.fromEntries(['name', 'description'].filter((key) => key in body).map((key) => [key, body[key]]));
  return writeSerially(scope, async () => {
    const pending = new PendingWrite(writerOf(scope).store);
    const written = await update(scope, rolesType(scope), { id: role.id, data }, pending);
    if (actions) {
      const current = await permissionsOf(scope, role.id);
      const held = new Set(current.map((permission) => String(permission.action)));
      for (const permission of current) if (!actions.includes(String(permission.action))) pending.remove(permissionsType(scope).collectionName, permission.id);
      await addPermissions(scope, pending, role.id, actions.filter((action) => !held.has(action)));
      const type = String(role.type);
      await changeSettings(pending, (settings) => ({ ...settings, roles: { ...settings.roles, [type]: actions } }));
    }
    return { pending, events: written.events, result: { ok: true as const } };
  });
}
