// Raw `filters` (qs output) -> a typed EntryFilter for one content-type or component. Fields are
// checked against the model and role; values are converted to their attribute's scalar type.
import { component, contentType } from '../model/types.ts';
import { type FieldType, type Scope, invalidParameter, invalidValue, isRecord, scalarFieldType } from './attributes.ts';
import { type Owner, isContentType } from '../model/fields.ts';
import { LIST_OPERATORS, PRESENCE_OPERATORS, VALUE_OPERATORS, type ListOperator, type PresenceOperator, type ValueOperator } from '../query/operators.ts';
import type { EntryFilter, FieldFilter, FilterValue, ScalarCondition } from './query.ts';
import { convertBoolean, convertValue } from './values.ts';

/** Validates `filters` (or `populate[…][filters]`) for `owner`; `parameter` names it in errors. */
export function validateFilters(raw: unknown, owner: Owner, scope: Scope, parameter = 'filters'): EntryFilter | undefined {
  if (raw === undefined) return undefined;
  return entryFilter(raw, owner, scope, parameter);
}

function entryFilter(raw: unknown, owner: Owner, scope: Scope, parameter: string): EntryFilter {
  if (!isRecord(raw)) throw invalidValue(parameter, 'an object of conditions', raw);
  const fields = new Map<string, FieldFilter>();
  let and: EntryFilter[] | undefined;
  let or: EntryFilter[] | undefined;
  let not: EntryFilter | undefined;
  for (const [key, value] of Object.entries(raw)) {
    const here = `${parameter}[${key}]`;
    if (key === '$and' || key === '$or') {
      const items = listOf(value).map((item, i) => entryFilter(item, owner, scope, `${here}[${i}]`));
      if (key === '$and') and = items;
      else or = items;
    } else if (key === '$not') {
      not = entryFilter(value, owner, scope, here);
    } else {
      fields.set(key, fieldFilter(key, value, owner, scope, here));
    }
  }
  return { fields, and, or, not };
}

function fieldFilter(key: string, value: unknown, owner: Owner, scope: Scope, parameter: string): FieldFilter {
  const type = scalarFieldType(owner, key, scope.access.readable);
  if (type) return { kind: 'scalar', condition: scalarCondition(value, type, parameter, scope) };
  const target = nestedOwner(key, owner, scope);
  if (!target) throw invalidParameter(key);
  const raw = isContentType(target) ? relationShorthands(value) : value;
  return { kind: 'nested', filter: entryFilter(raw, target, scope, parameter) };
}

/**
 * Strapi's shorthands on a relation, made explicit on the related entries' ids:
 * `filters[author]=1` (or a list of ids) and `filters[author][$null]=true` (or `$notNull`).
 */
function relationShorthands(value: unknown): unknown {
  if (!isRecord(value)) return { id: value };
  const { $null, $notNull, ...rest } = value;
  if ($null === undefined && $notNull === undefined) return value;
  const id = isRecord(rest.id) ? rest.id : rest.id === undefined ? {} : { $eq: rest.id };
  return { ...rest, id: { ...id, ...($null !== undefined && { $null }), ...($notNull !== undefined && { $notNull }) } };
}

/**
 * The content-type or component a relation, component or `localizations` key filters into.
 * Relations to content-types the role cannot `find` do not exist for the caller.
 */
function nestedOwner(key: string, owner: Owner, scope: Scope): Owner | undefined {
  if (key === 'localizations' && isContentType(owner) && owner.localized) return owner;
  const attribute = scope.access.readable(owner, key);
  if (attribute?.type === 'relation' && scope.access.may('find', attribute.target)) {
    return contentType(scope.model, attribute.target);
  }
  if (attribute?.type === 'component') return component(scope.model, attribute.component);
  return undefined;
}

/** `filters[f]=x` is `$eq`, `filters[f]=x&filters[f]=y` is `$in`, else an object of operators. */
function scalarCondition(raw: unknown, type: FieldType, parameter: string, scope: Scope): ScalarCondition {
  if (typeof raw === 'string') return scalarCondition({ $eq: raw }, type, parameter, scope);
  if (Array.isArray(raw)) return scalarCondition({ $in: raw }, type, parameter, scope);
  if (!isRecord(raw)) throw invalidValue(parameter, 'a value or an object of operators', raw);
  const values = new Map<ValueOperator, FilterValue>();
  const lists = new Map<ListOperator, FilterValue[]>();
  const presence = new Map<PresenceOperator, boolean>();
  let not: ScalarCondition | undefined;
  for (const [key, value] of Object.entries(raw)) {
    const here = `${parameter}[${key}]`;
    const operator = key.startsWith('$') ? key.slice(1) : undefined;
    if (operator === 'not') {
      not = scalarCondition(value, type, here, scope);
    } else if (isOperator(VALUE_OPERATORS, operator)) {
      if (typeof value !== 'string') throw invalidValue(here, 'a single value', value);
      values.set(operator, convertedValue(type, value, here, scope));
    } else if (isOperator(LIST_OPERATORS, operator)) {
      const items = listOf(value).map((item, i) => {
        const parameter = `${here}[${i}]`;
        if (typeof item !== 'string') throw invalidValue(parameter, 'a single value', item);
        return convertedValue(type, item, parameter, scope);
      });
      if (operator === 'between' && items.length !== 2) throw invalidValue(here, 'two values', value);
      lists.set(operator, items);
    } else if (isOperator(PRESENCE_OPERATORS, operator)) {
      presence.set(operator, convertBoolean(value, here));
    } else {
      throw invalidParameter(key);
    }
  }
  return { values, lists, presence, not };
}

/** One value converted to its field's type, told to the scope's observer (value-slots.ts). */
function convertedValue(type: FieldType, text: string, parameter: string, scope: Scope): FilterValue {
  const value = convertValue(type, text, parameter);
  scope.seen?.({ parameter, type, text, value });
  return value;
}

function isOperator<T extends string>(operators: readonly T[], name: string | undefined): name is T {
  return name !== undefined && (operators as readonly string[]).includes(name);
}

/** qs gives `a[0]=x` as an array and a lone `a=x` as a string; both are lists here. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) return Object.values(value);
  return [value];
}
