// A write of the media library, whose files live in the uploads store and not in the store's atomic
// write: the files it adds are put first, then the write commits (with no other write between), and
// the files it frees are removed after (removals.ts). A write that does not commit removes what it put.
import { ServiceUnavailableError } from '../../errors/errors.ts';
import type { Uploads } from '../../upload/store-file.ts';
import type { RequestScope } from '../scope.ts';
import type { PreparedWrite } from '../write/commit.ts';
import { writerOf } from '../write/target.ts';
import { carryOut, MEDIA_REMOVALS, removalRecord, removeUnrecorded, type Removal } from './removals.ts';

/** A prepared write and the keys of stored files it frees. */
export interface PreparedMediaWrite<T> extends PreparedWrite<T> {
  readonly freed?: readonly string[];
}

export interface StagedWrite<T> {
  /** Keys already put in the uploads store for this write. */
  readonly put: readonly string[];
  /** Works out the write once no other write of the gateway runs. */
  prepare(): Promise<PreparedMediaWrite<T>>;
}

/** How the operation layer commits a prepared write (run.ts's: serially, then its events). */
export type CommitSerially = <T>(scope: RequestScope, prepare: () => Promise<PreparedWrite<T>>) => Promise<T>;

/** The scope's uploads; a gateway built without them cannot store files. */
export function uploadsOf(scope: Pick<RequestScope, 'uploads'>): Uploads {
  if (!scope.uploads) throw new ServiceUnavailableError('This gateway does not store uploads');
  return scope.uploads;
}

/**
 * Commits `staging`: nothing when the request was cut or ran out of time while its files were
 * stored; on any failure the files it put are removed; once committed, the files it freed.
 */
export async function commitStaged<T>(scope: RequestScope, staging: StagedWrite<T>, commit: CommitSerially): Promise<T> {
  const { provider } = uploadsOf(scope);
  const store = writerOf(scope).store;
  let removal: Removal | undefined;
  let result: T;
  try {
    result = await commit(scope, async () => {
      scope.deadline.check();
      const prepared = await staging.prepare();
      if (prepared.freed && prepared.freed.length > 0) {
        const record = await removalRecord(store, provider, prepared.freed);
        prepared.pending.put(MEDIA_REMOVALS, record.doc);
        removal = record.removal;
      }
      return prepared;
    });
  } catch (error) {
    await removeUnrecorded(store, provider, staging.put);
    throw error;
  }
  if (removal) await carryOut(store, provider, removal);
  return result;
}
