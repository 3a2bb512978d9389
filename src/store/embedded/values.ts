// Stored values as the embedded store keeps them: deep-frozen copies (so reads hand them out
// without copying), and, for mingo, a view where each int64 sorts and compares by its value.

/**
 * An int64 as mingo should see it. mingo compares two values of one class by their `toString()`,
 * which for `bigint` orders "12" after "100". This text is the value offset by 2^63 and padded to
 * 20 digits, so text order is numeric order, and equal values have equal text.
 */
export class Int64 {
  constructor(readonly value: bigint) {}
  toString(): string {
    return (this.value + OFFSET).toString().padStart(20, '0');
  }
  /** mingo serialises criteria while compiling them. */
  toJSON(): string {
    return this.toString();
  }
}
const OFFSET = 2n ** 63n;

/** The views of stored documents already made: a stored document is frozen, so its view never changes. */
const views = new WeakMap<object, unknown>();
/** The stored document each of those views is of (where the view is a copy): what decode hands back for it. */
const origins = new WeakMap<object, unknown>();

/**
 * What mingo reads for `value`: itself, unless an int64 inside needs wrapping. A frozen value (a
 * stored document, handed out by reads without copying) is walked once, its view kept beside it.
 */
export function queryView<T>(value: T): T {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return encode(value) as T;
  let view = views.get(value);
  if (view === undefined) {
    views.set(value, (view = encode(value)));
    if (view !== value) origins.set(view as object, value);
  }
  return view as T;
}

/**
 * `value` with every int64 wrapped (a query filter goes through here too). Only the objects and
 * arrays on the way to an int64 are copied; a value without one is handed back as it is.
 */
export function encode(value: unknown): unknown {
  if (typeof value === 'bigint') return new Int64(value);
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof RegExp || value instanceof Int64) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const encoded = encode(value[i]);
      if (encoded !== value[i]) (copy ??= [...value])[i] = encoded;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const encoded = encode(item);
    if (encoded !== item) (copy ??= { ...value })[key] = encoded;
  }
  return copy ?? value;
}

/**
 * A query's answer with every int64 unwrapped. Only the objects and arrays on the way to an
 * int64 are copied; everything else is handed out as it is (frozen stored values included).
 */
export function decode(value: unknown): unknown {
  if (value instanceof Int64) return value.value;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  // A frozen value holds no Int64 (encode's copies are never frozen): a stored document, or a
  // part of one that a view shares, is handed out without a walk; so is the document a view is of.
  if (Object.isFrozen(value)) return value;
  const origin = origins.get(value);
  if (origin !== undefined) return origin;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const decoded = decode(value[i]);
      if (decoded !== value[i]) (copy ??= [...value])[i] = decoded;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    const decoded = decode(item);
    if (decoded !== item) (copy ??= { ...value })[key] = decoded;
  }
  return copy ?? value;
}
