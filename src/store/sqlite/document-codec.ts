// A document as the embedded store keeps it in `d:<collection>` (docs/storage.md, format 3): its
// apart fields (components, dynamic zones) in the `apart` column, the rest in `doc`, each part
// JSON text when every value is JSON's or one of the few JSON cannot say exactly (a Date, a
// bigint, undefined, a number JSON has no word for), each of those written as a string and named
// by its path; v8's structured clone (a Buffer) for anything else, and in rows of format 1.
// JSON.parse decodes a 2 KB article about four times as fast as v8.deserialize, and a page of a
// large collection decodes every document it shows.
import { deserialize, serialize } from 'node:v8';
import type { Doc } from '../store.ts';
import { setOwn } from '../../own-property.ts';

/** A value JSON cannot say, by the letter naming it, written as a string (or null) in its place. */
type Special = 'd' | 'b' | 'n' | 'u';

/** A path of keys and indexes from the document to a special value, its letter first. */
type Typed = [Special, ...Array<string | number>];

/** What `d:<collection>.doc` holds: JSON text, or a structured clone. */
export type StoredDocument = string | Buffer;

/** The text (or, for values JSON and the letters cannot carry, the structured clone) of `doc`. */
export function encodeDocument(doc: Doc): StoredDocument {
  const typed: Typed[] = [];
  const copy = plain(doc, [], typed);
  if (copy === UNSAYABLE) return serialize(doc);
  return typed.length === 0 ? JSON.stringify(copy) : JSON.stringify([copy, typed]);
}

/**
 * A document's two parts as a row keeps them: `apart` is null when the document has none of those
 * fields, undefined when it was not read (the document without its apart fields).
 */
export interface StoredRow {
  readonly doc: StoredDocument;
  readonly apart: StoredDocument | null | undefined;
}

/** `doc` as a row: the fields named in `apart` in one part, the others in the other. */
export function encodeRow(doc: Doc, apart: ReadonlySet<string>): StoredRow {
  if (apart.size === 0) return { doc: encodeDocument(doc), apart: null };
  const kept: Record<string, unknown> = {};
  const away: Record<string, unknown> = {};
  let anyAway = false;
  for (const key of Object.keys(doc)) {
    const isAway = apart.has(key);
    anyAway ||= isAway;
    setOwn(isAway ? away : kept, key, doc[key]);
  }
  return { doc: encodeDocument(kept as Doc), apart: anyAway ? encodeDocument(away as Doc) : null };
}

/** The document a row keeps; without its apart part (`apart` not read) when `apart` is undefined. */
export function decodeRow(doc: StoredDocument, apart: StoredDocument | null | undefined): Doc {
  const decoded = decodeDocument(doc);
  if (apart == null) return decoded;
  const away = decodeDocument(apart);
  for (const key of Object.keys(away)) setOwn(decoded, key, away[key]);
  return decoded;
}

/** The document stored as `stored`: JSON text (an object, or `[object, typed paths]`), or a v8 structured clone. */
export function decodeDocument(stored: StoredDocument): Doc {
  if (typeof stored !== 'string') return deserialize(stored) as Doc;
  const parsed = JSON.parse(stored) as Doc | [Doc, Typed[]];
  if (!Array.isArray(parsed)) return parsed;
  const [doc, typed] = parsed;
  for (const [letter, ...path] of typed) restore(doc, path, letter);
  return doc;
}

const UNSAYABLE = Symbol('unsayable');

/**
 * `value` with its special values replaced (their paths noted in `typed`), or UNSAYABLE. `path`
 * is the way down to `value`, pushed and popped as the walk goes.
 */
function plain(value: unknown, path: Array<string | number>, typed: Typed[]): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  const special = specialOf(value);
  if (special) {
    typed.push([special[0], ...path]);
    return special[1];
  }
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return plainArray(value, path, typed);
  if (typeof value === 'object' && isPlainObject(value)) return plainObject(value as Record<string, unknown>, path, typed);
  return UNSAYABLE;
}

function plainArray(value: readonly unknown[], path: Array<string | number>, typed: Typed[]): unknown {
  const copy: unknown[] = [];
  for (let i = 0; i < value.length; i++) {
    if (!(i in value)) return UNSAYABLE; // a hole
    path.push(i);
    const item = plain(value[i], path, typed);
    path.pop();
    if (item === UNSAYABLE) return UNSAYABLE;
    copy.push(item);
  }
  return copy;
}

function plainObject(value: Record<string, unknown>, path: Array<string | number>, typed: Typed[]): unknown {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    path.push(key);
    const item = plain(value[key], path, typed);
    path.pop();
    if (item === UNSAYABLE) return UNSAYABLE;
    setOwn(copy, key, item);
  }
  return copy;
}


const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** The letter and the stand-in of a value JSON cannot say, or undefined. */
function specialOf(value: unknown): [Special, string | null] | undefined {
  if (value instanceof Date) return ['d', String(value.getTime())];
  if (typeof value === 'bigint') return ['b', value.toString()];
  if (value === undefined) return ['u', null];
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) return ['n', Object.is(value, -0) ? '-0' : String(value)];
  return undefined;
}

function restore(doc: Doc, path: Array<string | number>, letter: Special): void {
  let holder = doc as unknown as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  holder[last] = revive(letter, holder[last] as string | null);
}

function revive(letter: Special, text: string | null): unknown {
  switch (letter) {
    case 'd':
      return new Date(Number(text));
    case 'b':
      return BigInt(text!);
    case 'n':
      return Number(text);
    case 'u':
      return undefined;
  }
}
