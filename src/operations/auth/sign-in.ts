// `signIn` (`POST /api/auth/local`, GraphQL's `login`): an identifier (username, or email in any
// case) and a password -> a JWT and the user, or Strapi's refusal. An unknown identifier costs
// what a wrong password costs; a legacy scrypt hash is replaced by bcrypt once it has matched.
import { needsRehash, verifyPassword, verifyUnknownUser } from '../../auth/passwords.ts';
import { ApplicationError, ValidationError } from '../../errors/errors.ts';
import type { Doc } from '../../store/store.ts';
import type { SignInInput } from '../operation.ts';
import type { RequestScope } from '../scope.ts';
import { update } from '../update.ts';
import { writeSerially } from '../write/serially.ts';
import { AUTH_BODIES, checkBody } from './body.ts';
import { authOf, issueJwt } from './services.ts';
import type { SignedIn } from './signed-in.ts';
import { userWhere, usersOf } from './users.ts';

const INVALID = 'Invalid identifier or password';

export async function signIn(scope: RequestScope, input: SignInInput): Promise<SignedIn> {
  const auth = authOf(scope);
  if (input.provider !== 'local') throw new ApplicationError('This provider is disabled');
  const { identifier, password } = checkBody(input.body, AUTH_BODIES.callback) as { identifier: string; password: string };
  // Emails are kept lower-cased, so one in any case finds its user; usernames are matched as given.
  const user = await userWhere(scope, { provider: 'local', $or: [{ email: identifier.toLowerCase() }, { username: identifier }] });
  const stored = typeof user?.password === 'string' ? user.password : undefined;
  const matches = stored === undefined ? await verifyUnknownUser(password) : await verifyPassword(password, stored);
  if (!user || !matches) throw new ValidationError(INVALID);
  if (auth.settings.advanced.email_confirmation && user.confirmed !== true) throw new ApplicationError('Your account email is not confirmed');
  if (user.blocked === true) throw new ApplicationError('Your account has been blocked by an administrator');
  if (needsRehash(stored!)) await rehash(scope, user, password);
  return { jwt: await issueJwt(auth, user.id), user };
}

/**
 * A password that matched a hash Strapi cannot read (this project's legacy scrypt) is stored
 * again as bcrypt, through the write path. One the write check refuses (shorter than the
 * attribute's `minLength`) keeps its old hash: the user signed in, and can change it.
 */
async function rehash(scope: RequestScope, user: Doc, password: string): Promise<void> {
  try {
    await writeSerially(scope, () => update(scope, usersOf(scope), { id: user.id, data: { password } }));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
  }
}
