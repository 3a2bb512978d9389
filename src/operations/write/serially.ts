// A write operation's preparation -> its result, once committed: prepared and committed with no
// other write of this gateway between (the next one prepares once this one's changes are visible) (checks that read, such as "is this email taken", then see
// every earlier write), its events emitted, the request's loaders made to forget what they read.
import type { RequestScope } from '../scope.ts';
import { commit, type PreparedWrite } from './commit.ts';
import { writerOf } from './target.ts';

export async function writeSerially<T>(scope: RequestScope, prepare: () => Promise<PreparedWrite<T>>): Promise<T> {
  const writer = writerOf(scope);
  try {
    return await writer.serially(async (visible) => commit(writer, await prepare(), visible));
  } finally {
    scope.loaders.forget();
  }
}
