// `resetPassword` (`POST /api/auth/reset-password`, GraphQL's `resetPassword`): a mailed code and a
// new password (twice) -> the password stored through the write path and the code spent, a JWT
// and the user as it was. A code works once, until it expires.
import { ValidationError } from '../../errors/errors.ts';
import type { AuthInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { update } from '../update.ts';
import { writeSerially } from '../write/serially.ts';
import { AUTH_BODIES, checkBody, PASSWORDS_DO_NOT_MATCH } from './body.ts';
import { authOf, issueJwt } from './services.ts';
import type { SignedIn } from './signed-in.ts';
import { lookupDigest } from './tokens.ts';
import { userWhere, usersOf } from './users.ts';

const INCORRECT = 'Incorrect code provided';

export async function resetPassword(scope: RequestScope, input: AuthInput): Promise<SignedIn> {
  const auth = authOf(scope);
  const { password, passwordConfirmation, code } = checkBody(input.body, AUTH_BODIES.resetPassword) as Record<'password' | 'passwordConfirmation' | 'code', string>;
  if (password !== passwordConfirmation) throw new ValidationError(PASSWORDS_DO_NOT_MATCH);
  const digest = lookupDigest('resetPassword', code, auth.now());
  const user = digest === undefined ? undefined : await userWhere(scope, { resetPasswordToken: digest });
  if (!user) throw new ValidationError(INCORRECT);
  await writeSerially(scope, async () => {
    // Two requests with one code: only the first finds it still kept.
    const current = await userWhere(scope, { id: user.id, resetPasswordToken: digest });
    if (!current) throw new ValidationError(INCORRECT);
    return update(scope, usersOf(scope), { id: user.id, data: { resetPasswordToken: null, password } });
  });
  return { jwt: await issueJwt(auth, user.id), user };
}
