// The last step of every write: the gathered changes go to the store as one atomic write, and
// whoever keeps answers is told before the write answers. A unique index's refusal is Strapi's
// ValidationError on the attribute.
import { ValidationError } from '../../errors/errors.ts';
import { UniqueViolation } from '../../store/store.ts';
import type { BuildContext } from './entry.ts';
import type { PendingWrite } from './pending.ts';
import type { Writer } from './writer.ts';
import type { ContentModel } from '../../model/types.ts';

export async function commit(writer: Writer, pending: PendingWrite): Promise<void> {
  const changes = pending.changes();
  if (changes.length === 0) return;
  try {
    await writer.store.write(changes);
  } catch (error) {
    if (error instanceof UniqueViolation) throw uniqueError(error);
    throw error;
  }
  writer.written(changes);
}

/** The attribute a unique index named `<field>_…` holds, as Strapi reports a taken value. */
function uniqueError(error: UniqueViolation): ValidationError {
  const field = error.index.split('_')[0];
  const message = 'This attribute must be unique';
  return new ValidationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
}

/** Component ids come from the store's counters; an id a failed write took is never reused. */
export function buildContext(model: ContentModel, writer: Writer): BuildContext {
  return { model, newId: (collection) => writer.store.allocateIds(collection, 1) };
}
