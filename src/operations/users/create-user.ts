// `createUser` (`POST /api/users`, `createUsersPermissionsUser`): a user's fields, its role
// included -> a new user written through the entry write path, provider `local`. Strapi's checks
// and words: the body's schema first, then a taken email, then the write's own (answered as
// ApplicationErrors without details, as the plugin's controller rethrows them).
import { ApplicationError } from '../../errors/errors.ts';
import { AUTH_BODIES, checkBody } from '../auth/body.ts';
import { userWhere, usersOf, userWriteScope } from '../auth/users.ts';
import { create } from '../create.ts';
import type { UserWriteInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { writeSerially } from '../write/serially.ts';
import { advancedOf, userData, withVisibleRole, type UserWritten } from './user-body.ts';

export async function createUser(scope: RequestScope, input: UserWriteInput): Promise<UserWritten> {
  const { email } = checkBody(input.body, AUTH_BODIES.createUser) as { email: string };
  const { data } = await writeSerially(scope, async () => {
    if (advancedOf(scope).unique_email && (await userWhere(scope, { email: email.toLowerCase() }))) throw new ApplicationError('Email already taken');
    const data = { ...userData(input.body), provider: 'local' };
    try {
      return await create(userWriteScope(scope), usersOf(scope), { data, publishByDefault: false });
    } catch (error) {
      // The plugin's `create` catches what the entity service throws and answers its message alone.
      if (error instanceof ApplicationError && error.status === 400) throw new ApplicationError(error.message);
      throw error;
    }
  });
  return withVisibleRole(scope, data);
}
