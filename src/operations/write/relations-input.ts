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
  /** A to-one relation given more than one id (`[2, 3]`, `{ connect: [2, 3] }`, `{ set: [2, 3] }`): those ids, refused. */
  readonly several?: readonly number[];
  /** The first `connect` position that is no position (`"start"`, `[1]`, `{ "before": "3" }`), refused. */
  readonly badPosition?: string;
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

const END: Position = { kind: 'end' };
const POSITION_KEYS: readonly string[] = ['before', 'after', 'start', 'end'];
const SHAPES = 'a position is {"before": id}, {"after": id}, {"start": true} or {"end": true}';

/**
 * A connected item's `position`: absent, null or `{}` is the end. What Strapi v4.25 refuses is
 * refused in its words (an anchor that is not a connected id: `{"before": 999}`, `{"before":
 * {"$gt": 0}}`, both `before` and `after`); what it ignores or fails on (`"start"`, `[1]`, `0`,
 * `{"before": "3"}`, a 500 there) is refused too, saying what a position is (docs/decisions.md).
 */
function readPosition(id: number, value: unknown): Position | { problem: string } {
  if (value === undefined || value === null) return END;
  const at = `There was a problem connecting relation with id ${id} at position ${JSON.stringify(value)}`;
  if (!isRecord(value) || Object.keys(value).some((key) => !POSITION_KEYS.includes(key))) return { problem: `${at}: ${SHAPES}` };
  const before = value.before ?? undefined;
  const after = value.after ?? undefined;
  if (before !== undefined || after !== undefined) {
    const anchor = before ?? after;
    if (typeof anchor === 'string') return { problem: `${at}: "${before !== undefined ? 'before' : 'after'}" names a connected relation by its id, a number` };
    // Both anchors are refused, in Strapi's words, unless the first names the item itself: a circle, said as Strapi says it.
    const both = before !== undefined && after !== undefined && anchor !== id;
    const anchorId = both ? undefined : readId(anchor);
    if (anchorId === undefined || typeof anchor !== 'number') return { problem: `${at}. The relation with id ${String(anchor)} needs to be connected first.` };
    return before !== undefined ? { kind: 'before', id: anchorId } : { kind: 'after', id: anchorId };
  }
  const { start, end } = value;
  if ((start !== undefined && typeof start !== 'boolean') || (end !== undefined && typeof end !== 'boolean')) return { problem: `${at}: ${SHAPES}` };
  return start === true ? { kind: 'start' } : END;
}

/** Connected items in order, an id given twice kept twice (Strapi refuses it on a list, `misplacedConnect`). */
function readConnect(value: unknown): { connect: Array<{ id: number; position: Position }>; unreadable: number; badPosition?: string } {
  const items = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const connect: Array<{ id: number; position: Position }> = [];
  let unreadable = 0;
  let badPosition: string | undefined;
  for (const item of items) {
    const id = readId(item);
    if (id === undefined) {
      unreadable += 1;
      continue;
    }
    const position = readPosition(id, isRecord(item) ? item.position : undefined);
    if ('problem' in position) badPosition ??= position.problem;
    connect.push({ id, position: 'problem' in position ? END : position });
  }
  return { connect, unreadable, ...(badPosition === undefined ? {} : { badPosition }) };
}

/** A to-one relation given several ids: refused (Strapi keeps the last on an update and links them all on a create). */
const several = (toMany: boolean, ids: readonly number[]) => (!toMany && ids.length > 1 ? { several: ids } : {});

function setOf(value: unknown, toMany: boolean): RelationInput {
  const { ids, unreadable } = value === null ? { ids: [], unreadable: 0 } : readIds(value);
  return { change: { kind: 'set', ids }, wanted: ids, unreadable, ...several(toMany, ids) };
}

/** The change a relation attribute's value asks for; `toMany` says whether the attribute holds a list. */
export function relationInput(value: unknown, toMany: boolean): RelationInput {
  if (!isRecord(value) || readId(value) !== undefined) return setOf(value, toMany);
  if (value.set !== undefined) return setOf(value.set, toMany);
  const { connect, unreadable, badPosition } = readConnect(value.connect);
  const disconnect = value.disconnect === undefined ? [] : readIds(value.disconnect).ids;
  // A to-one relation has no order: Strapi ignores a position there (its anchor need not exist).
  const kept = toMany ? connect : connect.map(({ id }) => ({ id, position: { kind: 'end' } as const }));
  const wanted = [...new Set(kept.map((item) => item.id))];
  return { change: { kind: 'edit', connect: kept, disconnect }, wanted, unreadable, ...several(toMany, wanted), ...(badPosition === undefined ? {} : { badPosition }) };
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
