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
  const order = connectOrder(change.connect, ids);
  for (const { id, position } of 'order' in order ? order.order : change.connect) ids = placed(ids.filter((held) => held !== id), id, position);
  return ids;
}

type ConnectItem = Extract<RelationChange, { kind: 'edit' }>['connect'][number];

const anchorOf = ({ position }: ConnectItem) => (position.kind === 'before' || position.kind === 'after' ? position.id : undefined);

/**
 * The order in which Strapi v4.25 places a `connect` list among the ids a relation `held`
 * (disconnected ones gone): an item placed next to another connected item comes after it, or
 * Strapi's refusal: an id connected twice, a circle of places, a place next to an id neither held
 * nor connected.
 */
export function connectOrder(connect: readonly ConnectItem[], held: readonly number[]): { order: ConnectItem[] } | { problem: string } {
  const byId = new Map<number, ConnectItem>();
  let needsSorting = false;
  for (const item of connect) {
    const anchor = anchorOf(item);
    if (anchor === undefined || (!held.includes(anchor) && !byId.has(anchor))) needsSorting = true;
    if (byId.has(item.id)) return { problem: `The relation with id ${item.id} is already connected. You cannot connect the same relation twice.` };
    byId.set(item.id, item);
  }
  if (!needsSorting) return { order: [...connect] };
  const order: ConnectItem[] = [];
  const placedIds = new Set<number>();
  const place = (item: ConnectItem, seen: ReadonlySet<number>): string | undefined => {
    const anchor = anchorOf(item);
    if (anchor !== undefined && seen.has(anchor)) return 'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it';
    if (placedIds.has(item.id)) return undefined;
    placedIds.add(item.id);
    const next = anchor === undefined || held.includes(anchor) ? undefined : byId.get(anchor);
    if (anchor !== undefined && !held.includes(anchor) && !next) {
      return `There was a problem connecting relation with id ${item.id} at position ${JSON.stringify({ [item.position.kind]: anchor })}. The relation with id ${anchor} needs to be connected first.`;
    }
    const problem = next ? place(next, new Set([...seen, item.id])) : undefined;
    if (!problem) order.push(item);
    return problem;
  };
  for (const item of connect) {
    const problem = place(item, new Set());
    if (problem) return { problem };
  }
  return { order };
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
