// The auth differential's steps: one question each about users-permissions, in an order that
// builds on the seed (test/fixtures/users-permissions/seed.json: alice..grace, a full-access and a
// read-only API token), sent alike to a real Strapi v4.25 and to the gateway. What Strapi answered
// each is in test/fixtures/differential-auth/recorded.json (../recordings' questions 12-20).

/** Who a step calls as. */
export type Auth =
  | 'full'
  | 'read-only'
  /** A JWT an earlier step saved. */
  | { saved: string }
  /** A JWT the runner signs with the reference's secret: `expiresIn` seconds from now (negative: expired). */
  | { sign: { id?: unknown; expiresIn?: number; secret?: string; alg?: 'none' } }
  /** The Authorization header as given. */
  | { header: string };

export interface AuthStep {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** May hold `{{reset:<email>}}` or `{{confirm:<email>}}`: the latest token mailed to that address by that server. */
  readonly path: string;
  /** JSON; strings may hold the placeholders above. */
  readonly body?: unknown;
  /** A body sent as it is, with its content type ('' for none). */
  readonly raw?: { readonly type: string; readonly text: string };
  readonly auth?: Auth;
  /** Keep the answer's JWT under this name for later steps. */
  readonly save?: string;
  /** A fixed client address (the rate-limit steps); every other step comes from its own. */
  readonly peer?: string;
  readonly forwardedFor?: string;
  /** The step mails this address: the mail is compared too. */
  readonly mail?: string;
}

const post = (name: string, path: string, body: unknown, extra: Partial<AuthStep> = {}): AuthStep => ({ name, method: 'POST', path, body, ...extra });
const get = (name: string, path: string, extra: Partial<AuthStep> = {}): AuthStep => ({ name, method: 'GET', path, ...extra });
const put = (name: string, path: string, body: unknown, extra: Partial<AuthStep> = {}): AuthStep => ({ name, method: 'PUT', path, body, ...extra });
const del = (name: string, path: string, extra: Partial<AuthStep> = {}): AuthStep => ({ name, method: 'DELETE', path, ...extra });
const gql = (name: string, query: string, variables?: Record<string, unknown>, extra: Partial<AuthStep> = {}): AuthStep => post(name, '/graphql', variables ? { query, variables } : { query }, extra);

const LOCAL = '/api/auth/local';
const login = (identifier: unknown, password: unknown) => ({ identifier, password });

const signIn: AuthStep[] = [
  post('sign-in by username', LOCAL, login('alice', 'Alice-Pass-1'), { save: 'alice' }),
  post('sign-in by email', LOCAL, login('alice@example.com', 'Alice-Pass-1')),
  post('sign-in by email in another case', LOCAL, login('ALICE@Example.com', 'Alice-Pass-1')),
  post('sign-in by username in another case', LOCAL, login('ALICE', 'Alice-Pass-1')),
  post('sign-in wrong password', LOCAL, login('alice', 'wrong-password')),
  post('sign-in unknown identifier', LOCAL, login('nobody', 'Alice-Pass-1')),
  post('sign-in missing identifier', LOCAL, { password: 'Alice-Pass-1' }),
  post('sign-in missing password', LOCAL, { identifier: 'alice' }),
  post('sign-in empty object', LOCAL, {}),
  post('sign-in empty strings', LOCAL, login('', '')),
  post('sign-in identifier a number', LOCAL, login(12345, 'Alice-Pass-1')),
  post('sign-in identifier an operator object', LOCAL, login({ $ne: 'x' }, 'Alice-Pass-1')),
  post('sign-in identifier null', LOCAL, login(null, 'Alice-Pass-1')),
  post('sign-in password a number', LOCAL, login('alice', 12345)),
  post('sign-in password an array', LOCAL, login('alice', ['Alice-Pass-1'])),
  post('sign-in blocked user', LOCAL, login('bob', 'Bob-Pass-1')),
  post('sign-in blocked user, wrong password', LOCAL, login('bob', 'nope-nope')),
  post('sign-in unconfirmed user (confirmation off)', LOCAL, login('carol', 'Carol-Pass-1'), { save: 'carol' }),
  post('sign-in form-encoded body', LOCAL, undefined, { raw: { type: 'application/x-www-form-urlencoded', text: 'identifier=alice&password=Alice-Pass-1' } }),
  post('sign-in no body', LOCAL, undefined, { raw: { type: '', text: '' } }),
  post('sign-in cut JSON', LOCAL, undefined, { raw: { type: 'application/json', text: '{"identifier":"alice"' } }),
  post('sign-in provider in the body', LOCAL, { ...login('alice', 'Alice-Pass-1'), provider: 'github' }),
  get('callback of local with GET', '/api/auth/local/callback'),
  get('callback of a provider not enabled', '/api/auth/github/callback'),
  post('sign-in dave', LOCAL, login('dave', 'Dave-Pass-1'), { save: 'dave' }),
  post('sign-in erin', LOCAL, login('erin', 'Erin-Pass-1'), { save: 'erin' }),
];

const REGISTER = '/api/auth/local/register';
const user = (username: unknown, email: unknown, password: unknown) => ({ username, email, password });
const LONG = `${'L'.repeat(72)}tail-beyond-72`;

const register: AuthStep[] = [
  post('register', REGISTER, user('newuser1', 'newuser1@example.com', 'Newuser-Pass-1'), { save: 'newuser1' }),
  post('register username taken', REGISTER, user('alice', 'other1@example.com', 'Some-Pass-1')),
  post('register email taken', REGISTER, user('other2', 'alice@example.com', 'Some-Pass-1')),
  post('register email taken in another case', REGISTER, user('other3', 'ALICE@EXAMPLE.COM', 'Some-Pass-1')),
  post('register username that is a taken email', REGISTER, user('alice@example.com', 'other4@example.com', 'Some-Pass-1')),
  post('register username in another case', REGISTER, user('ALICE', 'other5@example.com', 'Some-Pass-1')),
  post('register invalid email', REGISTER, user('other6', 'not-an-email', 'Some-Pass-1')),
  post('register missing password', REGISTER, { username: 'other7', email: 'other7@example.com' }),
  post('register password of 5', REGISTER, user('other8', 'other8@example.com', 'abcde')),
  post('register password of 6', REGISTER, user('other9', 'other9@example.com', 'abcdef')),
  post('register missing username', REGISTER, { email: 'other10@example.com', password: 'Some-Pass-1' }),
  post('register username of 2', REGISTER, user('ab', 'other11@example.com', 'Some-Pass-1')),
  post('register missing email', REGISTER, { username: 'other12', password: 'Some-Pass-1' }),
  post('register empty object', REGISTER, {}),
  post('register empty strings', REGISTER, user('', '', '')),
  post('register password over 72 bytes', REGISTER, user('longpw', 'longpw@example.com', LONG)),
  post('sign-in with its first 72 bytes', LOCAL, login('longpw', 'L'.repeat(72))),
  post('register with extra fields', REGISTER, { ...user('extra1', 'extra1@example.com', 'Extra-Pass-1'), role: 2, confirmed: false, blocked: true, provider: 'github', nope: 'x', resetPasswordToken: 'abc', confirmationToken: 'def', id: 999 }),
  post('register mixed-case email', REGISTER, user('mixedcase', 'Mixed.Case@Example.COM', 'Mixed-Pass-1')),
  post('register username with spaces', REGISTER, user('  spaced  ', 'spaced@example.com', 'Spaced-Pass-1')),
  post('register email a number', REGISTER, user('numemail', 12345, 'Some-Pass-1')),
  post('register username a number', REGISTER, user(12345, 'numuser@example.com', 'Some-Pass-1')),
  post('register cut JSON', REGISTER, undefined, { raw: { type: 'application/json', text: '{"username":' } }),
  post('register while signed in', REGISTER, user('other13', 'other13@example.com', 'Some-Pass-1'), { auth: { saved: 'alice' } }),
];

const ME = '/api/users/me';
const me: AuthStep[] = [
  get('me without credentials', ME),
  get('me', ME, { auth: { saved: 'alice' } }),
  get('me populate=role', `${ME}?populate=role`, { auth: { saved: 'alice' } }),
  get('me populate=*', `${ME}?populate=*`, { auth: { saved: 'alice' } }),
  get('me fields username', `${ME}?fields[0]=username`, { auth: { saved: 'alice' } }),
  get('me fields password', `${ME}?fields[0]=password`, { auth: { saved: 'alice' } }),
  get('me populate an unknown relation', `${ME}?populate=nope`, { auth: { saved: 'alice' } }),
  get('me filters ignored', `${ME}?filters[id]=2`, { auth: { saved: 'alice' } }),
  get('me expired JWT', ME, { auth: { sign: { id: 1, expiresIn: -3600 } } }),
  get('expired JWT on a public route', '/api/articles?fields[0]=title&pagination[pageSize]=1', { auth: { sign: { id: 1, expiresIn: -3600 } } }),
  get('me JWT of another secret', ME, { auth: { sign: { id: 1, secret: 'another-secret' } } }),
  get('me JWT without exp', ME, { auth: { sign: { id: 1 } } }),
  get('me JWT without id', ME, { auth: { sign: { expiresIn: 3600 } } }),
  get('me JWT with the id as text', ME, { auth: { sign: { id: '1', expiresIn: 3600 } } }),
  get('me JWT alg none', ME, { auth: { sign: { id: 1, alg: 'none' } } }),
  get('me not a JWT', ME, { auth: { header: 'Bearer not.a.jwt' } }),
  get('me JWT without Bearer', ME, { auth: { header: '<saved:alice>' } }),
  get('me lower-case bearer', ME, { auth: { header: 'bearer <saved:alice>' } }),
  get('me JWT of a blocked user', ME, { auth: { sign: { id: 2, expiresIn: 3600 } } }),
  get('me JWT of an unconfirmed user', ME, { auth: { saved: 'carol' } }),
  get('me full-access API token', ME, { auth: 'full' }),
  get('me read-only API token', ME, { auth: 'read-only' }),
  get('me unknown bearer token', ME, { auth: { header: 'Bearer full-access-token-secret-x' } }),
  del('delete dave', '/api/users/4', { auth: 'full' }),
  get('me JWT of a deleted user', ME, { auth: { saved: 'dave' } }),
  get('JWT of a deleted user on a public route', '/api/articles?fields[0]=title&pagination[pageSize]=1', { auth: { saved: 'dave' } }),
];

const CHANGE = '/api/auth/change-password';
const change = (currentPassword: unknown, password: unknown, passwordConfirmation: unknown) => ({ currentPassword, password, passwordConfirmation });
const erin = { auth: { saved: 'erin' } } as const;

const changePassword: AuthStep[] = [
  post('change-password without credentials', CHANGE, change('Erin-Pass-1', 'Erin-Pass-2', 'Erin-Pass-2')),
  post('change-password wrong current', CHANGE, change('wrong-pass', 'Erin-Pass-2', 'Erin-Pass-2'), erin),
  post('change-password mismatch', CHANGE, change('Erin-Pass-1', 'Erin-Pass-2', 'Erin-Pass-3'), erin),
  post('change-password mismatch and wrong current', CHANGE, change('wrong-pass', 'Erin-Pass-2', 'Erin-Pass-3'), erin),
  post('change-password new equals current', CHANGE, change('Erin-Pass-1', 'Erin-Pass-1', 'Erin-Pass-1'), erin),
  post('change-password empty object', CHANGE, {}, erin),
  post('change-password missing current', CHANGE, { password: 'Erin-Pass-2', passwordConfirmation: 'Erin-Pass-2' }, erin),
  post('change-password missing confirmation', CHANGE, { currentPassword: 'Erin-Pass-1', password: 'Erin-Pass-2' }, erin),
  post('change-password missing password', CHANGE, { currentPassword: 'Erin-Pass-1', passwordConfirmation: 'Erin-Pass-2' }, erin),
  post('change-password unknown key', CHANGE, { ...change('Erin-Pass-1', 'Erin-Pass-2', 'Erin-Pass-2'), nope: 1 }, erin),
  post('change-password new of 3', CHANGE, change('Erin-Pass-1', 'abc', 'abc'), erin),
  post('change-password full-access API token', CHANGE, change('Erin-Pass-1', 'Erin-Pass-2', 'Erin-Pass-2'), { auth: 'full' }),
  post('change-password', CHANGE, change('Erin-Pass-1', 'Erin-Pass-2', 'Erin-Pass-2'), erin),
  get('the old JWT after a change', ME, erin),
  post('sign-in with the old password', LOCAL, login('erin', 'Erin-Pass-1')),
  post('sign-in with the new password', LOCAL, login('erin', 'Erin-Pass-2')),
];

const FORGOT = '/api/auth/forgot-password';
const RESET = '/api/auth/reset-password';
const reset = (code: unknown, password: unknown, passwordConfirmation: unknown) => ({ code, password, passwordConfirmation });
const CONFIRM = '/api/auth/email-confirmation';
const SEND = '/api/auth/send-email-confirmation';

const mails: AuthStep[] = [
  post('forgot-password unknown email', FORGOT, { email: 'nobody@example.com' }),
  post('forgot-password blocked user', FORGOT, { email: 'bob@example.com' }),
  post('forgot-password invalid email', FORGOT, { email: 'not-an-email' }),
  post('forgot-password missing email', FORGOT, {}),
  post('forgot-password unknown key', FORGOT, { email: 'nobody@example.com', x: 1 }),
  post('forgot-password', FORGOT, { email: 'FRANK@EXAMPLE.COM' }, { mail: 'frank@example.com' }),
  post('reset-password bad code', RESET, reset('bad-code', 'Frank-Pass-2', 'Frank-Pass-2')),
  post('reset-password mismatch, bad code', RESET, reset('bad-code', 'Frank-Pass-2', 'Frank-Pass-3')),
  post('reset-password mismatch, good code', RESET, reset('{{reset:frank@example.com}}', 'Frank-Pass-2', 'Frank-Pass-3')),
  post('reset-password empty object', RESET, {}),
  post('reset-password missing code', RESET, { password: 'Frank-Pass-2', passwordConfirmation: 'Frank-Pass-2' }),
  post('reset-password missing confirmation', RESET, { code: 'bad-code', password: 'Frank-Pass-2' }),
  post('reset-password unknown key', RESET, { ...reset('bad-code', 'Frank-Pass-2', 'Frank-Pass-2'), x: 1 }),
  post('reset-password empty code', RESET, reset('', 'Frank-Pass-2', 'Frank-Pass-2')),
  post('reset-password short password, good code', RESET, reset('{{reset:frank@example.com}}', 'abc', 'abc')),
  post('reset-password', RESET, reset('{{reset:frank@example.com}}', 'Frank-Pass-2', 'Frank-Pass-2')),
  post('reset-password the same code again', RESET, reset('{{reset:frank@example.com}}', 'Frank-Pass-3', 'Frank-Pass-3')),
  post('sign-in with the reset password', LOCAL, login('frank', 'Frank-Pass-2')),
  post('reset-password while signed in', RESET, reset('bad-code', 'Frank-Pass-2', 'Frank-Pass-2'), { auth: { saved: 'alice' } }),
  get('email-confirmation without a token', CONFIRM),
  get('email-confirmation empty token', `${CONFIRM}?confirmation=`),
  get('email-confirmation bad token', `${CONFIRM}?confirmation=bad-token`),
  post('send-email-confirmation unknown email', SEND, { email: 'Nobody@Example.com' }),
  post('send-email-confirmation confirmed user', SEND, { email: 'alice@example.com' }),
  post('send-email-confirmation blocked confirmed user', SEND, { email: 'bob@example.com' }),
  post('send-email-confirmation invalid email', SEND, { email: 'nope' }),
  post('send-email-confirmation missing email', SEND, {}),
  post('send-email-confirmation', SEND, { email: 'CAROL@example.com' }, { mail: 'carol@example.com' }),
  get('email-confirmation', `${CONFIRM}?confirmation={{confirm:carol@example.com}}`),
  get('email-confirmation the same token again', `${CONFIRM}?confirmation={{confirm:carol@example.com}}`),
  post('send-email-confirmation now confirmed', SEND, { email: 'carol@example.com' }),
];

const USERS = '/api/users';
const full = { auth: 'full' } as const;
const newUser = (name: string, extra: Record<string, unknown> = {}) => ({ username: name, email: `${name}@example.com`, password: `${name}-Pass-1`, ...extra });

const users: AuthStep[] = [
  get('users without credentials', USERS),
  get('users as a user without the action', USERS, { auth: { saved: 'alice' } }),
  post('create a user as a user without the action', USERS, newUser('nope1'), { auth: { saved: 'alice' } }),
  get('users', `${USERS}?fields[0]=username`, full),
  get('users ignore pagination', `${USERS}?pagination[page]=2&pagination[pageSize]=3&sort=id&fields[0]=username`, full),
  get('users top-level start and limit', `${USERS}?start=1&limit=2&sort=id&fields[0]=username`, full),
  get('users filtered', `${USERS}?filters[username][$eq]=bob`, full),
  get('users filtered on a boolean', `${USERS}?filters[blocked]=true&fields[0]=username`, full),
  get('users sorted with fields', `${USERS}?sort=id:desc&fields[0]=username&fields[1]=email`, full),
  get('users filtered on the password', `${USERS}?filters[password][$startsWith]=$2a`, full),
  get('users fields password', `${USERS}?fields[0]=password`, full),
  get('users filtered on an unknown field', `${USERS}?filters[nope]=1`, full),
  get('users populate=role', `${USERS}?populate=role&limit=2`, full),
  get('one user', `${USERS}/1`, full),
  get('one user populate=role', `${USERS}/1?populate=role`, full),
  get('a user that does not exist', `${USERS}/9999`, full),
  get('users count', `${USERS}/count`, full),
  get('users count with a top-level condition', `${USERS}/count?blocked=true`, full),
  get('users count with filters', `${USERS}/count?filters[blocked]=true`, full),
  get('users count as the read-only token', `${USERS}/count`, { auth: 'read-only' }),
  post('create a user as the read-only token', USERS, newUser('nope2'), { auth: 'read-only' }),
  post('create a user without a role', USERS, newUser('created1'), full),
  post('create a user', USERS, newUser('created1', { email: 'Created1@Example.com', role: 1 }), full),
  post('create a user with role, confirmed, blocked, provider', USERS, newUser('created2', { role: 2, confirmed: true, blocked: true, provider: 'github' }), full),
  post('create a user with a connect role', USERS, newUser('created3', { role: { connect: [{ id: 1 }] } }), full),
  post('create a user missing its password', USERS, { username: 'created4', email: 'created4@example.com', role: 1 }, full),
  post('create a user empty object', USERS, {}, full),
  post('create a user wrapped in data', USERS, { data: newUser('created5') }, full),
  post('create a user whose email is taken', USERS, newUser('created6', { email: 'BOB@example.com', role: 1 }), full),
  post('create a user whose username is taken', USERS, newUser('bob', { email: 'created7@example.com', role: 1 }), full),
  post('create a user with a short password', USERS, newUser('created8', { password: 'abc', role: 1 }), full),
  post('create a user with a short username', USERS, newUser('cr', { email: 'created9@example.com', role: 1 }), full),
  post('create a user with an invalid email', USERS, newUser('created10', { email: 'nope', role: 1 }), full),
  post('create a user with an unknown key', USERS, newUser('created11', { role: 1, nope: 1 }), full),
  post('create a user with a role that does not exist', USERS, newUser('created12', { role: 9999 }), full),
  post('sign-in as a created user', LOCAL, login('created1', 'created1-Pass-1')),
  put('change a username', `${USERS}/7`, { username: 'grace2' }, full),
  put('change a password', `${USERS}/7`, { password: 'Grace-Pass-2' }, full),
  post('sign-in with the changed password', LOCAL, login('grace2', 'Grace-Pass-2')),
  put('block a user', `${USERS}/7`, { blocked: true }, full),
  post('sign-in as the blocked user', LOCAL, login('grace2', 'Grace-Pass-2')),
  put('unblock and confirm', `${USERS}/7`, { blocked: false, confirmed: true }, full),
  put('change a role', `${USERS}/7`, { role: 2 }, full),
  get('the changed role', `${USERS}/7?populate=role`, full),
  put('change to a taken username', `${USERS}/7`, { username: 'alice' }, full),
  put('change to a taken email', `${USERS}/7`, { email: 'alice@example.com' }, full),
  put('change an email in mixed case', `${USERS}/7`, { email: 'Grace2@Example.com' }, full),
  put('change to an empty password', `${USERS}/7`, { password: '' }, full),
  put('change to a null password', `${USERS}/7`, { password: null }, full),
  put('change to a short username', `${USERS}/7`, { username: 'ab' }, full),
  put('change an unknown key', `${USERS}/7`, { nope: 1 }, full),
  put('change nothing', `${USERS}/7`, {}, full),
  put('change a user that does not exist', `${USERS}/9999`, { username: 'ghost' }, full),
  del('delete a user', `${USERS}/7`, full),
  del('delete it again', `${USERS}/7`, full),
  del('delete a user that does not exist', `${USERS}/9999`, full),
];

const ROLES = '/api/users-permissions/roles';
const tagFind = { 'api::tag': { controllers: { tag: { find: { enabled: true, policy: '' }, create: { enabled: false } } } } };

const roles: AuthStep[] = [
  get('roles without credentials', ROLES),
  get('roles as a user without the action', ROLES, { auth: { saved: 'alice' } }),
  get('permissions as a user without the action', '/api/users-permissions/permissions', { auth: { saved: 'alice' } }),
  get('roles as the read-only token', ROLES, { auth: 'read-only' }),
  post('create a role as the read-only token', ROLES, { name: 'Nope' }, { auth: 'read-only' }),
  get('roles', ROLES, full),
  get('the authenticated role', `${ROLES}/1`, full),
  get('the public role', `${ROLES}/2`, full),
  get('a role that does not exist', `${ROLES}/9999`, full),
  get('a role by a name', `${ROLES}/abc`, full),
  get('permissions', '/api/users-permissions/permissions', full),
  post('create a role', ROLES, { name: 'Editor Team', description: 'Edits things', permissions: tagFind }, full),
  post('create a role with a type', ROLES, { name: 'Typed', description: 'd', type: 'my-type' }, full),
  post('create a role empty object', ROLES, {}, full),
  get('roles after creating', ROLES, full),
  get('the created role', `${ROLES}/3`, full),
  put('change a role', `${ROLES}/3`, { name: 'Editor Team 2', permissions: { 'api::tag': { controllers: { tag: { find: { enabled: false }, findOne: { enabled: true } } } } } }, full),
  get('the changed role', `${ROLES}/3`, full),
  put('change a role empty object', `${ROLES}/3`, {}, full),
  put('change a role that does not exist', `${ROLES}/9999`, { name: 'Ghost' }, full),
  put('move a user to the role', `${USERS}/8`, { role: 3 }, full),
  del('delete the role', `${ROLES}/3`, full),
  get('the role of its user', `${USERS}/8?populate=role`, full),
  del('delete the public role', `${ROLES}/2`, full),
  del('delete a role that does not exist', `${ROLES}/9999`, full),
  del('delete a role by a name', `${ROLES}/abc`, full),
];

const LOGIN = 'mutation($i: UsersPermissionsLoginInput!) { login(input: $i) { jwt user { id username email confirmed blocked role { id name description type } } } }';
const REGISTER_GQL = 'mutation($i: UsersPermissionsRegisterInput!) { register(input: $i) { jwt user { id username email confirmed blocked role { id name description type } } } }';
const PAYLOAD = '{ jwt user { id username email confirmed blocked role { id name description type } } }';
const CHANGE_GQL = `mutation($c: String!, $p: String!, $pc: String!) { changePassword(currentPassword: $c, password: $p, passwordConfirmation: $pc) ${PAYLOAD} }`;
const RESET_GQL = `mutation($p: String!, $pc: String!, $c: String!) { resetPassword(password: $p, passwordConfirmation: $pc, code: $c) ${PAYLOAD} }`;
const CONFIRM_GQL = `mutation($c: String!) { emailConfirmation(confirmation: $c) ${PAYLOAD} }`;
const USER_FIELDS = 'username email provider confirmed blocked createdAt updatedAt role { data { id attributes { name type } } }';

const graphql: AuthStep[] = [
  gql('login', LOGIN, { i: login('newuser1', 'Newuser-Pass-1') }),
  gql('login by email in another case', LOGIN, { i: login('NEWUSER1@example.com', 'Newuser-Pass-1') }),
  gql('login wrong password', LOGIN, { i: login('newuser1', 'wrong-pass') }),
  gql('login unknown identifier', LOGIN, { i: login('nobody', 'wrong-pass') }),
  gql('login empty strings', LOGIN, { i: login('', '') }),
  gql('login missing password', LOGIN, { i: { identifier: 'newuser1' } }),
  gql('login provider not enabled', LOGIN, { i: { ...login('newuser1', 'Newuser-Pass-1'), provider: 'github' } }),
  gql('login inline, jwt only', 'mutation { login(input: {identifier: "newuser1", password: "Newuser-Pass-1"}) { jwt } }'),
  gql('login while signed in', LOGIN, { i: login('alice', 'Alice-Pass-1') }, { auth: { saved: 'alice' } }),
  gql('register', REGISTER_GQL, { i: user('gqluser1', 'GqlUser1@Example.com', 'Gql-Pass-1') }, { save: 'gqluser1' }),
  gql('register email taken', REGISTER_GQL, { i: user('gqluser2', 'newuser1@example.com', 'Gql-Pass-1') }),
  gql('register username taken', REGISTER_GQL, { i: user('newuser1', 'gqluser3@example.com', 'Gql-Pass-1') }),
  gql('register invalid email', REGISTER_GQL, { i: user('gqluser4', 'nope', 'Gql-Pass-1') }),
  gql('register short password', REGISTER_GQL, { i: user('gqluser5', 'gqluser5@example.com', 'abc') }),
  gql('me without credentials', '{ me { id username email confirmed blocked role { id name description type } } }'),
  gql('me', '{ me { id username email confirmed blocked role { id name description type } } }', undefined, { auth: { saved: 'alice' } }),
  gql('me full-access API token', '{ me { id username } }', undefined, full),
  gql('me expired JWT', '{ me { id } }', undefined, { auth: { sign: { id: 1, expiresIn: -3600 } } }),
  gql('changePassword without credentials', CHANGE_GQL, { c: 'Gql-Pass-1', p: 'Gql-Pass-2', pc: 'Gql-Pass-2' }),
  gql('changePassword wrong current', CHANGE_GQL, { c: 'wrong-pass', p: 'Gql-Pass-2', pc: 'Gql-Pass-2' }, { auth: { saved: 'gqluser1' } }),
  gql('changePassword mismatch', CHANGE_GQL, { c: 'Gql-Pass-1', p: 'Gql-Pass-2', pc: 'Gql-Pass-3' }, { auth: { saved: 'gqluser1' } }),
  gql('changePassword new equals current', CHANGE_GQL, { c: 'Gql-Pass-1', p: 'Gql-Pass-1', pc: 'Gql-Pass-1' }, { auth: { saved: 'gqluser1' } }),
  gql('changePassword', CHANGE_GQL, { c: 'Gql-Pass-1', p: 'Gql-Pass-2', pc: 'Gql-Pass-2' }, { auth: { saved: 'gqluser1' } }),
  gql('forgotPassword unknown email', 'mutation($e: String!) { forgotPassword(email: $e) { ok } }', { e: 'nobody@example.com' }),
  gql('forgotPassword invalid email', 'mutation($e: String!) { forgotPassword(email: $e) { ok } }', { e: 'nope' }),
  gql('forgotPassword', 'mutation($e: String!) { forgotPassword(email: $e) { ok } }', { e: 'gqluser1@example.com' }, { mail: 'gqluser1@example.com' }),
  gql('resetPassword bad code', RESET_GQL, { p: 'Gql-Pass-3', pc: 'Gql-Pass-3', c: 'bad-code' }),
  gql('resetPassword mismatch', RESET_GQL, { p: 'Gql-Pass-3', pc: 'Gql-Pass-4', c: 'bad-code' }),
  gql('resetPassword', RESET_GQL, { p: 'Gql-Pass-3', pc: 'Gql-Pass-3', c: '{{reset:gqluser1@example.com}}' }),
  post('sign-in with the password reset over GraphQL', LOCAL, login('gqluser1', 'Gql-Pass-3')),
  gql('emailConfirmation bad token', CONFIRM_GQL, { c: 'bad-token' }),
  gql('emailConfirmation empty token', CONFIRM_GQL, { c: '' }),
  post('send a confirmation to an unconfirmed user', SEND, { email: 'created1@example.com' }, { mail: 'created1@example.com' }),
  gql('emailConfirmation', CONFIRM_GQL, { c: '{{confirm:created1@example.com}}' }),
  gql('users as a user without the action', `{ usersPermissionsUsers(pagination: {pageSize: 3}, sort: "id") { data { id attributes { ${USER_FIELDS} } } meta { pagination { page pageSize pageCount total } } } }`, undefined, { auth: { saved: 'alice' } }),
  gql('create a user as a user without the action', 'mutation { createUsersPermissionsUser(data: {username: "gqlnope", email: "gqlnope@example.com", password: "Gql-Pass-1", role: 1}) { data { id } } }', undefined, { auth: { saved: 'alice' } }),
  gql('roles as a user without the action', '{ usersPermissionsRoles { data { id } } }', undefined, { auth: { saved: 'alice' } }),
  gql('users', `{ usersPermissionsUsers(pagination: {pageSize: 3}, sort: "id") { data { id attributes { ${USER_FIELDS} } } meta { pagination { page pageSize pageCount total } } } }`, undefined, full),
  gql('users filtered', '{ usersPermissionsUsers(filters: {username: {eq: "bob"}}) { data { id attributes { username } } } }', undefined, full),
  gql('one user', `{ usersPermissionsUser(id: 2) { data { id attributes { ${USER_FIELDS} } } } }`, undefined, full),
  gql('a user that does not exist', '{ usersPermissionsUser(id: 9999) { data { id } } }', undefined, full),
  gql('create a user without a role', 'mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { id } } }', { d: newUser('gqlcreated0') }, full),
  gql('create a user', `mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { id attributes { ${USER_FIELDS} } } } }`, { d: newUser('gqlcreated1', { email: 'GqlCreated1@Example.com', role: 1 }) }, full),
  gql('create a user whose email is taken', 'mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { id } } }', { d: newUser('gqlcreated2', { email: 'newuser1@example.com', role: 1 }) }, full),
  gql('create a user whose username is taken', 'mutation($d: UsersPermissionsUserInput!) { createUsersPermissionsUser(data: $d) { data { id } } }', { d: newUser('newuser1', { email: 'gqlcreated3@example.com', role: 1 }) }, full),
  gql('change a user', `mutation { updateUsersPermissionsUser(id: 6, data: {username: "frank2", blocked: false}) { data { id attributes { ${USER_FIELDS} } } } }`, undefined, full),
  gql('change a password', 'mutation { updateUsersPermissionsUser(id: 6, data: {password: "Frank-Pass-9"}) { data { id } } }', undefined, full),
  post('sign-in with the password changed over GraphQL', LOCAL, login('frank2', 'Frank-Pass-9')),
  gql('change a user that does not exist', 'mutation { updateUsersPermissionsUser(id: 9999, data: {username: "ghost"}) { data { id } } }', undefined, full),
  gql('change to a taken email', 'mutation { updateUsersPermissionsUser(id: 6, data: {email: "newuser1@example.com"}) { data { id } } }', undefined, full),
  gql('delete a user', 'mutation { deleteUsersPermissionsUser(id: 10) { data { id attributes { username } } } }', undefined, full),
  gql('delete a user that does not exist', 'mutation { deleteUsersPermissionsUser(id: 9999) { data { id } } }', undefined, full),
  gql('roles', '{ usersPermissionsRoles(sort: "id") { data { id attributes { name description type } } meta { pagination { total } } } }', undefined, full),
  gql('a role with its users', '{ usersPermissionsRole(id: 1) { data { id attributes { name type users(pagination: {pageSize: 2}, sort: "id") { data { id } } } } } }', undefined, full),
  gql('a role that does not exist', '{ usersPermissionsRole(id: 9999) { data { id } } }', undefined, full),
  gql('create a role', 'mutation { createUsersPermissionsRole(data: {name: "GQL Role", description: "d"}) { ok } }', undefined, full),
  gql('change a role', 'mutation { updateUsersPermissionsRole(id: 5, data: {name: "Renamed GQL Role"}) { ok } }', undefined, full),
  gql('change a role that does not exist', 'mutation { updateUsersPermissionsRole(id: 9999, data: {name: "x"}) { ok } }', undefined, full),
  gql('delete a role', 'mutation { deleteUsersPermissionsRole(id: 5) { ok } }', undefined, full),
  gql('delete the public role', 'mutation { deleteUsersPermissionsRole(id: 2) { ok } }', undefined, full),
  gql('delete a role that does not exist', 'mutation { deleteUsersPermissionsRole(id: 9999) { ok } }', undefined, full),
];

/** A burst from one client: Strapi's 10 a minute per client, route and email. */
const burst = (count: number, make: (index: number) => AuthStep): AuthStep[] => Array.from({ length: count }, (_, index) => make(index));

const rateLimit: AuthStep[] = [
  ...burst(12, (i) => post(`sign-in burst ${i + 1}`, LOCAL, login('alice', 'wrong-password'), { peer: '127.0.9.1' })),
  post('sign-in burst, right password while limited', LOCAL, login('alice', 'Alice-Pass-1'), { peer: '127.0.9.1' }),
  post('sign-in burst, an email key added while limited', LOCAL, { ...login('alice', 'Alice-Pass-1'), email: 'fresh@example.com' }, { peer: '127.0.9.1' }),
  post('sign-in burst, a trailing slash while limited', `${LOCAL}/`, login('alice', 'Alice-Pass-1'), { peer: '127.0.9.1' }),
  ...burst(12, (i) => post(`sign-in burst with X-Forwarded-For ${i + 1}`, LOCAL, login('alice', 'wrong-password'), { peer: '127.0.9.2', forwardedFor: `10.0.0.${i + 1}` })),
  post('another client is not limited', LOCAL, login('alice', 'wrong-password'), { peer: '127.0.9.3' }),
  ...burst(11, (i) => post(`register burst, one email ${i + 1}`, REGISTER, user(`burst${i}`, 'alice@example.com', 'Burst-Pass-1'), { peer: '127.0.9.4' })),
  ...burst(11, (i) => post(`forgot-password burst ${i + 1}`, FORGOT, { email: 'nobody@example.com' }, { peer: '127.0.9.5' })),
  ...burst(11, (i) => post(`reset-password burst ${i + 1}`, RESET, reset('bad-code', 'Burst-Pass-1', 'Burst-Pass-1'), { peer: '127.0.9.6' })),
  ...burst(11, (i) => post(`send-email-confirmation burst ${i + 1}`, SEND, { email: 'nobody@example.com' }, { peer: '127.0.9.7' })),
  ...burst(12, (i) => gql(`GraphQL login burst ${i + 1}`, LOGIN, { i: login('alice', 'wrong-password') }, { peer: '127.0.9.8' })),
];

/** Every step, in order. */
export const AUTH_STEPS: readonly AuthStep[] = [...signIn, ...register, ...me, ...changePassword, ...mails, ...users, ...roles, ...graphql, ...rateLimit];
