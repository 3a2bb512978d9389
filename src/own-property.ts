// A field set on a plain object as its own property, whatever its name: JSON.parse and
// Object.fromEntries make `__proto__` an own property, where an assignment would set the prototype.
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
