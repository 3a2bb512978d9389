// A JSON value -> its JSON text, as JSON.stringify writes it, in slices (see slices.ts): a large
// answer lets other requests run between slices and stops when its request's deadline passes.
// Any part of up to 16,384 values (a few milliseconds of work) is written by JSON.stringify itself:
// most answers are, whole, and the walk of the rest stays cheap.
import type { Deadline } from './deadline.ts';
import { type Pacer, type Sliced, runInSlices } from './slices.ts';

/** Values in a part small enough to hand to JSON.stringify whole (a few milliseconds at most). */
const SMALL_PART = 16_384;
/** An answer of this many entries or fewer (about a megabyte) is written by JSON.stringify whole. */
const SMALL_ANSWER_ENTRIES = 2_000;

export interface SliceOptions {
  /** Stops the walk between two slices once it has passed. */
  deadline?: Deadline;
  /** How many entries the answer holds, when known: a small answer is not walked at all. */
  entries?: number;
  sliceMs?: number;
}

export async function stringifyInSlices(value: unknown, { deadline, entries, sliceMs }: SliceOptions = {}): Promise<string> {
  if (entries !== undefined && entries <= SMALL_ANSWER_ENTRIES) return JSON.stringify(value) ?? 'null';
  const parts: string[] = [];
  await runInSlices((pacer) => write(value, parts, pacer), deadline, sliceMs);
  return parts.join('');
}

/** Writes `value` into `parts`, yielding whenever the slice is spent. */
function* write(value: unknown, parts: string[], pacer: Pacer): Sliced<void> {
  if (!isContainer(value) || isSmall(value)) {
    // undefined, functions and symbols have no JSON text at the top level; they are null in arrays.
    parts.push(JSON.stringify(value) ?? 'null');
    return;
  }
  if (Array.isArray(value)) {
    parts.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(',');
      yield* write(value[i], parts, pacer);
      if (pacer.tired()) yield;
    }
    parts.push(']');
    return;
  }
  parts.push('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    parts.push(first ? '' : ',', JSON.stringify(key), ':');
    first = false;
    yield* write(item, parts, pacer);
    if (pacer.tired()) yield;
  }
  parts.push('}');
}

const isContainer = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** Whether `value` holds at most {@link SMALL_PART} values; stops counting past that. */
function isSmall(value: object): boolean {
  const pending: object[] = [value];
  let count = 0;
  while (pending.length > 0) {
    const container = pending.pop()!;
    for (const item of Array.isArray(container) ? container : Object.values(container)) {
      if (++count > SMALL_PART) return false;
      if (typeof item === 'object' && item !== null) pending.push(item);
    }
  }
  return true;
}
