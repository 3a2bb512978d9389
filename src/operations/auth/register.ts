// `register` (`POST /api/auth/local/register`, GraphQL's `register`): a username, an email and a
// password -> a new user of the default role, written through the entry write path, and a JWT;
// with email confirmation on, the user waits unconfirmed (no JWT) and a confirmation mail goes out.
import { ApplicationError } from '../../errors/errors.ts';
import type { Filter } from '../../store/store.ts';
import { create } from '../create.ts';
import type { AuthInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { writeSerially } from '../write/serially.ts';
import { AUTH_BODIES, checkBody } from './body.ts';
import { confirmationMail } from './mails.ts';
import { authOf, issueJwt, requireMail, sendMail, type AuthServices } from './services.ts';
import type { SignedIn } from './signed-in.ts';
import { newToken, type NewToken } from './tokens.ts';
import { roleOfType, usersOf, userWriteScope } from './users.ts';

interface Registration {
  email: string;
  username: string;
  password: string;
}

export async function register(scope: RequestScope, input: AuthInput): Promise<SignedIn> {
  const auth = authOf(scope);
  const { advanced } = auth.settings;
  if (!advanced.allow_register) throw new ApplicationError('Register action is currently disabled');
  // Only these keys are read: a body's role, confirmed, blocked, provider or tokens are ignored, as Strapi ignores them.
  const body = checkBody(input.body, AUTH_BODIES.register) as unknown as Registration;
  if (advanced.email_confirmation) requireMail(auth);
  const confirmation = advanced.email_confirmation ? newToken('emailConfirmation', auth.settings.tokens.emailConfirmation, auth.now()) : undefined;
  const { data: user } = await writeSerially(scope, () => newUser(scope, auth, body, confirmation));
  if (!confirmation) return { jwt: await issueJwt(auth, user.id), user };
  await sendMail(auth, confirmationMail(String(user.email), `${auth.publicUrl}/api/auth/email-confirmation`, confirmation.token));
  return { user };
}

/** The new user's write, once no user holds its username or email (checked with no other write of this gateway between). */
async function newUser(scope: RequestScope, auth: AuthServices, body: Registration, confirmation: NewToken | undefined) {
  const { advanced } = auth.settings;
  const role = await roleOfType(scope, advanced.default_role);
  if (!role) throw new ApplicationError('Impossible to find the default role');
  await refuseTaken(scope, body, advanced.unique_email);
  const email = body.email.toLowerCase();
  const data = {
    username: body.username,
    email,
    password: body.password,
    provider: 'local',
    role: role.id,
    confirmed: !advanced.email_confirmation,
    blocked: false,
    ...(confirmation ? { confirmationToken: confirmation.stored } : {}),
  };
  return create(userWriteScope(scope), usersOf(scope), { data, publishByDefault: false });
}

/**
 * Strapi's check: the email (lower-cased) or the username is another user's email or username,
 * among users of the `local` provider; among every user when emails must be unique.
 */
async function refuseTaken(scope: RequestScope, body: Registration, uniqueEmail: boolean): Promise<void> {
  const email = body.email.toLowerCase();
  const either: Filter = { $or: [{ email }, { username: email }, { username: body.username }, { email: body.username }] };
  const users = usersOf(scope).collectionName;
  const taken = (await scope.store.count(users, { ...either, provider: 'local' })) > 0 || (uniqueEmail && (await scope.store.count(users, either)) > 0);
  if (taken) throw new ApplicationError('Email or Username are already taken');
}
