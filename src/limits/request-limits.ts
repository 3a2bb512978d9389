// What one request may cost, and the checks that refuse it before it runs: the entries its answer
// could hold (one estimate for both protocols), the size of a GraphQL document, of its variables
// and of its filters and sorts. Each refusal is a ValidationError naming the limit passed.
import { Kind, TypeInfo, valueFromASTUntyped, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema, type ValueNode } from 'graphql';
import { ValidationError } from '../errors/errors.ts';
import { checkFilterSize, distinctSortKeys } from './input-sizes.ts';

export interface RequestLimits {
  /** Most entries, component items and media files one request's answer may hold. */
  readonly maxEntries: number;
  /** GraphQL: deepest field nesting (a relation costs three levels: field, `data`, `attributes`). */
  readonly maxDepth: number;
  /** GraphQL: most aliased fields in one operation. */
  readonly maxAliases: number;
  /**
   * GraphQL: longest document text (the request's `query`, UTF-8 bytes); a longer one is refused
   * with a 413 before it is parsed. Tokens do not bound it: a string literal is one token.
   */
  readonly maxDocumentBytes: number;
  /** GraphQL: most lexical tokens in one document. */
  readonly maxTokens: number;
  /** GraphQL: most directives in one operation. */
  readonly maxDirectives: number;
  /**
   * GraphQL: deepest nesting of braces, brackets and parentheses in a document (selections,
   * arguments, input objects, lists), checked before parsing, which recurses as deep.
   */
  readonly maxNesting: number;
  /** GraphQL: deepest nesting of the variables' JSON, and most values in it. */
  readonly maxVariablesDepth: number;
  readonly maxVariablesValues: number;
  /** Milliseconds a request may run before it is stopped and answered 503. */
  readonly timeoutMs: number;
}

/**
 * Every request of the conformance suite and of 7,000 generated client requests on three real
 * models passes these with room to spare (largest seen: 7,005 entries, depth 15, 4 aliases, 174
 * tokens); the hostile requests of issue 8 do not. docs/decisions.md has the measurements.
 */
export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  maxEntries: 100_000,
  maxDepth: 24,
  maxAliases: 30,
  maxDocumentBytes: 256 * 1024,
  maxTokens: 5_000,
  maxDirectives: 50,
  maxNesting: 64,
  maxVariablesDepth: 24,
  maxVariablesValues: 5_000,
  timeoutMs: 5_000,
};

/**
 * @throws ValidationError when GraphQL variables nest deeper or hold more values than allowed:
 * checked before the schema coerces them, without recursion.
 */
export function checkVariablesSize(variables: unknown, limits: Pick<RequestLimits, 'maxVariablesDepth' | 'maxVariablesValues'>): void {
  const past = pastJsonBounds(variables, limits.maxVariablesDepth, limits.maxVariablesValues);
  if (past === 'depth') {
    throw new ValidationError(`Variables nest deeper than ${limits.maxVariablesDepth} levels (maxVariablesDepth)`, { limit: 'maxVariablesDepth' });
  }
  if (past === 'values') {
    throw new ValidationError(`Variables hold more than ${limits.maxVariablesValues} values (maxVariablesValues)`, { limit: 'maxVariablesValues' });
  }
}

/**
 * @throws ValidationError when a REST request's body (parsed JSON or form) nests its arrays and
 * objects deeper than GraphQL variables may: the same bound for both protocols' input, checked at
 * the one place a REST body is parsed, without recursion, before anything walks it.
 */
export function checkBodyDepth(body: unknown, limits: Pick<RequestLimits, 'maxVariablesDepth'>): void {
  if (pastJsonBounds(body, limits.maxVariablesDepth, Number.POSITIVE_INFINITY) === 'depth') {
    throw new ValidationError(`The request body nests arrays and objects deeper than ${limits.maxVariablesDepth} levels (maxVariablesDepth)`, { limit: 'maxVariablesDepth' });
  }
}

/** Which bound a JSON value passes first, walked without recursion: its nesting depth, or its count of values. */
function pastJsonBounds(value: unknown, maxDepth: number, maxValues: number): 'depth' | 'values' | undefined {
  const pending: Array<[unknown, number]> = [[value, 0]];
  let values = 0;
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth >= maxDepth) return 'depth';
    for (const item of Array.isArray(next) ? next : Object.values(next)) {
      if (++values > maxValues) return 'values';
      pending.push([item, depth + 1]);
    }
  }
  return undefined;
}

/**
 * @throws ValidationError when `source` (a GraphQL document) nests braces, brackets or parentheses
 * deeper than `maxNesting`. A linear scan that skips strings, block strings and comments.
 */
export function checkDocumentNesting(source: string, maxNesting: number): void {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (char === '"') {
      i = source.startsWith('"""', i) ? endOfBlockString(source, i + 3) : endOfString(source, i + 1);
    } else if (char === '{' || char === '[' || char === '(') {
      if (++depth > maxNesting) {
        throw new ValidationError(`The document nests deeper than ${maxNesting} levels of braces, brackets and parentheses (maxNesting)`, { limit: 'maxNesting' });
      }
    } else if (char === '}' || char === ']' || char === ')') {
      depth--;
    }
  }
}

/** The index of the quote closing a string opened before `i` (or the end: the parser reports it). */
function endOfString(source: string, i: number): number {
  for (; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '"' || source[i] === '\n') return i;
  }
  return i;
}

function endOfBlockString(source: string, i: number): number {
  for (; i < source.length; i++) {
    if (source.startsWith('\\"""', i)) i += 3;
    else if (source.startsWith('"""', i)) return i + 2;
  }
  return i;
}

/**
 * @throws ValidationError when a `filters` or `sort` argument anywhere in the document (its
 * variables included) is larger than REST's query string could make it: checked once per
 * argument as written (each fragment once), before execution, so such a request is a 400.
 */
export function checkArgumentSizes(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined): void {
  for (const { name, value } of sizedArguments(schema, document)) {
    const given = value.kind === Kind.VARIABLE ? variables?.[value.name.value] : valueFromASTUntyped(value, variables);
    if (name === 'filters') checkFilterSize(given);
    else distinctSortKeys(given as string[] | string | null | undefined);
  }
}

/** A `filters` or `sort` argument of a document, as written. */
interface SizedArgument {
  readonly name: 'filters' | 'sort';
  readonly value: ValueNode;
}

/** Each document's sized arguments, found once: both protocols hand the same document object to every request of one shape. */
const argumentsOf = new WeakMap<DocumentNode, { schema: GraphQLSchema; sized: readonly SizedArgument[] }>();

function sizedArguments(schema: GraphQLSchema, document: DocumentNode): readonly SizedArgument[] {
  const known = argumentsOf.get(document);
  if (known?.schema === schema) return known.sized;
  const sized: SizedArgument[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(document, visitWithTypeInfo(typeInfo, {
    Argument(node) {
      const name = typeInfo.getArgument()?.name;
      if (name === 'filters' || name === 'sort') sized.push({ name, value: node.value });
    },
  }));
  argumentsOf.set(document, { schema, sized });
  return sized;
}
