// Keys of stored files a committed write freed (a deleted or replaced file's original and formats) ->
// removed from the uploads store once the write committed. The keys are recorded in that same atomic
// write, and the record is dropped only once they are gone: a removal that fails, or a process that
// stops between the commit and the removal, is done again by the next sweep, so no file outlives its row.
import type { Doc } from '../../store/store.ts';
import type { UploadProvider } from '../../upload/providers/provider.ts';
import { removeStored } from '../../upload/store-file.ts';
import type { Writer } from '../write/writer.ts';

/** The outbox of removals: one document per write that freed files. */
export const MEDIA_REMOVALS = '_media_removals';

export interface Removal {
  readonly id: number;
  readonly keys: readonly string[];
}

/** The record of a removal (a document of {@link MEDIA_REMOVALS}), to write with the write that frees the keys. */
export async function removalRecord(store: Writer['store'], provider: UploadProvider, keys: readonly string[]): Promise<{ removal: Removal; doc: Doc }> {
  const id = await store.allocateIds(MEDIA_REMOVALS, 1);
  return { removal: { id, keys }, doc: { id, provider: provider.name, keys: [...keys], at: new Date() } };
}

/**
 * Removes keys no write recorded (files put for a write that did not commit); when that fails,
 * records them, so the next sweep removes them.
 */
export async function removeUnrecorded(store: Writer['store'], provider: UploadProvider, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await removeStored(provider, keys);
  } catch {
    const { doc } = await removalRecord(store, provider, keys);
    await store.write([{ op: 'put', collection: MEDIA_REMOVALS, doc }]).catch(() => undefined);
  }
}

/** Removes the keys, then the record. False when the store or the provider failed: the record stays for the next sweep. */
export async function carryOut(store: Writer['store'], provider: UploadProvider, removal: Removal): Promise<boolean> {
  try {
    await removeStored(provider, removal.keys);
    await store.write([{ op: 'delete', collection: MEDIA_REMOVALS, id: removal.id }]);
    return true;
  } catch {
    return false;
  }
}

/** Carries out every removal left by earlier writes to this provider; how many files they named, and how many removals are still left. */
export async function sweepRemovals(store: Writer['store'], provider: UploadProvider): Promise<{ files: number; left: number }> {
  const records = await store.find(MEDIA_REMOVALS, { provider: provider.name });
  let files = 0;
  let left = 0;
  for (const record of records) {
    const keys = Array.isArray(record.keys) ? record.keys.filter((key): key is string => typeof key === 'string') : [];
    if (await carryOut(store, provider, { id: record.id, keys })) files += keys.length;
    else left += 1;
  }
  return { files, left };
}
