// A MongoDB filter -> a test of one document view, compiled once: the operators the gateway sends
// (`$and`, `$or`, `$nor`, `$not`, `$eq`, `$ne`, `$in`, `$nin`, `$lt`, `$lte`, `$gt`, `$gte`,
// `$regex` with `$options`, `$exists`) are native JavaScript for top-level fields holding strings,
// numbers, booleans, dates or nothing; anything else (a dotted path, an array or an object in the
// document, another operator) is asked of mingo, so the answer is always mingo's
// (test/store/predicate.test.ts compares them).
import { Query } from 'mingo';
import type { Filter } from '../store.ts';

export type Predicate = (doc: Record<string, unknown>) => boolean;

/** A native test of one field's value, or UNSURE where mingo must decide. */
type ValueTest = (value: unknown) => boolean | typeof UNSURE;
const UNSURE = Symbol('unsure');

export function compilePredicate(filter: Filter): Predicate {
  return all(Object.entries(filter).map(([key, condition]) => clause(key, condition)));
}

/** Every part holds (true for none); two parts, the usual case, without a loop. */
function all(parts: readonly Predicate[]): Predicate {
  if (parts.length === 0) return () => true;
  if (parts.length === 1) return parts[0];
  if (parts.length === 2) {
    const [a, b] = parts;
    return (doc) => a(doc) && b(doc);
  }
  return (doc) => {
    for (let i = 0; i < parts.length; i++) if (!parts[i](doc)) return false;
    return true;
  };
}

/** Some part holds (false for none). */
function some(parts: readonly Predicate[]): Predicate {
  if (parts.length === 1) return parts[0];
  return (doc) => {
    for (let i = 0; i < parts.length; i++) if (parts[i](doc)) return true;
    return false;
  };
}

/** The conditions of an `$and` list, nested `$and`s of one key flattened into it. */
function conjuncts(list: readonly unknown[]): Filter[] {
  return list.flatMap((part) => {
    const filter = part as Filter;
    const keys = Object.keys(filter);
    return keys.length === 1 && keys[0] === '$and' && Array.isArray(filter.$and) ? conjuncts(filter.$and) : [filter];
  });
}

function clause(key: string, condition: unknown): Predicate {
  switch (key) {
    case '$and':
      if (Array.isArray(condition)) return all(conjuncts(condition).map(compilePredicate));
      break;
    case '$or':
      if (Array.isArray(condition)) return some(condition.map((part) => compilePredicate(part as Filter)));
      break;
    case '$nor':
      if (Array.isArray(condition)) {
        const parts = condition.map((part) => compilePredicate(part as Filter));
        return (doc) => !parts.some((part) => part(doc));
      }
      break;
    default: {
      const test = key.startsWith('$') || key.includes('.') ? undefined : fieldTest(condition);
      if (test) return fieldClause(key, condition, test);
    }
  }
  return mingo({ [key]: condition });
}

/** A top-level field's test, with mingo deciding the values the native test is unsure of. */
function fieldClause(field: string, condition: unknown, test: ValueTest): Predicate {
  let fallback: Predicate | undefined;
  return (doc) => {
    const answer = test(doc[field]);
    if (answer !== UNSURE) return answer;
    fallback ??= mingo({ [field]: condition });
    return fallback(doc);
  };
}

function mingo(filter: Filter): Predicate {
  const query = new Query(filter);
  return (doc) => query.test(doc);
}

/** Strings, finite numbers, booleans, dates, and nothing: what the native tests know. */
type Simple = string | number | boolean | Date | null | undefined;
const isSimple = (value: unknown): value is Simple =>
  value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean' || value instanceof Date || (typeof value === 'number' && Number.isFinite(value));

/** The test of a field's condition, or undefined when it has an operator or value not known here. */
function fieldTest(condition: unknown): ValueTest | undefined {
  if (isSimple(condition)) return equals(condition);
  if (condition instanceof RegExp) return pattern(condition);
  if (typeof condition !== 'object' || Array.isArray(condition)) return undefined;
  const operators = condition as Record<string, unknown>;
  if (Object.keys(operators).some((key) => !key.startsWith('$'))) return undefined;
  const tests: ValueTest[] = [];
  for (const [operator, operand] of Object.entries(operators)) {
    const test = operatorTest(operator, operand, operators);
    if (test === undefined) return undefined;
    if (test !== null) tests.push(test);
  }
  if (tests.length === 1) return tests[0];
  return (value) => {
    let unsure = false;
    for (const test of tests) {
      const answer = test(value);
      if (answer === false) return false;
      if (answer === UNSURE) unsure = true;
    }
    return unsure ? UNSURE : true;
  };
}

/** One operator's test; null for `$options` (read with `$regex`); undefined when not known here. */
function operatorTest(operator: string, operand: unknown, all: Record<string, unknown>): ValueTest | null | undefined {
  switch (operator) {
    case '$eq':
      return isSimple(operand) ? equals(operand) : undefined;
    case '$ne': {
      if (!isSimple(operand)) return undefined;
      const equal = equals(operand);
      return (value) => negate(equal(value));
    }
    case '$in':
    case '$nin': {
      if (!Array.isArray(operand) || !operand.every(isSimple)) return undefined;
      const tests = operand.map(equals);
      const any: ValueTest = (value) => {
        let unsure = false;
        for (const test of tests) {
          const answer = test(value);
          if (answer === true) return true;
          if (answer === UNSURE) unsure = true;
        }
        return unsure ? UNSURE : false;
      };
      return operator === '$in' ? any : (value) => negate(any(value));
    }
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte':
      return compare(operator, operand);
    case '$regex': {
      const options = all.$options;
      if (typeof operand !== 'string' || (options !== undefined && (typeof options !== 'string' || !/^[imsx]*$/.test(options)) || (options as string | undefined)?.includes('x'))) return undefined;
      return pattern(new RegExp(operand, options as string | undefined));
    }
    case '$options':
      return typeof all.$regex === 'string' ? null : undefined;
    case '$exists':
      return typeof operand === 'boolean' ? (value) => (Array.isArray(value) || isSimple(value) ? (value !== undefined) === operand : UNSURE) : undefined;
    case '$not': {
      const inner = operand instanceof RegExp ? pattern(operand) : fieldTest(operand);
      if (!inner || operand === null || typeof operand !== 'object') return undefined;
      return (value) => negate(inner(value));
    }
    default:
      return undefined;
  }
}

function negate(answer: boolean | typeof UNSURE): boolean | typeof UNSURE {
  return answer === UNSURE ? UNSURE : !answer;
}

/** MongoDB's equality on simple values: null matches null and missing; dates by time. */
function equals(operand: Simple): ValueTest {
  if (operand === null || operand === undefined) return (value) => (value === null || value === undefined ? true : isSimple(value) ? false : UNSURE);
  if (operand instanceof Date) {
    const time = operand.getTime();
    return (value) => (value instanceof Date ? value.getTime() === time : isSimple(value) ? false : UNSURE);
  }
  if (typeof operand === 'string') {
    // The usual case (an enumeration, a slug): a string is compared, any other simple value differs.
    return (value) => (typeof value === 'string' ? value === operand : isSimple(value) ? false : UNSURE);
  }
  return (value) => (isSimple(value) && !(value instanceof Date) ? value === operand : value instanceof Date ? false : UNSURE);
}

/** Comparisons within one kind (numbers, strings, dates), as MongoDB brackets types. */
function compare(operator: string, operand: unknown): ValueTest | undefined {
  const kind = typeof operand === 'number' && Number.isFinite(operand) ? 'number' : typeof operand === 'string' ? 'string' : operand instanceof Date ? 'date' : undefined;
  if (!kind) return undefined;
  const bound = operand instanceof Date ? operand.getTime() : (operand as number | string);
  const holds = { $lt: (a: number | string) => a < bound, $lte: (a: number | string) => a <= bound, $gt: (a: number | string) => a > bound, $gte: (a: number | string) => a >= bound }[operator as '$lt']!;
  if (kind === 'number') return (value) => (typeof value === 'number' && Number.isFinite(value) ? holds(value) : isSimple(value) ? false : UNSURE);
  return (value) => {
    if (!isSimple(value)) return UNSURE;
    if (kind === 'date') return value instanceof Date ? holds(value.getTime()) : false;
    return typeof value === kind ? holds(value as number | string) : false;
  };
}

/** A regular expression matches strings only. */
function pattern(expression: RegExp): ValueTest {
  return (value) => (typeof value === 'string' ? expression.test(value) : isSimple(value) ? false : UNSURE);
}
