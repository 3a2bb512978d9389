// `sendEmailConfirmation` (`POST /api/auth/send-email-confirmation`): an email -> a new
// confirmation token kept (as its digest) and mailed to that user when unconfirmed and not
// blocked; `{ email, sent: true }`, the address as given when no user has it, as Strapi answers.
import { ApplicationError } from '../../errors/errors.ts';
import type { AuthInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { update } from '../update.ts';
import { writeSerially } from '../write/serially.ts';
import { AUTH_BODIES, checkBody } from './body.ts';
import { confirmationMail } from './mails.ts';
import { authOf, requireMail, sendMail } from './services.ts';
import { newToken } from './tokens.ts';
import { userWhere, usersOf } from './users.ts';

export async function sendEmailConfirmation(scope: RequestScope, input: AuthInput): Promise<{ email: string; sent: true }> {
  const auth = authOf(scope);
  const { email } = checkBody(input.body, AUTH_BODIES.sendEmailConfirmation) as { email: string };
  requireMail(auth);
  const user = await userWhere(scope, { email: email.toLowerCase() });
  if (!user) return { email, sent: true };
  if (user.confirmed === true) throw new ApplicationError('Already confirmed');
  if (user.blocked === true) throw new ApplicationError('User blocked');
  const token = newToken('emailConfirmation', auth.settings.tokens.emailConfirmation, auth.now());
  await writeSerially(scope, () => update(scope, usersOf(scope), { id: user.id, data: { confirmationToken: token.stored } }));
  await sendMail(auth, confirmationMail(String(user.email), `${auth.publicUrl}/api/auth/email-confirmation`, token.token));
  return { email: String(user.email), sent: true };
}
