// How users-permissions' routes appear in the OpenAPI document: each row's operation id, summary,
// request body and answer as JSON Schemas (the plain user is the document's `UsersPermissionsUser`).
import type { CallDoc } from './table.ts';

const TAG = 'Users-Permissions';
const user = { $ref: '#/components/schemas/UsersPermissionsUser' };
const text = { type: 'string' };
const object = (properties: Record<string, unknown>, required: readonly string[] = Object.keys(properties)) => ({ type: 'object', properties, required });
const signedIn = object({ jwt: text, user });
const role = object({ id: { type: 'integer' }, name: text, description: { type: ['string', 'null'] }, type: text, createdAt: text, updatedAt: text });
const tree = { type: 'object', description: '`{ "<api::… or plugin::…>": { "controllers": { "<controller>": { "<action>": { "enabled": true, "policy": "" } } } } }`', additionalProperties: { type: 'object' } };
const ok = object({ ok: { const: true } });
const roleBody = { type: 'object', properties: { name: text, description: text, type: text, permissions: tree } };

const doc = (operationId: string, summary: string, response: Record<string, unknown>, requestBody?: Record<string, unknown>, status?: number): CallDoc => ({
  operationId, summary, tag: TAG, response, ...(requestBody ? { requestBody } : {}), ...(status ? { status } : {}),
});
/** A route counted against the per-client auth limit. */
const limited = (call: CallDoc): CallDoc => ({ ...call, limited: true });

export const USERS_PERMISSIONS_SCHEMAS = {
  signIn: limited(doc('signIn', 'Sign in with a username or email and a password: a JWT and the user (10 a minute per client)', signedIn, object({ identifier: text, password: text }))),
  callback: doc('authCallback', 'The sign-in callback of a provider (only `local`, with nothing in a GET: Strapi\'s answer)', signedIn),
  register: limited(doc('register', 'Register a user of the default role: a JWT and the user; the user alone while its email waits for confirmation', object({ jwt: text, user }, ['user']), object({ username: text, email: { type: 'string', format: 'email' }, password: text }))),
  changePassword: limited(doc('changePassword', 'Change the logged-in user\'s password: a new JWT and the user', signedIn, object({ currentPassword: text, password: text, passwordConfirmation: text }))),
  forgotPassword: limited(doc('forgotPassword', 'Mail a reset code to a user (`{ ok: true }` whoever the email names)', ok, object({ email: { type: 'string', format: 'email' } }))),
  resetPassword: limited(doc('resetPassword', 'Set a new password with a mailed reset code: a JWT and the user', signedIn, object({ code: text, password: text, passwordConfirmation: text }))),
  emailConfirmation: doc('emailConfirmation', 'Confirm an email with the mailed token (`?confirmation=`), then redirect', {}, undefined, 302),
  sendEmailConfirmation: doc('sendEmailConfirmation', 'Mail a new confirmation link to an unconfirmed user', object({ email: text, sent: { const: true } }), object({ email: { type: 'string', format: 'email' } })),
  createUser: doc('createUser', 'Create a user (fields not wrapped in `data`; `role` required)', user, object({ username: text, email: text, password: text, role: { type: ['integer', 'object'] } }), 201),
  updateUser: doc('updateUser', 'Change a user (fields not wrapped in `data`)', user, { type: 'object' }),
  deleteUser: doc('deleteUser', 'Delete a user: the user as it was', user),
  findRoles: doc('findRoles', 'Every role, with how many users hold it', object({ roles: { type: 'array', items: { ...role, properties: { ...role.properties, nb_users: { type: 'integer' } } } } })),
  findRole: doc('findRole', 'One role and its permissions (Strapi\'s tree)', object({ role: { ...role, properties: { ...role.properties, permissions: tree } } })),
  createRole: doc('createRole', 'Create a role (its type is its name in snake case unless given) with the permissions its tree enables', ok, roleBody),
  updateRole: doc('updateRole', 'Change a role\'s name or description; its permissions become those its tree enables (kept without a tree)', ok, roleBody),
  deleteRole: doc('deleteRole', 'Delete a role (not the public one): its users move to the public role', ok),
  permissions: doc('permissions', 'Every permission a role could be granted (Strapi\'s tree, none enabled)', object({ permissions: tree })),
} as const;
