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
import { commit, type PreparedWrite } from './write/commit.ts';
import { writerOf } from './write/target.ts';
import { commitStaged } from './media/staged.ts';
import { deleteFile } from './delete-file.ts';
import { replaceFile } from './replace-file.ts';
import { updateFileInfo } from './update-file-info.ts';
import { upload } from './upload.ts';

export type OperationResult = CollectionValue | { data: Doc | Doc[] | null } | MeValue | number;

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
      return assertNever(operation, 'operation');
  }
}

/**
 * A write, prepared and committed with no other write of this gateway between, its events emitted;
 * its result once the request's loaders have forgotten what they read before it.
 */
async function written<T>(scope: RequestScope, prepare: () => Promise<PreparedWrite<T>>): Promise<T> {
  const writer = writerOf(scope);
  try {
    return await writer.serially(async () => commit(writer, await prepare()));
  } finally {
    scope.loaders.forget();
  }
}
