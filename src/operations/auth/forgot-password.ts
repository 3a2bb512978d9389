// `forgotPassword` (`POST /api/auth/forgot-password`, GraphQL's `forgotPassword`): an email ->
// `{ ok: true }` whoever it names; for a user who is not blocked, a one-use reset code is kept
// (as its digest) and mailed. Without SMTP every address gets the same refusal.
import type { AuthInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { update } from '../update.ts';
import { writeSerially } from '../write/serially.ts';
import { AUTH_BODIES, checkBody } from './body.ts';
import { resetPasswordMail } from './mails.ts';
import { authOf, requireMail, sendMail } from './services.ts';
import { newToken } from './tokens.ts';
import { userWhere, usersOf } from './users.ts';

export async function forgotPassword(scope: RequestScope, input: AuthInput): Promise<{ ok: true }> {
  const auth = authOf(scope);
  const { email } = checkBody(input.body, AUTH_BODIES.forgotPassword) as { email: string };
  requireMail(auth);
  const user = await userWhere(scope, { email: email.toLowerCase() });
  if (!user || user.blocked === true) return { ok: true };
  // A new code replaces any earlier one, which stops working.
  const code = newToken('resetPassword', auth.settings.tokens.resetPassword, auth.now());
  await writeSerially(scope, () => update(scope, usersOf(scope), { id: user.id, data: { resetPasswordToken: code.stored } }));
  await sendMail(auth, resetPasswordMail(String(user.email), auth.settings.advanced.email_reset_password, code.token));
  return { ok: true };
}
