// createIndexes specifications: a spec document in, a checked IndexInfo out, refusing what
// MongoDB 7.0 refuses (a partialFilterExpression beyond what partial indexes support).
import type { IndexInfo } from './engine.ts';
import { CommandError } from './errors.ts';
import { isPlainObject } from './values.ts';

/** What MongoDB 7.0 accepts in a partialFilterExpression, per operator. */
const PARTIAL_OPERATORS = new Set(['$eq', '$exists', '$gt', '$gte', '$lt', '$lte', '$type', '$in']);
const PARTIAL_COMBINATORS = new Set(['$and', '$or']);

export function parseIndexSpec(spec: unknown): IndexInfo {
  if (!isPlainObject(spec) || !isPlainObject(spec.key) || typeof spec.name !== 'string') {
    throw new CommandError(9, 'FailedToParse', 'each index needs a key document and a name');
  }
  if (spec.unique !== undefined && typeof spec.unique !== 'boolean') {
    throw new CommandError(14, 'TypeMismatch', "The field 'unique' must be a boolean");
  }
  const partial = spec.partialFilterExpression;
  if (partial !== undefined) {
    if (!isPlainObject(partial)) throw new CommandError(14, 'TypeMismatch', "The field 'partialFilterExpression' must be an object");
    checkPartialFilter(partial);
  }
  return {
    v: 2,
    key: spec.key,
    name: spec.name,
    ...(spec.unique === true ? { unique: true } : {}),
    ...(partial ? { partialFilterExpression: partial } : {}),
  };
}

/** MongoDB tells indexes apart by key pattern, uniqueness and partial filter (SERVER-25023, SERVER-47657). */
export function sameSignature(a: IndexInfo, b: IndexInfo): boolean {
  return (
    JSON.stringify(a.key) === JSON.stringify(b.key) &&
    Boolean(a.unique) === Boolean(b.unique) &&
    JSON.stringify(a.partialFilterExpression ?? null) === JSON.stringify(b.partialFilterExpression ?? null)
  );
}

function checkPartialFilter(filter: Record<string, unknown>): void {
  for (const [field, condition] of Object.entries(filter)) {
    if (PARTIAL_COMBINATORS.has(field)) {
      if (!Array.isArray(condition)) throw new CommandError(2, 'BadValue', `${field} must be an array`);
      for (const inner of condition) checkPartialFilter(inner as Record<string, unknown>);
    } else if (field.startsWith('$')) {
      throw unsupported(field);
    } else if (isPlainObject(condition) && Object.keys(condition).some((key) => key.startsWith('$'))) {
      for (const [operator, operand] of Object.entries(condition)) {
        // `$exists: false` and `$ne` would index what lacks a value: MongoDB refuses both.
        if (!PARTIAL_OPERATORS.has(operator) || (operator === '$exists' && operand !== true)) throw unsupported(operator, field);
      }
    }
  }
}

function unsupported(operator: string, field?: string): CommandError {
  return new CommandError(67, 'CannotCreateIndex', `Expression not supported in partial index: ${field ? `${field} ` : ''}${operator}`);
}
