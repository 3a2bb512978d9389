// The entry estimate's measurement as a store keeps it (docs/storage.md, "Measurements"): one
// document, `_measurements` id 1, holding the most items one owner holds in each list, under the
// fingerprint of the model's lists it was measured for. Pure: documents and changes in and out.
import { createHash } from 'node:crypto';
import type { AttributeOwner, ContentModel } from '../model/types.ts';
import { inverseListKeys } from './cardinality.ts';
import type { Change, Doc, RaiseChange } from './store.ts';

export const MEASUREMENTS = '_measurements';
export const MEASUREMENT_ID = 1;

/** Moves when what is measured, or how, changes: a stored measurement of another format is measured again. */
const FORMAT = 1;

/** A list's field in the document: its key with `/` for `.` (MongoDB reads a dot in an update as a path). */
export const listField = (key: string) => key.replaceAll('.', '/');
const keyOfField = (field: string) => field.replaceAll('/', '.');

/** What each owner's lists are: a measurement made for other lists does not fit. */
function ownerLists(owner: AttributeOwner & { localized?: boolean; collectionName: string }): string[] {
  const lists = [...owner.attributes.values()].flatMap((attribute) => {
    switch (attribute.type) {
      case 'relation':
        return attribute.side === 'owner' ? [`${attribute.name}>${attribute.target}${attribute.inversedBy ? `.${attribute.inversedBy}` : ''}`] : [];
      case 'media':
        return [`${attribute.name}:media`];
      case 'component':
        return [`${attribute.name}:${attribute.component}`];
      case 'dynamiczone':
        return [`${attribute.name}:${attribute.components.join('|')}`];
      default:
        return [];
    }
  });
  return [`${owner.uid}@${owner.collectionName}${owner.localized ? '+localizations' : ''}`, ...lists.sort()];
}

/** A short digest of the model's lists (and of this format). */
export function modelFingerprint(model: ContentModel): string {
  const owners = [...model.contentTypes.values(), ...model.components.values()].map(ownerLists).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
  return createHash('sha256').update(JSON.stringify([FORMAT, owners])).digest('hex').slice(0, 16);
}

/** The document holding `lists`, measured for `model` at `at`. */
export function measurementDoc(model: ContentModel, lists: ReadonlyMap<string, number>, at: Date): Doc {
  return { id: MEASUREMENT_ID, model: modelFingerprint(model), measuredAt: at, ...Object.fromEntries([...lists].map(([key, most]) => [listField(key), most])) };
}

/** The change that stores `lists` whole, replacing what the store held. */
export function measurementPut(model: ContentModel, lists: ReadonlyMap<string, number>, at: Date): Change {
  return { op: 'put', collection: MEASUREMENTS, doc: measurementDoc(model, lists, at) };
}

/** The lists a stored document holds, or undefined when there is none or it was made for other lists. */
export function listsOf(model: ContentModel, doc: Doc | undefined): Map<string, number> | undefined {
  if (!doc || doc.model !== modelFingerprint(model)) return undefined;
  const lists = new Map<string, number>();
  for (const [field, value] of Object.entries(doc)) if (field.includes('/') && typeof value === 'number') lists.set(keyOfField(field), value);
  return lists;
}

/**
 * The raise that makes a stored measurement hold `after` where it held `before`, for the lists
 * that rose: a list's size as `max` (any writer's `$max` keeps the largest), an inverse
 * relation's count as `inc` by what it rose (two writers each adding one to one target's count
 * must add two). Undefined when nothing rose.
 */
export function raiseOf(model: ContentModel, before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): RaiseChange | undefined {
  const inverse = inverseListKeys(model);
  const max: Record<string, number> = {};
  const inc: Record<string, number> = {};
  for (const [key, most] of after) {
    const was = before.get(key);
    if (was !== undefined && most <= was) continue;
    if (inverse.has(key)) inc[listField(key)] = most - (was ?? 0);
    else max[listField(key)] = most;
  }
  if (Object.keys(max).length === 0 && Object.keys(inc).length === 0) return undefined;
  return { op: 'raise', collection: MEASUREMENTS, id: MEASUREMENT_ID, ...(Object.keys(max).length ? { max } : {}), ...(Object.keys(inc).length ? { inc } : {}) };
}

/** The raise that makes every stored list at least as large as `lists` (repairs, never lowers). */
export function raiseToAtLeast(lists: ReadonlyMap<string, number>): RaiseChange {
  return { op: 'raise', collection: MEASUREMENTS, id: MEASUREMENT_ID, max: Object.fromEntries([...lists].map(([key, most]) => [listField(key), most])) };
}

/**
 * Two measurements of documents that may overlap (an import into a store that held data): a
 * list's size is the larger, an inverse count the sum (an entry counted by both is counted twice,
 * a bound a little loose, never under).
 */
export function mergedLists(model: ContentModel, a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): Map<string, number> {
  const inverse = inverseListKeys(model);
  const merged = new Map(a);
  for (const [key, most] of b) merged.set(key, inverse.has(key) ? (merged.get(key) ?? 0) + most : Math.max(merged.get(key) ?? 0, most));
  return merged;
}
