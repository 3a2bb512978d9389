// users-permissions' mutations -> the same operations its REST routes run: `login`, `register`,
// `forgotPassword`, `resetPassword`, `changePassword`, `emailConfirmation`, and the users' and
// roles' writes. Arguments become the body REST would send; answers take the schema's payloads.
// The sign-in fields need no action (Strapi's `auth: false`) but count against the auth limit.
import type { GraphQLFieldResolver } from 'graphql';
import { USER_UID, contentType, type ContentModel } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import { consumeAuthLimit } from '../../operations/auth/limit.ts';
import type { SignedIn } from '../../operations/auth/signed-in.ts';
import { authorize } from '../../operations/authorize.ts';
import type { Operation } from '../../operations/operation.ts';
import { runOperation, type OperationResult } from '../../operations/run.ts';
import type { RequestScope } from '../../operations/scope.ts';
import { restWriteData } from './write-input.ts';

type Args = Record<string, unknown>;
type Resolver = GraphQLFieldResolver<unknown, RequestScope, Args>;

/**
 * Authorized, counted against the per-client auth limit (the sign-in fields; Strapi leaves GraphQL
 * unlimited: docs/decisions.md), then run.
 */
async function run(scope: RequestScope, operation: Operation): Promise<OperationResult> {
  authorize(scope, operation);
  await consumeAuthLimit(scope, operation);
  return runOperation(scope, operation);
}

/**
 * `UsersPermissionsLoginPayload`: the JWT and the user as `UsersPermissionsMe`, whose `role` these
 * mutations answer null whatever is asked, as Strapi's do (recorded: 19-graphql.json).
 */
function loginPayload(result: OperationResult): { jwt: string | null; user: Record<string, unknown> } {
  const { jwt, user } = result as SignedIn;
  return { jwt: jwt ?? null, user: me(user) };
}

function me(user: Doc): Record<string, unknown> {
  return { id: String(user.id), username: user.username, email: user.email, confirmed: user.confirmed, blocked: user.blocked, role: null };
}

/** The role input's fields a role write reads; `permissions` and `users` as ids cannot say actions, as in Strapi. */
function roleBody(data: unknown): Args {
  const given = (data ?? {}) as Args;
  return Object.fromEntries(['name', 'description', 'type'].filter((key) => given[key] !== undefined && given[key] !== null).map((key) => [key, given[key]]));
}

/** The sign-in fields: their arguments as the REST bodies. */
function authResolvers(): Record<string, Resolver> {
  const signIn = (body: Args, provider: unknown): Operation => ({ action: 'signIn', unguarded: true, input: { body, provider: typeof provider === 'string' ? provider : 'local' } });
  return {
    login: async (_root, { input }, scope) => {
      const { identifier, password, provider } = input as Args;
      return loginPayload(await run(scope, signIn({ identifier, password }, provider)));
    },
    register: async (_root, { input }, scope) => loginPayload(await run(scope, { action: 'register', unguarded: true, input: { body: { ...(input as Args) } } })),
    forgotPassword: (_root, { email }, scope) => run(scope, { action: 'forgotPassword', unguarded: true, input: { body: { email } } }),
    resetPassword: async (_root, args, scope) => loginPayload(await run(scope, { action: 'resetPassword', unguarded: true, input: { body: { ...args } } })),
    changePassword: async (_root, args, scope) => loginPayload(await run(scope, { action: 'changePassword', input: { body: { ...args } } })),
    emailConfirmation: async (_root, { confirmation }, scope) => loginPayload(await run(scope, { action: 'emailConfirmation', unguarded: true, input: { body: { confirmation } } })),
  };
}

/** The users' and roles' writes: users answer `UsersPermissionsUserEntityResponse`, roles `{ ok }`. */
function writeResolvers(model: ContentModel): Record<string, Resolver> {
  const users = contentType(model, USER_UID);
  const userBody = (args: Args) => restWriteData(model, users, args.data);
  const id = (args: Args) => args.id as string;
  const entity = async (scope: RequestScope, operation: Operation) => ({ data: ((await run(scope, operation)) as { data: Doc | null }).data });
  return {
    createUsersPermissionsUser: (_root, args, scope) => entity(scope, { action: 'createUser', input: { body: userBody(args) } }),
    updateUsersPermissionsUser: (_root, args, scope) => entity(scope, { action: 'updateUser', input: { id: id(args), body: userBody(args) } }),
    deleteUsersPermissionsUser: (_root, args, scope) => entity(scope, { action: 'deleteUser', input: { id: id(args) } }),
    createUsersPermissionsRole: (_root, args, scope) => run(scope, { action: 'createRole', input: { body: roleBody(args.data) } }),
    updateUsersPermissionsRole: (_root, args, scope) => run(scope, { action: 'updateRole', input: { id: id(args), body: roleBody(args.data) } }),
    deleteUsersPermissionsRole: (_root, args, scope) => run(scope, { action: 'deleteRole', input: { id: id(args) } }),
  };
}

/** Every users-permissions mutation's resolver. */
export function usersPermissionsResolvers(model: ContentModel): Record<string, Resolver> {
  return { ...authResolvers(), ...writeResolvers(model) };
}
