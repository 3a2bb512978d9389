// A value frozen to its last nested object: what the store hands out, parsed JSON attributes kept
// per stored document, and the filter variables a REST plan shares between requests, so no reader
// can change them for the next.
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
