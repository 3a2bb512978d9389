// Unique indexes of the test device: a collection's indexes and a candidate document in, nothing
// or MongoDB's duplicate key error (E11000, with keyPattern and keyValue) out. A partial index
// holds only the documents its partialFilterExpression matches; in the others a missing field
// is null, as in MongoDB, so two documents without the field collide.
import type { CollectionData, IndexInfo } from './engine.ts';
import { CommandError } from './errors.ts';
import { compareValues, valuesAtPath } from './order.ts';
import { compileFilter } from './query.ts';
import { Int64, type EngineDoc } from './values.ts';

/** The index's key of a document, or undefined when the index leaves the document out. */
export function indexKeyOf(index: IndexInfo, doc: EngineDoc): unknown[] | undefined {
  if (index.partialFilterExpression && !compileFilter(index.partialFilterExpression)(doc)) return undefined;
  return Object.keys(index.key).map((path) => valuesAtPath(doc, path.split('.'))[0] ?? null);
}

export function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.every((value, i) => compareValues(value, b[i]) === 0);
}

/** The indexes that refuse a second document with the same key (`_id_` always does). */
export function uniqueIndexes(data: CollectionData): IndexInfo[] {
  return data.indexes.filter((index) => index.name === '_id_' || index.unique);
}

/**
 * Throws E11000 when another document of `docs` (not `replacing`) has `candidate`'s key in a
 * unique index.
 */
export function assertUnique(data: CollectionData, ns: string, candidate: EngineDoc, replacing?: EngineDoc, docs = data.docs): void {
  for (const index of uniqueIndexes(data)) {
    const wanted = indexKeyOf(index, candidate);
    if (!wanted) continue;
    const clash = docs.find((doc) => {
      if (doc === replacing) return false;
      const key = indexKeyOf(index, doc);
      return key !== undefined && sameKey(key, wanted);
    });
    if (clash) throw duplicateKey(ns, index, wanted);
  }
}

/** MongoDB's duplicate key error for `index` and the key `values`. */
export function duplicateKey(ns: string, index: IndexInfo, values: readonly unknown[]): CommandError {
  const paths = Object.keys(index.key);
  const shown = paths.map((path, i) => `${path}: ${show(values[i])}`).join(', ');
  const keyValue = Object.fromEntries(paths.map((path, i) => [path, values[i]]));
  return new CommandError(11000, 'DuplicateKey', `E11000 duplicate key error collection: ${ns} index: ${index.name} dup key: { ${shown} }`, {
    keyPattern: { ...index.key },
    keyValue,
  });
}

function show(value: unknown): string {
  return value instanceof Int64 ? String(value.value) : (JSON.stringify(value) ?? String(value));
}
