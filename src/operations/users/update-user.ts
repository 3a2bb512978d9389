// `updateUser` (`PUT /api/users/:id`, `updateUsersPermissionsUser`): some of a user's fields ->
// the user changed through the entry write path (a new password hashed, an email lower-cased),
// after Strapi's checks in its order: the user exists, the body's schema, a taken username or email.
import { ApplicationError, NotFoundError } from '../../errors/errors.ts';
import { isRecord } from '../../model/problems.ts';
import type { Doc } from '../../store/store.ts';
import { AUTH_BODIES, checkBody } from '../auth/body.ts';
import { userById, userWhere, usersOf, userWriteScope } from '../auth/users.ts';
import type { UserWriteInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { update } from '../update.ts';
import { writeSerially } from '../write/serially.ts';
import { advancedOf, userData, withVisibleRole, type UserWritten } from './user-body.ts';

export async function updateUser(scope: RequestScope, input: UserWriteInput): Promise<UserWritten> {
  const user = await userById(scope, input.id);
  if (!user) throw new NotFoundError('User not found');
  const { username, email } = checkBody(input.body, AUTH_BODIES.updateUser) as { username?: string; email?: string };
  const given = isRecord(input.body) ? input.body : {};
  const { data } = await writeSerially(scope, async () => {
    const other = (found: Doc | undefined) => found !== undefined && found.id !== user.id;
    if ('username' in given && other(await userWhere(scope, { username }))) throw new ApplicationError('Username already taken');
    if (email !== undefined && advancedOf(scope).unique_email && other(await userWhere(scope, { email: email.toLowerCase() }))) throw new ApplicationError('Email already taken');
    return update(userWriteScope(scope), usersOf(scope), { id: user.id, data: userData(input.body) });
  });
  return withVisibleRole(scope, data);
}
