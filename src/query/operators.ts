// The operators of one scalar field (`{ ne: "a", gt: 1 }` on `title`) -> a MongoDB filter for a
// polarity, with SQL's NULL semantics: a comparison never holds, nor fails, on a NULL value; only
// `null`/`notNull` say something about NULL. Also each operator object's value on a NULL.
import { ValidationError } from '../errors/errors.ts';
import type { ScalarType } from '../model/types.ts';
import type { Filter } from '../store/store.ts';
import { andTruth, conjunction, disjunction, notTruth, type Polarity, type Truth } from './logic.ts';

/**
 * Strapi's filter operators without their `$`: the one list both protocols read (REST's `$eq`, the
 * GraphQL filter inputs' `eq`). Comparing operators in the order Strapi's schema lists them, then
 * ours (`startsWithi`, `endsWithi`).
 */
export const VALUE_OPERATORS = ['eq', 'eqi', 'ne', 'nei', 'startsWith', 'endsWith', 'contains', 'notContains', 'containsi', 'notContainsi', 'gt', 'gte', 'lt', 'lte', 'startsWithi', 'endsWithi'] as const;
/** Operators that take a list of values. */
export const LIST_OPERATORS = ['in', 'notIn', 'between'] as const;
/** Operators that test for NULL, taking a boolean. */
export const PRESENCE_OPERATORS = ['null', 'notNull'] as const;

export type ValueOperator = (typeof VALUE_OPERATORS)[number];
export type ListOperator = (typeof LIST_OPERATORS)[number];
export type PresenceOperator = (typeof PRESENCE_OPERATORS)[number];

type Input = Record<string, unknown>;
type FieldType = ScalarType | 'id';

/** One operator as a condition: a comparison (UNKNOWN on NULL), or a test of NULL itself. */
type Atom =
  | { kind: 'comparison'; positive: Filter; negated: boolean }
  | { kind: 'null'; isNull: boolean }
  | { kind: 'not'; operators: Input };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const regex = (pattern: string, caseInsensitive: boolean): Filter => ({ $regex: pattern, ...(caseInsensitive ? { $options: 'i' } : {}) });

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** Stored form of a filter value, so comparisons happen on what the store holds. */
function stored(type: FieldType, value: unknown): unknown {
  switch (type) {
    case 'id': {
      const id = Number(value);
      if (!Number.isInteger(id)) throw new ValidationError(`Invalid id ${JSON.stringify(value)}: expected an integer`);
      return id;
    }
    case 'json':
      return JSON.stringify(value);
    case 'datetime':
    case 'timestamp':
      return value instanceof Date ? value : new Date(String(value));
    default:
      return value;
  }
}

function text(type: FieldType, value: unknown): string {
  if (type !== 'json') return String(value);
  return typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
}

const comparison = (positive: Filter, negated = false): Atom => ({ kind: 'comparison', positive, negated });

/** One operator and its value -> its atom; `eq: null` asks for NULL, as SQL's `= NULL` does in Strapi. */
function atom(type: FieldType, operator: string, value: unknown): Atom {
  const raw = () => text(type, value);
  switch (operator) {
    case 'eq': return value === null ? { kind: 'null', isNull: true } : comparison({ $eq: stored(type, value) });
    case 'ne': return value === null ? { kind: 'null', isNull: false } : comparison({ $eq: stored(type, value) }, true);
    case 'eqi': return comparison(regex(`^${escapeRegex(raw())}$`, true));
    case 'nei': return comparison(regex(`^${escapeRegex(raw())}$`, true), true);
    case 'lt': case 'lte': case 'gt': case 'gte': return comparison({ [`$${operator}`]: stored(type, value) });
    case 'in': return comparison({ $in: asList(value).map((v) => stored(type, v)) });
    case 'notIn': return comparison({ $in: asList(value).map((v) => stored(type, v)) }, true);
    case 'between': {
      const [low, high] = asList(value);
      if (low === undefined || high === undefined) throw new ValidationError(`Invalid parameter between: expected two values`);
      return comparison({ $gte: stored(type, low), $lte: stored(type, high) });
    }
    case 'contains': return comparison(regex(escapeRegex(raw()), false));
    case 'containsi': return comparison(regex(escapeRegex(raw()), true));
    case 'notContains': return comparison(regex(escapeRegex(raw()), false), true);
    case 'notContainsi': return comparison(regex(escapeRegex(raw()), true), true);
    case 'startsWith': return comparison(regex(`^${escapeRegex(raw())}`, false));
    case 'startsWithi': return comparison(regex(`^${escapeRegex(raw())}`, true));
    case 'endsWith': return comparison(regex(`${escapeRegex(raw())}$`, false));
    case 'endsWithi': return comparison(regex(`${escapeRegex(raw())}$`, true));
    case 'null': return { kind: 'null', isNull: Boolean(value) };
    case 'notNull': return { kind: 'null', isNull: !value };
    case 'not': return { kind: 'not', operators: value as Input };
    default:
      throw new ValidationError(`Invalid parameter ${operator}`);
  }
}

function atomFilter(path: string, type: FieldType, item: Atom, polarity: Polarity): Filter {
  switch (item.kind) {
    case 'null':
      return { [path]: item.isNull === polarity ? { $eq: null } : { $ne: null } };
    case 'comparison':
      // TRUE where the comparison holds; FALSE where it fails on a value that is not NULL.
      return polarity !== item.negated
        ? { [path]: item.positive }
        : { $and: [{ [path]: { $not: item.positive } }, { [path]: { $ne: null } }] };
    case 'not':
      return operatorFilter(path, type, item.operators, !polarity);
  }
}

/**
 * The documents for which every operator of `operators` on `path` is TRUE (polarity true), or
 * for which their conjunction is FALSE. A bare value is `eq`. `or`/`and` hold lists of values.
 */
export function operatorFilter(path: string, type: FieldType, operators: unknown, polarity: Polarity): Filter {
  if (operators === null || typeof operators !== 'object' || Array.isArray(operators)) {
    return atomFilter(path, type, atom(type, 'eq', operators), polarity);
  }
  const parts: Filter[] = [];
  for (const [operator, value] of Object.entries(operators as Input)) {
    if (value === undefined) continue;
    if (operator === 'or' || operator === 'and') {
      const each = asList(value).map((v) => atomFilter(path, type, atom(type, 'eq', v), polarity));
      parts.push(operator === 'or' ? disjunction(polarity, each) : conjunction(polarity, each));
    } else {
      parts.push(atomFilter(path, type, atom(type, operator, value), polarity));
    }
  }
  return conjunction(polarity, parts);
}

/** The value of `operators` on a NULL: TRUE for `null: true`, FALSE for `notNull: true`, else UNKNOWN. */
export function operatorsOnNull(operators: unknown): Truth {
  if (operators === null || typeof operators !== 'object' || Array.isArray(operators)) return operators === null ? 'true' : 'unknown';
  const values: Truth[] = [];
  for (const [operator, value] of Object.entries(operators as Input)) {
    if (value === undefined) continue;
    if (operator === 'not') values.push(notTruth(operatorsOnNull(value)));
    else if (operator === 'null' || operator === 'notNull') values.push(Boolean(value) === (operator === 'null') ? 'true' : 'false');
    else if ((operator === 'eq' || operator === 'ne') && value === null) values.push(operator === 'eq' ? 'true' : 'false');
    else values.push('unknown');
  }
  return andTruth(values);
}
