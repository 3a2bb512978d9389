// `deleteRole` (`DELETE /api/users-permissions/roles/:role`, `deleteUsersPermissionsRole`): a role
// -> removed with its permission entries, its users moved to the public role (as Strapi moves
// them), and the access settings, in one atomic write. The public role cannot be deleted.
import { ApplicationError } from '../../errors/errors.ts';
import { usersOf } from '../auth/users.ts';
import { deleteEntry } from '../delete.ts';
import type { RoleWriteInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { PendingWrite } from '../write/pending.ts';
import { writeSerially } from '../write/serially.ts';
import { writerOf } from '../write/target.ts';
import { changeSettings, existingRole, permissionsOf, permissionsType, rolesType } from './role-entries.ts';

export async function deleteRole(scope: RequestScope, input: RoleWriteInput): Promise<{ ok: true }> {
  const role = await existingRole(scope, input.id);
  const [publicRole] = await scope.store.find(rolesType(scope).collectionName, { type: 'public' }, { limit: 1 });
  if (publicRole?.id === role.id) throw new ApplicationError('Cannot delete public role');
  return writeSerially(scope, async () => {
    const pending = new PendingWrite(writerOf(scope).store);
    const users = usersOf(scope).collectionName;
    const held = await scope.store.find(users, { role: role.id }, { projection: { id: 1 } });
    const permissions = await permissionsOf(scope, role.id);
    // The delete lets go of every link to the role; then its users take the public role.
    const written = await deleteEntry(scope, rolesType(scope), { id: role.id }, pending);
    for (const user of held) await pending.update(users, user.id, (doc) => ({ ...doc, role: publicRole?.id ?? null }));
    for (const permission of permissions) pending.remove(permissionsType(scope).collectionName, permission.id);
    const type = String(role.type);
    await changeSettings(pending, (settings) => {
      const { [type]: _gone, ...roles } = settings.roles;
      const roleTypes = Object.fromEntries(Object.entries(settings.roleTypes).filter(([id]) => id !== String(role.id)));
      return { ...settings, roles, roleTypes };
    });
    return { pending, events: written.events, result: { ok: true as const } };
  });
}
