// Write concerns as MongoDB 7.0 checks them: a command's `writeConcern` in, nothing or the
// error MongoDB answers out. The device has one data-bearing member, so it acknowledges at once.
import { numberArg } from './args.ts';
import { CommandError } from './errors.ts';
import { isPlainObject } from './values.ts';

const FIELDS = new Set(['w', 'j', 'wtimeout', 'fsync', 'provenance']);

/**
 * Throws what MongoDB answers for a write concern it cannot use. `inTransaction`: a statement
 * inside a transaction, where only commitTransaction and abortTransaction take one.
 */
export function checkWriteConcern(value: unknown, replicaSet: boolean, inTransaction: boolean): void {
  if (value === undefined) return;
  if (inTransaction) throw new CommandError(72, 'InvalidOptions', 'Cannot set write concern after starting a transaction.');
  if (!isPlainObject(value)) throw new CommandError(14, 'TypeMismatch', "'writeConcern' must be a document");
  for (const field of Object.keys(value)) {
    if (!FIELDS.has(field)) throw new CommandError(9, 'FailedToParse', `unrecognized write concern field: ${field}`);
  }
  if (value.j !== undefined && typeof value.j !== 'boolean' && typeof value.j !== 'number') {
    throw new CommandError(9, 'FailedToParse', 'j must be numeric or a boolean value');
  }
  if (value.wtimeout !== undefined) numberArg(value.wtimeout);
  checkW(value.w, replicaSet);
}

function checkW(w: unknown, replicaSet: boolean): void {
  if (w === undefined || w === 'majority') return;
  if (typeof w === 'string') {
    if (replicaSet) throw new CommandError(79, 'UnknownReplWriteConcern', `No write concern mode named '${w}' found in replica set configuration`);
    throw new CommandError(2, 'BadValue', `cannot use non-majority 'w' mode ${w} with a standalone`);
  }
  const n = numberArg(w);
  if (n === undefined || !Number.isInteger(n) || n < 0) throw new CommandError(9, 'FailedToParse', 'w has to be a non-negative number and not greater than 50; or a string');
  // One data-bearing member: w above 1 can never be satisfied.
  if (n > 1 && replicaSet) throw new CommandError(100, 'UnsatisfiableWriteConcern', 'Not enough data-bearing nodes');
  if (n > 1) throw new CommandError(2, 'BadValue', "cannot use 'w' > 1 with a standalone");
}
