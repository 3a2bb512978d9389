// users-permissions' own routes as rows of the route table, as its `routes/content-api` declares
// them: sign-in and registration, the password and email confirmation routes, the users' writes,
// the roles and the permissions. Each builds its operation from the request and answers what
// Strapi v4.25 answers (recorded: ../recordings/users-permissions/).
import { PLUGIN_ACTIONS } from '../access/actions.ts';
import { permissionTree } from '../access/permission-tree.ts';
import { NotFoundError } from '../errors/errors.ts';
import type { ContentModel } from '../model/types.ts';
import type { Confirmed, SignedIn } from '../operations/auth/signed-in.ts';
import type { Operation } from '../operations/operation.ts';
import type { RoleWithActions, RoleWithUsers } from '../operations/roles/find-roles.ts';
import type { UserWritten } from '../operations/users/user-body.ts';
import type { OperationResult } from '../operations/run.ts';
import { plainRole, plainUser } from './plain-users.ts';
import { CallReply, type CallDoc, type CallInput, type Method, type RouteRow } from './table.ts';

type Rights = CallInput['rights'];
import { USERS_PERMISSIONS_SCHEMAS as S } from './users-permissions-docs.ts';

/** A row running `operation`, answered by `answer`, documented by `doc`. */
function row(method: Method, path: string, action: string, operation: (input: CallInput) => Operation, answer: (result: OperationResult, rights: Rights) => unknown, doc: CallDoc): RouteRow {
  return { method, path, action, handler: { kind: 'call', operation, answer: (result, { rights }) => answer(result, rights), doc } };
}

const TAG = 'Users-Permissions';
const A = PLUGIN_ACTIONS;

/** `{ jwt, user }`, or `{ user }` alone when registration waits for a confirmed email; the user as the caller may read it. */
function signedIn(result: OperationResult, rights: Rights) {
  const { jwt, user } = result as SignedIn;
  const shown = plainUser(rights.model, rights.access, user);
  return jwt === undefined ? { user: shown } : { jwt, user: shown };
}

/** Sign-in, registration, the password and email confirmation routes. */
function authRows(): RouteRow[] {
  const body = (action: Operation['action']) => (input: CallInput) => ({ action, input: { body: input.body } }) as Operation;
  const user = signedIn;
  return [
    row('POST', '/api/auth/local', A.auth.callback, (input) => ({ action: 'signIn', input: { body: input.body, provider: 'local' } }), user, S.signIn),
    row('GET', '/api/auth/:provider/callback', A.auth.callback, (input) => ({ action: 'signIn', input: { body: input.body, provider: input.params.provider } }), user, S.callback),
    row('POST', '/api/auth/local/register', A.auth.register, body('register'), user, S.register),
    row('POST', '/api/auth/change-password', A.auth.changePassword, body('changePassword'), user, S.changePassword),
    row('POST', '/api/auth/forgot-password', A.auth.forgotPassword, body('forgotPassword'), (result) => result, S.forgotPassword),
    row('POST', '/api/auth/reset-password', A.auth.resetPassword, body('resetPassword'), user, S.resetPassword),
    row('GET', '/api/auth/email-confirmation', A.auth.emailConfirmation, (input) => ({ action: 'emailConfirmation', input: { body: input.query } }), (result) => CallReply.redirect((result as Confirmed).redirectTo), S.emailConfirmation),
    row('POST', '/api/auth/send-email-confirmation', A.auth.sendEmailConfirmation, body('sendEmailConfirmation'), (result) => result, S.sendEmailConfirmation),
  ];
}

/** The users' writes: bodies are the user's fields (not wrapped in `data`); answers plain users. */
function userWriteRows(): RouteRow[] {
  const written = (status: number) => (result: OperationResult, rights: Rights) => {
    const { data, role } = result as UserWritten;
    // Strapi answers a missing user 204 with no body; a client is better told (docs/decisions.md).
    if (!data) throw new NotFoundError('User not found');
    const shown = plainUser(rights.model, rights.access, data, role);
    return status === 200 ? shown : new CallReply(status, shown);
  };
  return [
    row('POST', '/api/users', A.user.create, (input) => ({ action: 'createUser', input: { body: input.body } }), written(201), S.createUser),
    row('PUT', '/api/users/:id', A.user.update, (input) => ({ action: 'updateUser', input: { id: input.params.id, body: input.body } }), written(200), S.updateUser),
    row('DELETE', '/api/users/:id', A.user.destroy, (input) => ({ action: 'deleteUser', input: { id: input.params.id } }), written(200), S.deleteUser),
  ];
}

/** The roles and every permission a role could be granted, in the plugin's formats. */
function roleRows(model: ContentModel): RouteRow[] {
  const path = '/api/users-permissions/roles';
  const ok = (result: OperationResult) => result;
  return [
    row('GET', path, A.role.find, () => ({ action: 'findRoles' }), (result) => ({
      roles: (result as { roles: RoleWithUsers[] }).roles.map(({ role, users }) => ({ ...plainRole(role), nb_users: users })),
    }), S.findRoles),
    row('GET', `${path}/:role`, A.role.findOne, (input) => ({ action: 'findRole', input: { id: input.params.role } }), (result) => {
      const { role, actions } = result as RoleWithActions;
      return { role: { ...plainRole(role), permissions: permissionTree(model, new Set(actions)) } };
    }, S.findRole),
    row('POST', path, A.role.createRole, (input) => ({ action: 'createRole', input: { body: input.body } }), ok, S.createRole),
    row('PUT', `${path}/:role`, A.role.updateRole, (input) => ({ action: 'updateRole', input: { id: input.params.role, body: input.body } }), ok, S.updateRole),
    row('DELETE', `${path}/:role`, A.role.deleteRole, (input) => ({ action: 'deleteRole', input: { id: input.params.role } }), ok, S.deleteRole),
    row('GET', '/api/users-permissions/permissions', A.permissions.getPermissions, () => ({ action: 'permissions' }), () => ({ permissions: permissionTree(model, new Set()) }), S.permissions),
  ];
}

/** Every users-permissions row besides the users' reads (content-api.ts). */
export function usersPermissionsRows(model: ContentModel): RouteRow[] {
  return [...authRows(), ...userWriteRows(), ...roleRows(model)];
}
