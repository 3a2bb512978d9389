// MongoDB's ordering of BSON values: (a, b) -> -1/0/1, and documents sorted by a sort spec.
// mingo's $sort puts missing before null and orders bigints as strings; MongoDB does neither.
import { BSON } from 'mongodb';
import { Int64, isPlainObject, type EngineDoc } from './values.ts';

/** BSON comparison order (MinKey < null < numbers < strings < objects < arrays < ... < MaxKey). */
function rank(value: unknown): number {
  if (value instanceof BSON.MinKey) return 1;
  if (value === null || value === undefined) return 2;
  if (typeof value === 'number' || value instanceof Int64) return 3;
  if (typeof value === 'string' || value instanceof BSON.BSONSymbol) return 4;
  if (Array.isArray(value)) return 6;
  if (value instanceof BSON.Binary) return 7;
  if (value instanceof BSON.ObjectId) return 8;
  if (typeof value === 'boolean') return 9;
  if (value instanceof Date) return 10;
  if (value instanceof BSON.Timestamp) return 11;
  if (value instanceof RegExp || value instanceof BSON.BSONRegExp) return 12;
  if (value instanceof BSON.MaxKey) return 14;
  return 5; // embedded documents and anything else object-like
}

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Compares two BSON values as MongoDB does; a missing value compares as null. */
export function compareValues(a: unknown, b: unknown): -1 | 0 | 1 {
  const byRank = sign(rank(a) - rank(b));
  if (byRank !== 0) return byRank;
  switch (rank(a)) {
    case 3:
      return compareNumbers(a, b);
    case 4:
      return sign(Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b))));
    case 5:
      return compareDocuments(a as Record<string, unknown>, b as Record<string, unknown>);
    case 6:
      return compareArrays(a as unknown[], b as unknown[]);
    case 7:
      return sign(Buffer.compare(Buffer.from((a as BSON.Binary).buffer), Buffer.from((b as BSON.Binary).buffer)));
    case 8:
      return sign((a as BSON.ObjectId).toHexString().localeCompare((b as BSON.ObjectId).toHexString()));
    case 9:
      return sign(Number(a) - Number(b));
    case 10:
      return sign((a as Date).getTime() - (b as Date).getTime());
    default:
      return sign(String(a).localeCompare(String(b)));
  }
}

/** Numbers of any BSON numeric type compare by value; an int64 beyond 2^53 keeps its precision. */
function compareNumbers(a: unknown, b: unknown): -1 | 0 | 1 {
  if (a instanceof Int64 && b instanceof Int64) return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
  if (a instanceof Int64) return (-compareNumbers(b, a) || 0) as -1 | 0 | 1;
  const x = Number(a);
  if (!(b instanceof Int64)) {
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return sign(Number(!Number.isNaN(x)) - Number(!Number.isNaN(y)));
    return sign(x - y);
  }
  // x is a double, b an int64: compare the integral part exactly, then the fraction.
  if (Number.isNaN(x)) return -1;
  if (!Number.isFinite(x)) return x < 0 ? -1 : 1;
  const floor = BigInt(Math.floor(x));
  if (floor !== b.value) return floor < b.value ? -1 : 1;
  return x > Math.floor(x) ? 1 : 0;
}

function compareDocuments(a: Record<string, unknown>, b: Record<string, unknown>): -1 | 0 | 1 {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  for (let i = 0; i < Math.min(keysA.length, keysB.length); i++) {
    const byValueType = sign(rank(a[keysA[i]]) - rank(b[keysB[i]]));
    if (byValueType !== 0) return byValueType;
    const byName = sign(Buffer.compare(Buffer.from(keysA[i]), Buffer.from(keysB[i])));
    if (byName !== 0) return byName;
    const byValue = compareValues(a[keysA[i]], b[keysB[i]]);
    if (byValue !== 0) return byValue;
  }
  return sign(keysA.length - keysB.length);
}

function compareArrays(a: unknown[], b: unknown[]): -1 | 0 | 1 {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const byElement = compareValues(a[i], b[i]);
    if (byElement !== 0) return byElement;
  }
  return sign(a.length - b.length);
}

/** Every value a dotted path reaches, descending through arrays of embedded documents. */
export function valuesAtPath(value: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return Array.isArray(value) ? value : [value];
  if (Array.isArray(value)) {
    const [head, ...rest] = path;
    if (/^\d+$/.test(head)) return valuesAtPath(value[Number(head)], rest);
    return value.flatMap((item) => (isPlainObject(item) ? valuesAtPath(item, path) : []));
  }
  if (!isPlainObject(value) || !(path[0] in value)) return [];
  return valuesAtPath(value[path[0]], path.slice(1));
}

/**
 * The value a document sorts by: the smallest reached value ascending, the largest descending,
 * and null when the path reaches nothing (MongoDB sorts missing and null alike). Unlike MongoDB,
 * an empty array sorts as null here rather than just before it.
 */
function sortKey(doc: EngineDoc, path: readonly string[], direction: 1 | -1): unknown {
  const reached = valuesAtPath(doc, path);
  let best: unknown = reached.length ? reached[0] : null;
  for (const candidate of reached.slice(1)) if (compareValues(candidate, best) * direction < 0) best = candidate;
  return best;
}

export type SortSpec = Record<string, unknown>;

/** A stable sort of `docs` by a MongoDB sort document (`{ a: 1, 'b.c': -1 }`). */
export function sortDocuments<T extends EngineDoc>(docs: readonly T[], spec: SortSpec): T[] {
  const keys = Object.entries(spec).map(([path, direction]) => ({
    path: path.split('.'),
    direction: (Number(direction) < 0 ? -1 : 1) as 1 | -1,
  }));
  return [...docs].sort((x, y) => {
    for (const { path, direction } of keys) {
      const order = compareValues(sortKey(x, path, direction), sortKey(y, path, direction));
      if (order !== 0) return order * direction;
    }
    return 0;
  });
}
