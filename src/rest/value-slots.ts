// A query string -> its filters' single values (`filters[…][$op]=value`, `$op` one of the
// operators that take one value, or `filters[…][$in][2]=value`, an item of a list) and its `fields`
// taken out of it, so that requests differing only in those share one plan (plan.ts): a search
// box, a page per slug, the fields a screen shows. Each request's values are then converted as
// validation converts them (the same errors, in the same order) and put in their places of the
// plan's `filters` variable. Pure.
import { LIST_OPERATORS, VALUE_OPERATORS } from '../query/operators.ts';
import type { FieldType, SeenValue } from './attributes.ts';
import type { FilterValue } from './query.ts';
import { convertValue } from './values.ts';

/** One filter value as the query string gives it. */
export interface ValueSlot {
  /** The parameter as qs reads it (decoded): `filters[author][name][$containsi]`. */
  readonly key: string;
  /** The value as sent (percent-encoded). */
  readonly raw: string;
}

/** One `fields` parameter: `fields[2]=title` (its index) or `fields=title,slug` (none). */
export interface FieldsPart {
  readonly index?: number;
  readonly raw: string;
}

/** The query string's filter values and `fields`, and that string without them: the key of the plan they share. */
export interface ValueSlots {
  readonly slots: readonly ValueSlot[];
  readonly fields: readonly FieldsPart[];
  readonly shape: string;
}

/**
 * A top-level filter on at least one field ending in an operator that takes one value, or in an
 * item of a list operator's (`[$in][2]`: qs makes the items a list, each converted as one value).
 */
const VALUE_KEY = new RegExp(`^filters(?:\\[[^[\\]]*\\])+(?:\\[\\$(?:${VALUE_OPERATORS.join('|')})\\]|\\[\\$(?:${LIST_OPERATORS.join('|')})\\]\\[\\d+\\])$`);

/** The top-level `fields`, as a list's item (an index up to qs's array limit) or whole. */
const FIELDS_KEY = /^fields(?:\[(0|[1-9]\d?|100)\])?$/;

/**
 * The filter values and `fields` of a query string, each parameter split where qs splits it;
 * undefined when it has neither, or names one of them twice (qs makes that a list).
 */
export function valueSlotsIn(search: string): ValueSlots | undefined {
  const parts = (search.startsWith('?') ? search.slice(1) : search).split('&');
  const slots: ValueSlot[] = [];
  const fields: FieldsPart[] = [];
  const shape = parts.map((part) => {
    // Only `filters…` and `fields…` are taken out (a key spelled otherwise, `%66ields`, stays in the shape).
    if (!part.startsWith('fi')) return part;
    // qs takes the key to the first `]=`, or else the first `=`.
    const bracket = part.indexOf(']=');
    const at = bracket === -1 ? part.indexOf('=') : bracket + 1;
    if (at === -1) return part;
    const key = qsDecode(part.slice(0, at));
    const field = FIELDS_KEY.exec(key);
    if (field) fields.push({ ...(field[1] !== undefined ? { index: Number(field[1]) } : {}), raw: part.slice(at + 1) });
    else if (VALUE_KEY.test(key)) slots.push({ key, raw: part.slice(at + 1) });
    else return part;
    return part.slice(0, at + 1);
  });
  if (slots.length + fields.length === 0 || new Set(slots.map((slot) => slot.key)).size !== slots.length) return undefined;
  // One `fields=` alone, or items each at its own index: anything else qs reads another way.
  if (new Set(fields.map((part) => part.index)).size !== fields.length || (fields.length > 1 && fields.some((part) => part.index === undefined))) return undefined;
  return { slots, fields, shape: `?${shape.join('&')}` };
}

/** The `fields` parameters as qs gives them: one without an index, its text; items, a list in the order of their indexes. */
export function fieldsValue(parts: readonly FieldsPart[]): string | string[] {
  if (parts.length === 1 && parts[0]!.index === undefined) return qsDecode(parts[0]!.raw);
  return [...parts].sort((a, b) => a.index! - b.index!).map((part) => qsDecode(part.raw));
}

/** A value's text as qs decodes it (utf-8): `+` is a space, percent escapes expanded when they are well formed. */
export function qsDecode(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Where one value goes: its field's type and its path in the `filters` variable. */
interface Place {
  readonly key: string;
  readonly type: FieldType;
  readonly path: readonly (string | number)[];
}

/** The places of a shape's values, in the order validation converts them. */
export interface ValueTemplate {
  readonly places: readonly Place[];
}

/**
 * The template of a shape, from one request of it: the values validation converted (`seen`, in
 * its order) and the `filters` variable planned with them. Undefined unless each slot was
 * converted exactly once and sits in the variable where its key says, with the value validation
 * gave it: anything else (a key qs read otherwise) is planned by its query string as it is.
 */
export function valueTemplate({ slots }: ValueSlots, seen: readonly SeenValue[], filters: unknown): ValueTemplate | undefined {
  const raws = new Map(slots.map((slot) => [slot.key, slot.raw]));
  const converted = seen.filter((value) => raws.has(value.parameter));
  if (converted.length !== slots.length || new Set(converted.map((value) => value.parameter)).size !== slots.length) return undefined;
  const places: Place[] = [];
  for (const { parameter, type, text, value } of converted) {
    const found = placeOf(parameter, filters);
    if (!found || qsDecode(raws.get(parameter)!) !== text || found.value !== value) return undefined;
    places.push({ key: parameter, type, path: found.path });
  }
  return { places };
}

/**
 * The `filters` variable with this request's values in their places (the template's own objects
 * copied along the paths changed, never written to).
 * @throws ValidationError for a value validation would refuse, the first in validation's order.
 */
export function filtersWith(template: ValueTemplate, filters: unknown, { slots }: ValueSlots): unknown {
  const raws = new Map(slots.map((slot) => [slot.key, slot.raw]));
  const copies = new Map<object, Record<string | number, unknown>>();
  const copy = (node: object) => {
    let made = copies.get(node);
    if (!made) copies.set(node, (made = (Array.isArray(node) ? [...node] : { ...node }) as Record<string | number, unknown>));
    return made;
  };
  const root = copy(filters as object);
  for (const { key, type, path } of template.places) {
    const value: FilterValue = convertValue(type, qsDecode(raws.get(key)!), key);
    let node = root;
    for (const step of path.slice(0, -1)) {
      const child = node[step] as object;
      node = node[step] = copy(child);
    }
    node[path.at(-1)!] = value;
  }
  return root;
}

/**
 * `filters[$or][0][title][$eq]` -> `['or', 0, 'title', 'eq']` in the variable (operators without
 * their `$`, list items by index), and the value there, when every step exists.
 */
function placeOf(parameter: string, filters: unknown): { path: (string | number)[]; value: unknown } | undefined {
  const steps = [...parameter.slice('filters'.length).matchAll(/\[([^[\]]*)\]/g)].map(([, name]) => name!);
  const path: (string | number)[] = [];
  let node = filters;
  for (const name of steps) {
    const step = Array.isArray(node) && /^\d+$/.test(name) ? Number(name) : name.startsWith('$') ? name.slice(1) : name;
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, step)) return undefined;
    path.push(step);
    node = (node as Record<string | number, unknown>)[step];
  }
  return { path, value: node };
}
