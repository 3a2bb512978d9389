// A relation change applied to the ids an attribute holds: `set` replaces them, `edit` removes the
// disconnected ids and places each connected one where its position says.
import type { Position, RelationChange } from './entry-data.ts';

/** The ids a stored relation value holds: to-one (an id or null) or to-many (an array). */
export function idsOf(value: unknown): number[] {
  if (Array.isArray(value)) return value.filter((id): id is number => typeof id === 'number');
  return typeof value === 'number' ? [value] : [];
}

/** The list of ids after `change`; duplicates never result. */
export function changedIds(current: readonly number[], change: RelationChange): number[] {
  if (change.kind === 'set') return [...new Set(change.ids)];
  const gone = new Set(change.disconnect);
  let ids = current.filter((id) => !gone.has(id));
  for (const { id, position } of change.connect) ids = placed(ids.filter((held) => held !== id), id, position);
  return ids;
}

function placed(ids: number[], id: number, position: Position): number[] {
  switch (position.kind) {
    case 'start':
      return [id, ...ids];
    case 'end':
      return [...ids, id];
    case 'before':
    case 'after': {
      const at = ids.indexOf(position.id);
      if (at < 0) return [...ids, id];
      const index = position.kind === 'before' ? at : at + 1;
      return [...ids.slice(0, index), id, ...ids.slice(index)];
    }
  }
}

/** The stored value of a relation after `change`: the list, or for a to-one its last id or null. */
export function changedValue(toMany: boolean, current: unknown, change: RelationChange): number[] | number | null {
  const ids = changedIds(idsOf(current), change);
  return toMany ? ids : (ids.at(-1) ?? null);
}
