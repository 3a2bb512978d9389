// A relation or media attribute's value in a write (an id, ids, `{ set }`, `{ connect, disconnect }`,
// null) -> a RelationChange, and the check Strapi v4.25 makes that every id it names exists.
import { isRecord } from '../../model/problems.ts';
import type { ReadStore } from '../../store/store.ts';
import type { Position, RelationChange } from './entry-data.ts';
import { connectOrder } from './relations.ts';

/** A change and the ids it brings in (not those it disconnects), with how many could not be read as ids. */
export interface RelationInput {
  readonly change: RelationChange;
  readonly wanted: readonly number[];
  readonly unreadable: number;
}

/** Reads one id: a positive integer, its digits (GraphQL's ID), or `{ id }`. */
export function readId(value: unknown): number | undefined {
  if (isRecord(value)) return readId(value.id);
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function readIds(value: unknown): { ids: number[]; unreadable: number } {
  const given = Array.isArray(value) ? value : [value];
  const ids = given.map(readId);
  const read = ids.filter((id): id is number => id !== undefined);
  return { ids: [...new Set(read)], unreadable: ids.length - read.length };
}

function readPosition(value: unknown): Position {
  if (!isRecord(value)) return { kind: 'end' };
  const before = readId(value.before);
  if (before !== undefined) return { kind: 'before', id: before };
  const after = readId(value.after);
  if (after !== undefined) return { kind: 'after', id: after };
  return value.start === true ? { kind: 'start' } : { kind: 'end' };
}

/** Connected items in order, an id given twice kept twice (Strapi refuses it on a list, `misplacedConnect`). */
function readConnect(value: unknown): { connect: Array<{ id: number; position: Position }>; unreadable: number } {
  const items = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const connect: Array<{ id: number; position: Position }> = [];
  let unreadable = 0;
  for (const item of items) {
    const id = readId(item);
    if (id === undefined) unreadable += 1;
    else connect.push({ id, position: readPosition(isRecord(item) ? item.position : undefined) });
  }
  return { connect, unreadable };
}

function setOf(value: unknown, toMany: boolean): RelationInput {
  const { ids, unreadable } = value === null ? { ids: [], unreadable: 0 } : readIds(value);
  // A to-one relation given several ids keeps the last, as connecting them in turn would.
  const kept = toMany ? ids : ids.slice(-1);
  return { change: { kind: 'set', ids: kept }, wanted: kept, unreadable };
}

/** The change a relation attribute's value asks for; `toMany` says whether the attribute holds a list. */
export function relationInput(value: unknown, toMany: boolean): RelationInput {
  if (!isRecord(value) || readId(value) !== undefined) return setOf(value, toMany);
  if (value.set !== undefined) return setOf(value.set, toMany);
  const { connect, unreadable } = readConnect(value.connect);
  const disconnect = value.disconnect === undefined ? [] : readIds(value.disconnect).ids;
  // A to-one relation has no order: Strapi ignores a position there (its anchor need not exist).
  const kept = toMany ? connect : connect.slice(-1).map(({ id }) => ({ id, position: { kind: 'end' } as const }));
  return { change: { kind: 'edit', connect: kept, disconnect }, wanted: [...new Set(kept.map((item) => item.id))], unreadable };
}

/** How many of the ids an input wants are not in `collection` (unreadable ones count as missing). */
export async function missingIds(store: ReadStore, collection: string, input: RelationInput): Promise<number> {
  if (input.wanted.length === 0) return input.unreadable;
  const found = await store.find(collection, { id: { $in: [...input.wanted] } }, { projection: { id: 1 } });
  return input.wanted.length - new Set(found.map((doc) => doc.id)).size + input.unreadable;
}

/**
 * Strapi's refusal of a to-many `connect` list (an id twice, a circle of places, a place next to
 * an id that is neither in `current`, the ids the relation holds, nor connected in the same list);
 * undefined when Strapi places it.
 */
export function misplacedConnect(change: RelationChange, current: readonly number[]): string | undefined {
  if (change.kind !== 'edit') return undefined;
  const order = connectOrder(change.connect, current.filter((id) => !change.disconnect.includes(id)));
  return 'problem' in order ? order.problem : undefined;
}
