// Reading command fields: wire values in (numbers may arrive as int64 boxes), checked values out.
import { CommandError } from './errors.ts';
import { Int64, isPlainObject, type EngineDoc } from './values.ts';

export function collectionArg(command: EngineDoc, field: string): string {
  const name = command[field];
  if (typeof name !== 'string' || name === '') {
    throw new CommandError(73, 'InvalidNamespace', `collection name must be a non-empty string, got ${typeof name}`);
  }
  return name;
}

export function numberArg(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Int64) return Number(value.value);
  if (typeof value === 'number') return value;
  throw new CommandError(14, 'TypeMismatch', `expected a number, got ${typeof value}`);
}

export function bigintArg(value: unknown): bigint {
  if (value instanceof Int64) return value.value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  throw new CommandError(14, 'TypeMismatch', `expected an integer cursor id, got ${typeof value}`);
}

export function documentArg(value: unknown, field: string): EngineDoc | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) throw new CommandError(14, 'TypeMismatch', `'${field}' must be a document`);
  return value;
}

export function arrayArg(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new CommandError(14, 'TypeMismatch', `'${field}' must be an array`);
  return value;
}
