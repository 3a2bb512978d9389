// One update statement applied to one document: (document or upsert seed, `u`) -> new document.
// Operator updates go through mingo's updater; replacement documents keep the old `_id`.
import { BSON } from 'mongodb';
import { update as mingoUpdate, type Modifier } from 'mingo/updater';
import { asCommandError, CommandError } from './errors.ts';
import { compareValues } from './order.ts';
import { cloneValue, Int64, isPlainObject, type EngineDoc } from './values.ts';

const MODIFIERS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$push', '$pull', '$pullAll', '$addToSet', '$pop',
  '$rename', '$currentDate', '$bit', '$setOnInsert',
]);

export function isReplacement(update: unknown): update is EngineDoc {
  return isPlainObject(update) && Object.keys(update).every((key) => !key.startsWith('$'));
}

/**
 * The document an upsert starts from: the query's equality conditions (`{ _id: 'x' }`,
 * `{ 'a.b': 1 }`, `{ n: { $eq: 2 } }`, including inside `$and`), as MongoDB seeds it.
 */
export function seedFromQuery(query: Record<string, unknown>, seed: EngineDoc = {}): EngineDoc {
  for (const [key, condition] of Object.entries(query)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const part of condition) if (isPlainObject(part)) seedFromQuery(part, seed);
      continue;
    }
    if (key.startsWith('$')) continue;
    if (isPlainObject(condition) && Object.keys(condition).some((k) => k.startsWith('$'))) {
      if ('$eq' in condition) setPath(seed, key.split('.'), cloneValue(condition.$eq));
      continue;
    }
    setPath(seed, key.split('.'), cloneValue(condition));
  }
  return seed;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  if (!isPlainObject(target[head])) target[head] = {};
  setPath(target[head] as Record<string, unknown>, rest, value);
}

/**
 * Applies `update` to `current` (an existing document, or the upsert seed when `inserting`).
 * Returns a new document; `current` is not modified.
 */
export function applyUpdate(current: EngineDoc, update: unknown, inserting: boolean): EngineDoc {
  if (Array.isArray(update)) throw new CommandError(2, 'BadValue', 'pipeline updates are not supported by the wire test server');
  if (!isPlainObject(update)) throw new CommandError(9, 'FailedToParse', 'update must be a document');
  const next = isReplacement(update) ? replace(current, update) : modify(current, update, inserting);
  if (next._id === undefined) return { _id: new BSON.ObjectId(), ...next };
  if (current._id !== undefined && compareValues(current._id, next._id) !== 0) {
    throw new CommandError(66, 'ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
  }
  return next;
}

function replace(current: EngineDoc, replacement: EngineDoc): EngineDoc {
  const { _id, ...fields } = cloneValue(replacement);
  const id = _id ?? current._id;
  return id === undefined ? fields : { _id: id, ...fields };
}

function modify(current: EngineDoc, update: Record<string, unknown>, inserting: boolean): EngineDoc {
  for (const key of Object.keys(update)) {
    if (!MODIFIERS.has(key)) throw new CommandError(9, 'FailedToParse', `Unknown modifier: ${key}`);
  }
  for (const key of ['$inc', '$mul']) {
    const amounts = update[key];
    if (isPlainObject(amounts) && Object.values(amounts).some((v) => v instanceof Int64)) {
      throw new CommandError(2, 'BadValue', `${key} with int64 amounts is not supported by the wire test server`);
    }
  }
  const { $setOnInsert, ...modifiers } = update;
  const next = cloneValue(current);
  try {
    if (inserting && isPlainObject($setOnInsert)) mingoUpdate(next, { $set: cloneValue($setOnInsert) });
    if (Object.keys(modifiers).length) mingoUpdate(next, cloneValue(modifiers) as Modifier<EngineDoc>);
  } catch (error) {
    throw asCommandError(error);
  }
  return next;
}
