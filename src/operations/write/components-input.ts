// A component or dynamic-zone attribute's value in a write -> a FieldWrite of checked items: an item
// with the `id` of one the entry holds updates it in place, any other is a new item.
import { isRecord } from '../../model/problems.ts';
import { component, type ComponentAttribute, type DynamicZoneAttribute } from '../../model/types.ts';
import type { ComponentWrite, FieldWrite } from './entry-data.ts';
import { readId } from './relations-input.ts';
import type { Walk } from './walk.ts';
import { issue, label, typeIssue } from './validation-errors.ts';

type Stored = Readonly<Record<string, unknown>>;

/** The stored items of an attribute: a single component's object, or a list's objects. */
function storedItems(value: unknown): Stored[] {
  return (Array.isArray(value) ? value : [value]).filter(isRecord);
}

/** One item: in place of the stored item its `id` names, else new (an unknown id on an update is refused, as Strapi does). */
function item(walk: Walk, uid: string, value: Stored, path: readonly string[], held: readonly Stored[], attributeName: string): ComponentWrite {
  const id = value.id === undefined || value.id === null ? undefined : readId(value.id) ?? Number.NaN;
  const stored = id === undefined ? undefined : held.find((candidate) => candidate.id === id);
  if (walk.updatesEntry && id !== undefined && stored === undefined) walk.foreign.push(attributeName);
  const kept = walk.updatesEntry ? stored : undefined;
  // An item naming an id on an update is checked as an update (Strapi refuses it as foreign, not as incomplete).
  const data = walk.fields(component(walk.model, uid), value, path, kept || (walk.updatesEntry && id !== undefined) ? 'update' : 'create', kept);
  return kept ? { component: uid, id: kept.id as number, data } : { component: uid, data };
}

/** A repeatable list's or a zone's number of items against the schema's `min` and `max`. */
function checkCount(walk: Walk, attribute: ComponentAttribute | DynamicZoneAttribute, count: number, path: readonly string[]): void {
  const at = label(path);
  if (attribute.max !== undefined && count > attribute.max) walk.issues.push({ path, message: `${at} field must have less than or equal to ${attribute.max} items` });
  if (attribute.min !== undefined && !walk.draft && count > 0 && count < attribute.min) walk.issues.push({ path, message: `${at} field must have at least ${attribute.min} items` });
}

/** A component attribute's value (not undefined); `stored` is what the entry holds there. */
export function componentField(walk: Walk, attribute: ComponentAttribute, value: unknown, path: readonly string[], stored: unknown): FieldWrite | undefined {
  const held = storedItems(stored);
  if (!attribute.repeatable) {
    if (value === null) return { kind: 'component', item: null };
    if (!isRecord(value)) return void walk.issues.push(typeIssue(path, 'object', value));
    return { kind: 'component', item: item(walk, attribute.component, value, path, held, attribute.name) };
  }
  if (!Array.isArray(value)) return void walk.issues.push(typeIssue(path, 'array', value));
  checkCount(walk, attribute, value.length, path);
  const items: ComponentWrite[] = [];
  value.forEach((given, index) => {
    const at = [...path, String(index)];
    if (isRecord(given)) items.push(item(walk, attribute.component, given, at, held, attribute.name));
    else walk.issues.push(typeIssue(at, 'object', null, given));
  });
  return { kind: 'components', items };
}

/** A dynamic zone's value (not undefined): each item names an allowed component with `__component`. */
export function zoneField(walk: Walk, attribute: DynamicZoneAttribute, value: unknown, path: readonly string[], stored: unknown): FieldWrite | undefined {
  if (!Array.isArray(value)) return void walk.issues.push(typeIssue(path, 'array', value));
  checkCount(walk, attribute, value.length, path);
  const items: ComponentWrite[] = [];
  value.forEach((given, index) => {
    const at = [...path, String(index)];
    if (!isRecord(given)) return void walk.issues.push(typeIssue(at, 'object', null, given));
    const uid = given.__component;
    const named = [...at, '__component'];
    if (uid === undefined) return void walk.issues.push(issue(named, 'is a required field'));
    // Strapi accepts a component the zone does not list; we refuse it (docs/decisions.md). Null
    // is not text, and not one of them: both are said, as Strapi's validator says them.
    if (typeof uid !== 'string' || !attribute.components.includes(uid)) {
      if (uid === null) walk.issues.push(typeIssue(named, 'string', null));
      return void walk.issues.push(issue(named, `must be one of the following values: ${attribute.components.join(', ')}`));
    }
    const held = storedItems(stored).filter((candidate) => candidate.__component === uid);
    items.push(item(walk, uid, given, at, held, attribute.name));
  });
  return { kind: 'zone', items };
}
