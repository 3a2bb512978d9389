// `createRole` (`POST /api/users-permissions/roles`, `createUsersPermissionsRole`): a name, a
// description, a type (else the name in snake case, as Strapi makes it) and Strapi's tree of
// permissions -> the role and a permission entry per enabled action, written with the access
// settings in one atomic write through the entry write path. Answers `{ ok: true }`.
import { enabledActions } from '../../access/permission-tree.ts';
import { create } from '../create.ts';
import type { RoleWriteInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { PendingWrite } from '../write/pending.ts';
import { writeSerially } from '../write/serially.ts';
import { writerOf } from '../write/target.ts';
import { addPermissions, changeSettings, nonEmptyBody, rolesType } from './role-entries.ts';

/** lodash's `snakeCase(deburr(toLower(name)))` for the names people give roles: `Editor Team` -> `editor_team`. */
export function roleType(name: unknown): string {
  if (typeof name !== 'string') return '';
  const plain = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return (plain.match(/[a-z0-9]+/g) ?? []).join('_');
}

export async function createRole(scope: RequestScope, input: RoleWriteInput): Promise<{ ok: true }> {
  const body = nonEmptyBody(input.body);
  const actions = body.permissions === undefined ? [] : enabledActions(scope.model, body.permissions);
  const type = typeof body.type === 'string' && body.type !== '' ? body.type : roleType(body.name);
  return writeSerially(scope, async () => {
    const pending = new PendingWrite(writerOf(scope).store);
    // Checked as any entry: a name (at least 3 characters) and a type no other role has (docs/decisions.md).
    const written = await create(scope, rolesType(scope), { data: { name: body.name, description: body.description, type }, publishByDefault: false }, pending);
    const role = written.result.data;
    await addPermissions(scope, pending, role.id, actions);
    await changeSettings(pending, (settings) => ({
      ...settings,
      roles: { ...settings.roles, [type]: actions },
      roleTypes: { ...settings.roleTypes, [String(role.id)]: type },
    }));
    return { pending, events: written.events, result: { ok: true as const } };
  });
}
