// `deleteUser` (`DELETE /api/users/:id`, `deleteUsersPermissionsUser`): a user's id -> the user
// removed through the entry write path, answered as it was; `data: null` when there is none (REST
// answers that 404, GraphQL `{ data: null }` as Strapi's does). Its JWTs stop working.
import { userById, usersOf } from '../auth/users.ts';
import { deleteEntry } from '../delete.ts';
import type { UserWriteInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { writeSerially } from '../write/serially.ts';
import type { UserWritten } from './user-body.ts';

export async function deleteUser(scope: RequestScope, input: UserWriteInput): Promise<UserWritten> {
  const user = await userById(scope, input.id);
  if (!user) return { data: null };
  const { data } = await writeSerially(scope, () => deleteEntry(scope, usersOf(scope), { id: user.id }));
  return { data };
}
