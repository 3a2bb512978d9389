// Raw `sort` (qs output) -> validated `field:direction` strings, as the GraphQL `sort` argument
// takes them. Accepts `sort=a`, `sort=a:desc,b`, `sort[0]=a:asc`, `sort[a]=desc` and relation
// paths (`author.name:asc`).
import { component, contentType } from '../model/types.ts';
import { MAX_NESTING } from './query.ts';
import { type Scope, invalidParameter, invalidValue, isRecord, scalarFieldType } from './attributes.ts';
import { type AttributeOf, type Owner, isContentType } from '../model/fields.ts';

/** Validates `sort` for `owner`; `parameter` names it in errors. */
export function validateSort(raw: unknown, owner: Owner, scope: Scope, parameter = 'sort'): string[] {
  return entries(raw, parameter).map((entry) => normalise(entry, owner, scope, parameter));
}

/**
 * The fields a populate's `sort` orders by directly (`views:desc`, not `author.name`): Strapi
 * returns them with each related entry or component item, whatever its `fields` says.
 */
export function sortedFields(raw: unknown, owner: Owner, attributeOf: AttributeOf, parameter: string): string[] {
  const names = entries(raw, parameter).map((entry) => entry.split(':')[0].trim());
  return names.filter((name) => !name.includes('.') && name !== 'id' && scalarFieldType(owner, name, attributeOf) !== undefined);
}

/** Every sort entry as `path` or `path:direction` text. */
function entries(raw: unknown, parameter: string): string[] {
  if (raw === undefined) return [];
  if (typeof raw === 'string') {
    return raw.split(',').map((part) => part.trim()).filter((part) => part !== '');
  }
  if (Array.isArray(raw)) return raw.flatMap((item, i) => entries(item, `${parameter}[${i}]`));
  if (isRecord(raw)) return Object.entries(raw).flatMap(([key, value]) => objectEntries(key, value, parameter));
  throw invalidValue(parameter, 'a field name, `field:asc` or `field:desc`', raw);
}

/** `sort[title]=desc` and `sort[author][name]=asc`. */
function objectEntries(key: string, value: unknown, parameter: string): string[] {
  if (typeof value === 'string') return [`${key}:${value}`];
  if (isRecord(value)) return Object.entries(value).flatMap(([k, v]) => objectEntries(`${key}.${k}`, v, parameter));
  throw invalidValue(`${parameter}[${key}]`, 'asc or desc', value);
}

function normalise(entry: string, owner: Owner, scope: Scope, parameter: string): string {
  const colon = entry.lastIndexOf(':');
  const path = colon === -1 ? entry : entry.slice(0, colon);
  const direction = colon === -1 ? 'asc' : entry.slice(colon + 1).trim().toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') throw invalidValue(parameter, 'a direction asc or desc', entry);
  const segments = path.trim().split('.');
  if (segments.length > MAX_NESTING + 1) throw invalidValue(parameter, `a path through at most ${MAX_NESTING} relations`, entry);
  checkPath(segments, owner, scope);
  return `${path.trim()}:${direction}`;
}

/**
 * A sort path is a scalar field, or a relation to a content-type the role may `find` (or a
 * single component) followed by a path on what it holds. The first segment that is none of these
 * is named in the error. Repeatable components are refused: one entry has many values there.
 */
function checkPath(segments: readonly string[], owner: Owner, scope: Scope): void {
  const [head, ...rest] = segments;
  if (rest.length === 0) {
    if (!scalarFieldType(owner, head, scope.access.readable)) throw invalidParameter(head);
    return;
  }
  if (head === 'localizations' && isContentType(owner) && owner.localized) {
    checkPath(rest, owner, scope);
    return;
  }
  const attribute = scope.access.readable(owner, head);
  if (attribute?.type === 'relation' && scope.access.may('find', attribute.target)) {
    checkPath(rest, contentType(scope.model, attribute.target), scope);
  } else if (attribute?.type === 'component' && !attribute.repeatable) {
    checkPath(rest, component(scope.model, attribute.component), scope);
  } else {
    throw invalidParameter(head);
  }
}
