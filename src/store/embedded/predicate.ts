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

/**
 * A filter as a tree: conjunctions, disjunctions, native field tests and what mingo decides. It
 * becomes generated functions, in which every test is called from a place of its own: V8 then sees
 * one callee and one field name at each place and inlines them, where shared combinator closures
 * would see every test of every filter and fall back to generic calls.
 */
type Node =
  | { kind: 'all' | 'some' | 'none'; parts: Node[] }
  | { kind: 'field'; field: string; test: ValueTest; fallback: Predicate }
  | { kind: 'mingo'; test: Predicate };

/** A compiled filter: a test of one document, and the same test of a slot read from columns. */
export interface CompiledPredicate {
  readonly test: Predicate;
  /** The top-level fields the native tests read, in the order {@link onColumns} takes their columns. */
  readonly fields: readonly string[];
  /**
   * The test of a collection slot: field `fields[i]` read from `columns[i][slot]`, and what mingo
   * decides from `docs[slot]` (the document the columns were taken from). A scan then reads a few
   * compact arrays instead of visiting every document.
   */
  onColumns(columns: ReadonlyArray<ArrayLike<unknown>>, docs: ArrayLike<Record<string, unknown> | undefined>): (slot: number) => boolean;
}

export function compilePredicate(filter: Filter): Predicate {
  return compileFilter(filter).test;
}

export function compileFilter(filter: Filter): CompiledPredicate {
  const tree = conjunction(filter);
  const functions: Array<ValueTest | Predicate> = [];
  const fields: string[] = [];
  // A field name is written as a JSON string literal: whatever it holds, it reads only that field.
  const onDocument = emit(tree, functions, (field) => `doc[${JSON.stringify(field)}]`, 'doc');
  const onSlot = emit(tree, [], (field) => {
    const at = fields.indexOf(field);
    return `c${at >= 0 ? at : fields.push(field) - 1}[slot]`;
  }, 'docs[slot]');
  const names = functions.map((_, i) => `f${i}`);
  const columns = fields.map((_, i) => `c${i}`);
  const test = new Function('UNSURE', ...names, `return function test(doc) { let a; return ${onDocument}; };`)(UNSURE, ...functions) as Predicate;
  const bind = new Function('UNSURE', ...names, `return function bind(columns, docs) { const [${columns.join(', ')}] = columns; return function testSlot(slot) { let a; return ${onSlot}; }; };`)(UNSURE, ...functions);
  return { test, fields, onColumns: bind };
}

/**
 * The node's code as a JavaScript expression: `read(field)` is how a field's value is read, `doc`
 * the document handed to mingo; `functions` collects what it calls, as f0, f1... (both modes call
 * them in the same order).
 */
function emit(node: Node, functions: Array<ValueTest | Predicate>, read: (field: string) => string, doc: string): string {
  const call = (fn: ValueTest | Predicate, argument: string) => `f${functions.push(fn) - 1}(${argument})`;
  const parts = (list: Node[], operator: string) => list.map((part) => emit(part, functions, read, doc)).join(operator);
  switch (node.kind) {
    case 'all':
      return node.parts.length === 0 ? 'true' : `(${parts(node.parts, ' && ')})`;
    case 'some':
      return node.parts.length === 0 ? 'false' : `(${parts(node.parts, ' || ')})`;
    case 'none':
      return node.parts.length === 0 ? 'true' : `!(${parts(node.parts, ' || ')})`;
    case 'field':
      return `((a = ${call(node.test, read(node.field))}) === true || (a === UNSURE && ${call(node.fallback, doc)}))`;
    case 'mingo':
      return call(node.test, doc);
  }
}

/** Every key of the filter holds. */
function conjunction(filter: Filter): Node {
  const parts = Object.entries(filter).map(([key, condition]) => clause(key, condition));
  return parts.length === 1 ? parts[0] : { kind: 'all', parts };
}

/** The conditions of an `$and` list, nested `$and`s of one key flattened into it. */
function conjuncts(list: readonly unknown[]): Filter[] {
  return list.flatMap((part) => {
    const filter = part as Filter;
    const keys = Object.keys(filter);
    return keys.length === 1 && keys[0] === '$and' && Array.isArray(filter.$and) ? conjuncts(filter.$and) : [filter];
  });
}

function clause(key: string, condition: unknown): Node {
  switch (key) {
    case '$and':
      if (Array.isArray(condition)) return { kind: 'all', parts: conjuncts(condition).map(conjunction) };
      break;
    case '$or':
      if (Array.isArray(condition)) return { kind: 'some', parts: condition.map((part) => conjunction(part as Filter)) };
      break;
    case '$nor':
      if (Array.isArray(condition)) return { kind: 'none', parts: condition.map((part) => conjunction(part as Filter)) };
      break;
    default: {
      const test = key.startsWith('$') || key.includes('.') ? undefined : fieldTest(condition);
      if (test) return { kind: 'field', field: key, test, fallback: lazyMingo({ [key]: condition }) };
    }
  }
  return { kind: 'mingo', test: mingo({ [key]: condition }) };
}

/** mingo's test, compiled the first time a native test is unsure. */
function lazyMingo(filter: Filter): Predicate {
  let test: Predicate | undefined;
  return (doc) => (test ??= mingo(filter))(doc);
}

/**
 * A function reading one top-level field. Each field gets its own function, so V8 sees one field
 * name at each read (a fast, monomorphic property load) rather than every field name at one shared
 * `doc[field]`, which it can only answer with a generic lookup. The name is written as a JSON
 * string literal, so any field name reads only that field.
 */
export function reader(field: string): (doc: Record<string, unknown>) => unknown {
  let read = readers.get(field);
  if (!read) {
    read = new Function('doc', `return doc[${JSON.stringify(field)}];`) as (doc: Record<string, unknown>) => unknown;
    readers.set(field, read);
  }
  return read;
}
const readers = new Map<string, (doc: Record<string, unknown>) => unknown>();

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
