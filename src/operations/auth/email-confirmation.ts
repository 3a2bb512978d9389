// `emailConfirmation` (`GET /api/auth/email-confirmation?confirmation=`, GraphQL's
// `emailConfirmation`): a mailed token -> the user confirmed and the token spent, a JWT, the user
// as it was, and where REST redirects the browser (the advanced setting, else `/`).
import { ValidationError } from '../../errors/errors.ts';
import type { AuthInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { update } from '../update.ts';
import { writeSerially } from '../write/serially.ts';
import { AUTH_BODIES, checkBody } from './body.ts';
import { authOf, issueJwt } from './services.ts';
import type { Confirmed } from './signed-in.ts';
import { lookupDigest } from './tokens.ts';
import { userWhere, usersOf } from './users.ts';

const INVALID = 'Invalid token';

export async function emailConfirmation(scope: RequestScope, input: AuthInput): Promise<Confirmed> {
  const auth = authOf(scope);
  const { confirmation } = checkBody(input.body, AUTH_BODIES.emailConfirmation) as { confirmation: string };
  const digest = lookupDigest('emailConfirmation', confirmation, auth.now());
  const user = digest === undefined ? undefined : await userWhere(scope, { confirmationToken: digest });
  if (!user) throw new ValidationError(INVALID);
  await writeSerially(scope, async () => {
    const current = await userWhere(scope, { id: user.id, confirmationToken: digest });
    if (!current) throw new ValidationError(INVALID);
    return update(scope, usersOf(scope), { id: user.id, data: { confirmed: true, confirmationToken: null } });
  });
  return { jwt: await issueJwt(auth, user.id), user, redirectTo: auth.settings.advanced.email_confirmation_redirection ?? '/' };
}
