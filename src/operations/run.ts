// The one function every operation runs through, the lifecycle of an operation: authorize it;
// check and execute it on the request's scope (a read reads; a write works out its changes); a
// write then commits, one after another per gateway, and emits its events once the store has
// acknowledged it (write/commit.ts, lifecycle.ts); the media library's writes put their files in
// the uploads store first and remove the files they free after (media/staged.ts). GraphQL root fields call it (so REST, whose
// reads become GraphQL documents, does too); the cost of a whole request is bounded before
// execution, by the protocol's edge.
import { assertNever } from '../model/types.ts';
import { authorize } from './authorize.ts';
import { create } from './create.ts';
import { createLocalization } from './create-localization.ts';
import { deleteEntry } from './delete.ts';
import { update } from './update.ts';
import { count, find, type CollectionValue } from './find.ts';
import { findOne } from './find-one.ts';
import { findRelated } from './find-related.ts';
import { me, type MeValue } from './me.ts';
import type { Operation } from './operation.ts';
import type { RequestScope } from './scope.ts';
import type { Doc } from '../store/store.ts';
import { writeSerially as written } from './write/serially.ts';
import { commitStaged } from './media/staged.ts';
import { deleteFile } from './delete-file.ts';
import { replaceFile } from './replace-file.ts';
import { updateFileInfo } from './update-file-info.ts';
import { upload } from './upload.ts';
import { changePassword } from './auth/change-password.ts';
import { emailConfirmation } from './auth/email-confirmation.ts';
import { forgotPassword } from './auth/forgot-password.ts';
import { register } from './auth/register.ts';
import { resetPassword } from './auth/reset-password.ts';
import { sendEmailConfirmation } from './auth/send-email-confirmation.ts';
import { signIn } from './auth/sign-in.ts';
import type { Confirmed, SignedIn } from './auth/signed-in.ts';
import { createUser } from './users/create-user.ts';
import { deleteUser } from './users/delete-user.ts';
import { updateUser } from './users/update-user.ts';
import { createRole } from './roles/create-role.ts';
import { deleteRole } from './roles/delete-role.ts';
import { findRole, findRoles, permissions, type RoleWithActions, type RoleWithUsers } from './roles/find-roles.ts';
import { updateRole } from './roles/update-role.ts';

export type OperationResult =
  | CollectionValue
  | { data: Doc | Doc[] | null }
  | MeValue
  | number
  | SignedIn
  | Confirmed
  | { ok: true }
  | { email: string; sent: true }
  | { roles: RoleWithUsers[] }
  | RoleWithActions
  | { actions: readonly string[] };

export async function runOperation(scope: RequestScope, operation: Operation): Promise<OperationResult> {
  authorize(scope, operation);
  switch (operation.action) {
    case 'find':
      return find(scope, operation.type, operation.input);
    case 'findOne':
      return findOne(scope, operation.type, operation.input);
    case 'findRelated':
      return findRelated(scope, operation.type, operation.input);
    case 'count':
      return count(scope, operation.type, operation.input);
    case 'me':
      return me(scope);
    case 'create':
      return written(scope, () => create(scope, operation.type, operation.input));
    case 'update':
      return written(scope, () => update(scope, operation.type, operation.input));
    case 'delete':
      return written(scope, () => deleteEntry(scope, operation.type, operation.input));
    case 'createLocalization':
      return written(scope, () => createLocalization(scope, operation.type, operation.input));
    case 'upload':
      return commitStaged(scope, await upload(scope, operation.input), written);
    case 'updateFileInfo':
      return written(scope, () => updateFileInfo(scope, operation.input));
    case 'replaceFile':
      return commitStaged(scope, await replaceFile(scope, operation.input), written);
    case 'deleteFile':
      return commitStaged(scope, deleteFile(scope, operation.input), written);
    default:
      return runPluginOperation(scope, operation);
  }
}

/** users-permissions' own operations: sign-in and the password and confirmation routes, users and roles. */
function runPluginOperation(scope: RequestScope, operation: Exclude<Operation, { readonly type: unknown } | { readonly action: 'me' | 'upload' | 'updateFileInfo' | 'replaceFile' | 'deleteFile' }>): Promise<OperationResult> | OperationResult {
  switch (operation.action) {
    case 'signIn':
      return signIn(scope, operation.input);
    case 'register':
      return register(scope, operation.input);
    case 'changePassword':
      return changePassword(scope, operation.input);
    case 'forgotPassword':
      return forgotPassword(scope, operation.input);
    case 'resetPassword':
      return resetPassword(scope, operation.input);
    case 'emailConfirmation':
      return emailConfirmation(scope, operation.input);
    case 'sendEmailConfirmation':
      return sendEmailConfirmation(scope, operation.input);
    case 'createUser':
      return createUser(scope, operation.input);
    case 'updateUser':
      return updateUser(scope, operation.input);
    case 'deleteUser':
      return deleteUser(scope, operation.input);
    case 'findRoles':
      return findRoles(scope);
    case 'findRole':
      return findRole(scope, operation.input);
    case 'createRole':
      return createRole(scope, operation.input);
    case 'updateRole':
      return updateRole(scope, operation.input);
    case 'deleteRole':
      return deleteRole(scope, operation.input);
    case 'permissions':
      return permissions();
    default:
      return assertNever(operation, 'operation');
  }
}
