// Wire values <-> engine values: int64 arrives as bigint and is held as an Int64 box, because
// mingo compares bigints as decimal strings ("10" < "9") and cannot even print a bigint query.
import { BSON } from 'mongodb';

const INT64_OFFSET = 1n << 63n;

/**
 * An int64 as the engine holds it. `toString()` is a fixed-width, order-preserving encoding, so
 * mingo's compare (which falls back to toString for same-class objects) orders and equates boxes
 * numerically. The value lives in a private field so mingo's hashing sees no keys.
 */
export class Int64 {
  readonly #value: bigint;

  constructor(value: bigint) {
    this.#value = BigInt.asIntN(64, value);
  }

  get value(): bigint {
    return this.#value;
  }

  toString(): string {
    return (this.#value + INT64_OFFSET).toString().padStart(20, '0');
  }

  toJSON(): string {
    return `${this.#value}n`;
  }
}

export type EngineDoc = Record<string, unknown>;

/** BSON bytes -> engine document: int64 values become Int64 boxes. */
export function decodeDocument(bytes: Uint8Array): EngineDoc {
  return boxInt64(BSON.deserialize(bytes, { useBigInt64: true, promoteValues: true })) as EngineDoc;
}

/** Engine document -> BSON bytes: Int64 boxes go back out as BSON int64. */
export function encodeDocument(doc: EngineDoc): Uint8Array {
  return BSON.serialize(unboxInt64(doc) as EngineDoc);
}

export function boxInt64(value: unknown): unknown {
  if (typeof value === 'bigint') return new Int64(value);
  return mapContainers(value, boxInt64);
}

export function unboxInt64(value: unknown): unknown {
  if (value instanceof Int64) return value.value;
  return mapContainers(value, unboxInt64);
}

/**
 * A copy that shares nothing mutable with `value`. BSON classes (ObjectId, Binary, Int64...)
 * are immutable and kept; Dates are copied because mingo's updater may mutate in place.
 */
export function cloneValue<T>(value: T): T {
  if (value instanceof Date) return new Date(value.getTime()) as T;
  return mapContainers(value, cloneValue) as T;
}

function mapContainers(value: unknown, map: (inner: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map(map);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = map(inner);
    return out;
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
