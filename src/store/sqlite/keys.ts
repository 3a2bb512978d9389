// A document's value -> its key in the embedded database's key columns: a SQLite value whose SQL
// order is MongoDB's order within each type, and whose types sort in MongoDB's order of types.
import type { SortDirection } from '../store.ts';

/** The SQLite values a key column holds: NULL, a number, an int64, a text or a blob. */
export type Key = null | number | bigint | string | Buffer;

/** Blob tags; blobs sort after every number and text, and by these first bytes among themselves. */
const BOOLEAN = 0x08;
const DATE = 0x09;
/** An array of keys (its items are keys of the side table) or an object: no order of its own. */
const ARRAY = 0xfe;
const OPAQUE = 0xff;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** What a field's values have held: arrays (matched item by item), objects (never translated). */
export const HOLDS_ARRAYS = 1;
export const HOLDS_OBJECTS = 2;

/** A scalar's key, or undefined when the value is not a scalar SQL can compare exactly. */
export function scalarKey(value: unknown): Key | undefined {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isNaN(value) ? undefined : value;
    case 'bigint':
      return value >= INT64_MIN && value <= INT64_MAX ? value : undefined;
    case 'boolean':
      return Buffer.from([BOOLEAN, value ? 1 : 0]);
    default:
      return value instanceof Date ? dateKey(value) : undefined;
  }
}

function dateKey(date: Date): Buffer | undefined {
  const ms = date.getTime();
  if (Number.isNaN(ms)) return undefined;
  const key = Buffer.alloc(9);
  key[0] = DATE;
  key.writeBigUInt64BE(BigInt(ms) - INT64_MIN, 1);
  return key;
}

/** A stored value -> its column key, the keys of its items (arrays), and what it holds. */
export function fieldKeys(value: unknown, id: number): { key: Key; items: Key[]; holds: number } {
  const scalar = scalarKey(value);
  if (scalar !== undefined) return { key: scalar, items: [], holds: 0 };
  if (Array.isArray(value)) {
    const items = value.map(scalarKey);
    if (items.every((item) => item !== undefined)) return { key: marker(ARRAY, id), items: items as Key[], holds: HOLDS_ARRAYS };
  }
  return { key: marker(OPAQUE, id), items: [], holds: HOLDS_OBJECTS | (Array.isArray(value) ? HOLDS_ARRAYS : 0) };
}

/** Distinct per document, so a unique index never sees two documents' arrays as one value. */
function marker(tag: number, id: number): Buffer {
  const key = Buffer.alloc(9);
  key[0] = tag;
  key.writeDoubleBE(id, 1);
  return key;
}

/** The keys of a type's values lie in [low, high): what keeps a range within its type. */
export function typeBounds(key: Key): { low: Key; high: Key } | undefined {
  if (key === null) return undefined;
  if (typeof key === 'number' || typeof key === 'bigint') return { low: -Infinity, high: '' };
  if (typeof key === 'string') return { low: '', high: Buffer.alloc(0) };
  return { low: Buffer.from([key[0]]), high: Buffer.from([key[0] + 1]) };
}

/** SQL's direction word for a MongoDB direction. */
export function sqlDirection(direction: SortDirection): 'ASC' | 'DESC' {
  return direction === 1 ? 'ASC' : 'DESC';
}

/** SQLite's order of storage classes: NULL, then numbers (integers and reals together), text, blobs. */
function storageClass(key: Key): number {
  if (key === null) return 0;
  if (typeof key === 'number' || typeof key === 'bigint') return 1;
  return typeof key === 'string' ? 2 : 3;
}

/**
 * Two keys in the order SQLite gives them in an index (BINARY collation): NULL first; numbers by
 * value, an int64 and a real compared exactly; text by its UTF-8 bytes; blobs by their bytes.
 * The order rank groups (rank-index.ts) keep in memory must be the order SQLite walks.
 */
export function compareKeys(a: Key, b: Key): number {
  const classes = storageClass(a) - storageClass(b);
  if (classes !== 0) return Math.sign(classes);
  if (a === null || b === null) return 0;
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return Buffer.compare(a, b);
  return compareNumbers(a as number | bigint, b as number | bigint);
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 order is UTF-8 order except where a surrogate meets U+E000..U+FFFF: bytes decide there.
  if (/[\ud800-\udfff]/.test(a) || /[\ud800-\udfff]/.test(b)) return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return a < b ? -1 : 1;
}

function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;
  const [big, real, sign] = typeof a === 'bigint' ? [a, b as number, 1] : [b as bigint, a as number, -1];
  if (!Number.isFinite(real)) return real > 0 ? -sign : sign;
  const whole = BigInt(Math.floor(real));
  if (big !== whole) return big < whole ? -sign : sign;
  return real > Math.floor(real) ? -sign : 0;
}
