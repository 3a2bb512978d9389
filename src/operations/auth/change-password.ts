// `changePassword` (`POST /api/auth/change-password`, GraphQL's `changePassword`): the logged-in
// user's current password and a new one (twice) -> the new one stored through the write path, a
// fresh JWT and the user as it was; the JWTs issued before stay valid, as in Strapi.
import { verifyPassword, verifyUnknownUser } from '../../auth/passwords.ts';
import { ApplicationError, ValidationError } from '../../errors/errors.ts';
import type { AuthInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { update } from '../update.ts';
import { writeSerially } from '../write/serially.ts';
import { AUTH_BODIES, checkBody } from './body.ts';
import { authOf, issueJwt } from './services.ts';
import type { SignedIn } from './signed-in.ts';
import { userById, usersOf } from './users.ts';

export async function changePassword(scope: RequestScope, input: AuthInput): Promise<SignedIn> {
  const auth = authOf(scope);
  // A full-access API token may call the route, but is nobody's password.
  if (!scope.user) throw new ApplicationError('You must be authenticated to reset your password');
  const { currentPassword, password } = checkBody(input.body, AUTH_BODIES.changePassword) as { currentPassword: string; password: string };
  const user = (await userById(scope, scope.user.id)) ?? scope.user;
  const stored = typeof user.password === 'string' ? user.password : undefined;
  const matches = stored === undefined ? await verifyUnknownUser(currentPassword) : await verifyPassword(currentPassword, stored);
  if (!matches) throw new ValidationError('The provided current password is invalid');
  if (currentPassword === password) throw new ValidationError('Your new password must be different than your current password');
  await writeSerially(scope, () => update(scope, usersOf(scope), { id: user.id, data: { password } }));
  return { jwt: await issueJwt(auth, user.id), user };
}
