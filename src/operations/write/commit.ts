// The last steps of every write: the gathered changes, with what the lifecycle's recorders add,
// go to the store as one atomic write (durable when it resolves); then its events are emitted,
// before the write answers. A unique index's refusal is Strapi's ValidationError on the attribute.
import { ValidationError } from '../../errors/errors.ts';
import type { ContentModel } from '../../model/types.ts';
import { UniqueViolation } from '../../store/store.ts';
import type { PendingEvent } from '../events.ts';
import type { BuildContext } from './entry.ts';
import type { PendingWrite } from './pending.ts';
import type { Writer } from './writer.ts';

/** A write checked and worked out, not yet written: its changes, the events they make, and its answer. */
export interface PreparedWrite<T> {
  readonly pending: PendingWrite;
  readonly events: readonly PendingEvent[];
  readonly result: T;
}

/**
 * Writes `prepared` atomically, emits its events once the store acknowledged it (durable), and
 * returns its answer. `visible` is called once later reads see the write (writer.ts).
 */
export async function commit<T>(writer: Writer, prepared: PreparedWrite<T>, visible?: () => void): Promise<T> {
  const changes = prepared.pending.changes();
  if (changes.length === 0) return prepared.result;
  const at = new Date();
  const committed = { events: prepared.events.map((event) => ({ ...event, at })), changes, replaced: prepared.pending.replaced };
  const recording = writer.lifecycle.recorded(committed);
  const recorded = recording instanceof Promise ? await recording : recording;
  try {
    await writer.store.write(recorded.length > 0 ? [...changes, ...recorded] : changes, { visible });
  } catch (error) {
    if (error instanceof UniqueViolation) throw uniqueError(error);
    throw error;
  }
  writer.lifecycle.emit(committed);
  return prepared.result;
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
