// A REST request's shape -> its plan: the validated RestQuery, the operation, and the GraphQL
// document with its variables, checked against the schema once. Plans are kept in an LRU bounded in
// bytes, keyed by what decides them (the caller's access key, the route, the query string), so a repeated
// shape skips parsing, validation, building and schema validation. Ids, and a list's page number or
// start, are variables set per request: random pages of a large collection share one plan. Each
// plan keeps one document object, so a shape used often runs compiled (compile.ts).
import { validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { LRUCache } from 'lru-cache';
import type { CostModel } from '../graphql/cost.ts';
import { documentBytes } from '../graphql/document-cache.ts';
import { type CacheSize, byteBoundedCache, sizeOf } from '../limits/byte-cache.ts';
import type { ContentModel } from '../model/types.ts';
import { type BuiltDocument, type RestRead, buildDocument, operationFor, rootField } from './document.ts';
import { documentText } from './document-text.ts';
import { parseQueryString } from './parse.ts';
import type { RestQuery } from './query.ts';
import type { ReadRoute } from './read-route.ts';
import { MAX_POSITION } from './validate-pagination.ts';
import { type ValidationScope, validateQuery } from './validate.ts';

export interface Plan {
  readonly query: RestQuery;
  /** The operation as planned; a by-id plan serves every id (see {@link variablesFor}). */
  readonly operation: RestRead;
  readonly built: BuiltDocument;
  /** The root field the answer is under. */
  readonly field: string;
  /**
   * The cost model the entry budget last passed with; checked again when the data is measured
   * anew. One record for the plan and every position of it.
   */
  readonly budget: { passed?: CostModel };
}

/**
 * Heap bytes of a plan per character of its query string, beside its document: the parsed query
 * string (qs), the validated RestQuery and the variables each hold a copy of what it says.
 */
const PLAN_BYTES_PER_CHARACTER = 16;

/** Each shared document's bytes, counted once when it is first kept. */
const bytesOf = new WeakMap<DocumentNode, number>();

/** The bytes a plan keeps alive, its key included: an estimate that errs high (a shared document counts in each plan). */
function planBytes(plan: Plan, key: string): number {
  return PLAN_BYTES_PER_CHARACTER * key.length + (bytesOf.get(plan.built.document) ?? documentBytes(plan.built.document));
}

export class PlanCache {
  private readonly plans: LRUCache<string, Plan>;
  /**
   * Documents by their text: shapes that differ only in values (a page number, a filter's
   * threshold) build the same document with other variables, and share one object, checked
   * against the schema once and compiled once when used often.
   */
  private readonly documents: LRUCache<string, DocumentNode>;

  /** @param maxBytes bytes kept at most (an estimate, see {@link planBytes}): four fifths for plans, a fifth for their shared documents. */
  constructor(private readonly model: ContentModel, private readonly schema: GraphQLSchema, maxBytes: number) {
    const documentsBytes = Math.floor(maxBytes / 5);
    this.plans = byteBoundedCache(maxBytes - documentsBytes, planBytes);
    this.documents = byteBoundedCache(documentsBytes, (document, text) => 2 * text.length + bytesOf.get(document)!);
  }

  /** The plans' bytes now, and the bound. */
  size(): CacheSize {
    const [plans, documents] = [sizeOf(this.plans), sizeOf(this.documents)];
    return { bytes: plans.bytes + documents.bytes, entries: plans.entries, maxBytes: plans.maxBytes + documents.maxBytes };
  }

  /**
   * The plan for this request shape, made on first use.
   * @param accessKey who may share answers (callers with one key are validated alike).
   * @param userId the logged-in user, for `/api/users/me`.
   * @throws ValidationError for a query string Strapi would refuse.
   */
  planFor(route: ReadRoute, search: string, scope: ValidationScope, accessKey: string, userId?: number): Plan {
    const position = route.kind === 'entries' ? positionIn(search) : undefined;
    if (!position) return this.planOf(route, search, scope, accessKey, userId);
    let shared: Plan;
    try {
      shared = this.planOf(route, position.shape, scope, accessKey, userId);
    } catch {
      // Refused for something besides the position: the request's own text names the error.
      return this.planOf(route, search, scope, accessKey, userId);
    }
    return atPosition(shared, position);
  }

  private planOf(route: ReadRoute, search: string, scope: ValidationScope, accessKey: string, userId?: number): Plan {
    const written = 'written' in route.operation && route.operation.written ? ' written' : '';
    const key = `${accessKey}\n${route.kind}\n${route.target.uid}\n${route.operation.kind}${written}\n${search}`;
    const found = this.plans.get(key);
    if (found) return found;
    const query = validateQuery(parseQueryString(search), route.target, scope, route.kind, route.operation.kind === 'findOne');
    const operation = operationFor(route.target, route.operation, query, userId === undefined ? undefined : { id: userId });
    const built = this.shared(buildDocument(this.model, route.target, operation, query));
    const plan: Plan = { query, operation, built, field: rootField(route.target, operation), budget: {} };
    this.plans.set(key, plan);
    return plan;
  }

  /** The built document, as the one object every plan of its text shares (checked against the schema when first made). */
  private shared(built: BuiltDocument): BuiltDocument {
    const text = documentText(built.document);
    const found = this.documents.get(text);
    if (found) return { document: found, variables: built.variables };
    const invalid = validate(this.schema, built.document);
    if (invalid.length > 0) {
      throw new Error(`REST façade built a document the schema rejects: ${invalid.map((e) => e.message).join('; ')}`);
    }
    bytesOf.set(built.document, documentBytes(built.document));
    this.documents.set(text, built.document);
    return built;
  }
}

/** A list's page number or start, as the query string gives it, and that string with `1` in its place. */
interface Position {
  readonly name: 'page' | 'start';
  readonly value: number;
  readonly shape: string;
}

/** `pagination[page]=` or `pagination[start]=` (brackets as they are or percent-encoded) and a whole number from 1 up. */
const POSITION = /([?&]pagination(?:\[|%5B)(page|start)(?:\]|%5D)=)([1-9]\d{0,9})(?=&|$)/gi;

/**
 * The query string's one page number or start, when it is a whole number that validation takes as
 * it is (1 to {@link MAX_POSITION}); undefined otherwise (absent, repeated, another form), and the
 * query string is a plan's key as it is.
 */
function positionIn(search: string): Position | undefined {
  const found = [...search.matchAll(POSITION)];
  if (found.length !== 1) return undefined;
  const [match, prefix, name, digits] = found[0];
  const value = Number(digits);
  if (value > MAX_POSITION) return undefined;
  const at = found[0].index!;
  return { name: name.toLowerCase() as Position['name'], value, shape: `${search.slice(0, at)}${prefix}1${search.slice(at + match.length)}` };
}

/**
 * The shared plan at this request's position: the page number or start in its query and its
 * variables. Its budget check is the shared plan's (a position never changes a page's size).
 */
function atPosition(plan: Plan, position: Position): Plan {
  const pagination = plan.query.pagination;
  const variables = plan.built.variables.pagination as Record<string, number> | undefined;
  const form = position.name === 'page' ? 'page' : 'offset';
  if (plan.operation.kind !== 'findMany' || pagination.kind !== form || variables === undefined) return plan;
  const moved = pagination.kind === 'page' ? { ...pagination, page: position.value } : { ...pagination, start: position.value };
  return {
    ...plan,
    query: { ...plan.query, pagination: moved },
    built: { document: plan.built.document, variables: { ...plan.built.variables, pagination: { ...variables, [position.name]: position.value } } },
  };
}

/** The plan's variables for this request: its own id where the route names one (or `me`'s user). */
export function variablesFor(plan: Plan, route: ReadRoute, userId?: number): Record<string, unknown> {
  if (plan.operation.kind !== 'findOne') return plan.built.variables;
  const id = route.operation.kind === 'findOne' ? route.operation.id : String(userId);
  return { ...plan.built.variables, id };
}
