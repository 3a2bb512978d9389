// A REST request's shape -> its plan: the validated RestQuery, the operation, and the GraphQL
// document with its variables, checked against the schema once. Plans are kept in an LRU bounded in
// bytes, keyed by what decides them (the caller's access key, the route, the query string), so a repeated
// shape skips parsing, validation, building and schema validation. Ids, a list's page number or
// start and size, its filters' single values and its `fields` (value-slots.ts) are set per
// request: random pages of a large collection, or one page per slug, share one plan. Each plan keeps one
// document object, so a shape used often runs compiled (compile.ts).
import { isDeepStrictEqual } from 'node:util';
import { validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { LRUCache } from 'lru-cache';
import type { CostModel } from '../graphql/cost.ts';
import { documentBytes } from '../graphql/document-cache.ts';
import { type CacheSize, byteBoundedCache, sizeOf } from '../limits/byte-cache.ts';
import type { ContentModel } from '../model/types.ts';
import { type BuiltDocument, type RestRead, buildDocument, operationFor, rootField } from './document.ts';
import { documentText } from './document-text.ts';
import { parseQueryString } from './parse.ts';
import { MAX_PAGE_SIZE, type RestQuery, type Selection } from './query.ts';
import type { ReadRoute } from './read-route.ts';
import { MAX_POSITION } from './validate-pagination.ts';
import { type ValidationScope, entrySelection, validateQuery } from './validate.ts';
import { validateFields } from './validate-fields.ts';
import { type SeenValue, defaultFields } from './attributes.ts';
import { type ValueSlots, type ValueTemplate, fieldsValue, filtersWith, valueSlotsIn, valueTemplate } from './value-slots.ts';

export interface Plan {
  /**
   * The validated query. A plan shared by filter values keeps those of the first request of its
   * shape here: after planning only the variables carry a request's values (its selection, its
   * `fields`, is the request's own).
   */
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

/** A list's plan shared by every filter value of its shape, and where its values go. */
interface Template {
  readonly plan: Plan;
  readonly values: ValueTemplate;
}

/** What decides a plan besides the query string: the caller's access key, the route, the operation. */
function planKey(route: ReadRoute, accessKey: string, search: string): string {
  const written = 'written' in route.operation && route.operation.written ? ' written' : '';
  return `${accessKey}\n${route.kind}\n${route.target.uid}\n${route.operation.kind}${written}\n${search}`;
}

export class PlanCache {
  private readonly plans: LRUCache<string, Plan>;
  /** Templates by the key of their shape; each keeps its plan alive, counted in its bytes. */
  private readonly templates: LRUCache<string, Template>;
  /**
   * Documents by their text: shapes that differ only in values (a page number, a filter's
   * threshold) build the same document with other variables, and share one object, checked
   * against the schema once and compiled once when used often.
   */
  private readonly documents: LRUCache<string, DocumentNode>;

  /** @param maxBytes bytes kept at most (an estimate, see {@link planBytes}): three fifths for plans, a fifth for their shared documents, a fifth for templates. */
  constructor(private readonly model: ContentModel, private readonly schema: GraphQLSchema, maxBytes: number) {
    const documentsBytes = Math.floor(maxBytes / 5);
    const templatesBytes = Math.floor(maxBytes / 5);
    this.plans = byteBoundedCache(maxBytes - documentsBytes - templatesBytes, planBytes);
    this.templates = byteBoundedCache(templatesBytes, (template, key) => planBytes(template.plan, key));
    this.documents = byteBoundedCache(documentsBytes, (document, text) => 2 * text.length + bytesOf.get(document)!);
  }

  /** The plans' bytes now, and the bound. */
  size(): CacheSize {
    const [plans, documents, templates] = [sizeOf(this.plans), sizeOf(this.documents), sizeOf(this.templates)];
    return { bytes: plans.bytes + documents.bytes + templates.bytes, entries: plans.entries + templates.entries, maxBytes: plans.maxBytes + documents.maxBytes + templates.maxBytes };
  }

  /**
   * The plan for this request shape, made on first use.
   * @param accessKey who may share answers (callers with one key are validated alike).
   * @param userId the logged-in user, for `/api/users/me`.
   * @throws ValidationError for a query string Strapi would refuse.
   */
  planFor(route: ReadRoute, search: string, scope: ValidationScope, accessKey: string, userId?: number): Plan {
    const values = route.kind === 'entries' ? valueSlotsIn(search) : undefined;
    return (values && this.withValues(route, search, values, scope, accessKey)) || this.positioned(route, search, scope, accessKey, userId);
  }

  /** The plan of a query string whose page number or start and size are variables (see {@link slotsIn}). */
  private positioned(route: ReadRoute, search: string, scope: ValidationScope, accessKey: string, userId?: number): Plan {
    const slots = route.kind === 'entries' ? slotsIn(search) : undefined;
    if (!slots) return this.planOf(route, search, scope, accessKey, userId);
    let shared: Plan;
    try {
      shared = this.planOf(route, slots.shape, scope, accessKey, userId);
    } catch {
      // Refused for something besides the position or size: the request's own text names the error.
      return this.planOf(route, search, scope, accessKey, userId);
    }
    return atSlots(shared, slots);
  }

  /**
   * The plan of a list (or of one entry by id) whose filter values and `fields` are taken out of its
   * key: the plan of the first request of its shape, with this request's values in its `filters`,
   * its `fields` in its selection, and its own position and size. Undefined when the shape has no
   * template (see {@link valueTemplate}) or its first request was refused.
   */
  private withValues(route: ReadRoute, search: string, values: ValueSlots, scope: ValidationScope, accessKey: string): Plan | undefined {
    // Filters are a list's; one entry by id takes only `fields` from its shape.
    const kind = route.operation.kind;
    if (kind !== 'findMany' && (kind !== 'findOne' || values.slots.length > 0)) return undefined;
    const positions = slotsIn(values.shape);
    const key = planKey(route, accessKey, positions?.shape ?? values.shape);
    let template = this.templates.get(key);
    if (!template) {
      template = this.templateOf(route, search, values, scope, accessKey, positions);
      if (!template) return undefined;
      this.templates.set(key, template);
    }
    const plan = positions ? atSlots(template.plan, positions) : template.plan;
    const query = values.fields.length > 0 ? { ...plan.query, selection: selectionWith(plan.query.selection, values, route, scope) } : plan.query;
    if (values.slots.length === 0) return { ...plan, query };
    const filters = filtersWith(template.values, template.plan.built.variables.filters, values);
    return { ...plan, query, built: { document: plan.built.document, variables: { ...plan.built.variables, filters } } };
  }

  /**
   * The template of a request's shape: its plan, made with a scope that hears the values validation
   * converts (their types and order); validated once more when that plan was already kept. Its
   * `fields` must select as validation selected them.
   */
  private templateOf(route: ReadRoute, search: string, values: ValueSlots, scope: ValidationScope, accessKey: string, positions: Slots | undefined): Template | undefined {
    const seen: SeenValue[] = [];
    const hearing: ValidationScope = { ...scope, seen: (value) => seen.push(value) };
    try {
      const plan = this.planOf(route, positions ? slotsIn(search)?.shape ?? search : search, hearing, accessKey);
      if (values.slots.length > seen.length) validateQuery(parseQueryString(search), route.target, hearing, route.kind);
      const template = valueTemplate(values, seen, plan.built.variables.filters);
      const sameFields = values.fields.length === 0 || isDeepStrictEqual(selectionWith(plan.query.selection, values, route, scope), plan.query.selection);
      return template && sameFields ? { plan, values: template } : undefined;
    } catch {
      // Refused: planned by its own query string, which names the error.
      return undefined;
    }
  }

  private planOf(route: ReadRoute, search: string, scope: ValidationScope, accessKey: string, userId?: number): Plan {
    const key = planKey(route, accessKey, search);
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

/**
 * The selection with this request's `fields`, validated as validation does (the same error for a
 * name it refuses); the document selects every default field for any choice of them.
 * @throws ValidationError
 */
function selectionWith(selection: Selection, values: ValueSlots, route: ReadRoute, scope: ValidationScope): Selection {
  const raw = fieldsValue(values.fields);
  const defaults = defaultFields(route.target, scope.access.readable);
  return entrySelection(validateFields(raw, route.target, scope.access.readable, 'fields', true, defaults), defaults, selection.populate);
}

/** A list's page number or start, or its page size or limit, as the query string gives it. */
interface Slot {
  readonly name: 'page' | 'start' | 'pageSize' | 'limit';
  readonly value: number;
}

/** The query string's slots, and that string with `1` in their places: the shared plan's key. */
interface Slots {
  readonly slots: readonly Slot[];
  readonly shape: string;
}

/**
 * `pagination[page|start|pageSize|limit]=` (brackets as they are or percent-encoded) where a parameter
 * begins (a value may hold `?pagination[page]=3`), and a whole number from 1 up.
 */
const SLOT = /((?:^\?|^|&)pagination(?:\[|%5[Bb])(page|start|pageSize|limit)(?:\]|%5[Dd])=)([1-9]\d{0,9})(?=&|$)/g;

/** The largest value of each slot that validation takes as it is (a larger size is lowered to the largest). */
const SLOT_MAX: Readonly<Record<Slot['name'], number>> = { page: MAX_POSITION, start: MAX_POSITION, pageSize: MAX_PAGE_SIZE, limit: MAX_PAGE_SIZE };

/**
 * The query string's page number or start and page size or limit, when each is given once as a
 * whole number that validation takes as it is; undefined when none is, or one is given twice (the
 * query string is then a plan's key as it is). A value validation would change (0, a leading zero,
 * a size past the largest) stays in the key.
 */
function slotsIn(search: string): Slots | undefined {
  const found = [...search.matchAll(SLOT)];
  const names = found.map((match) => match[2]);
  if (found.length === 0 || new Set(names).size !== names.length) return undefined;
  const taken = found.filter(([, , name, digits]) => Number(digits) <= SLOT_MAX[name as Slot['name']]);
  if (taken.length === 0) return undefined;
  let shape = '';
  let from = 0;
  for (const match of taken) {
    shape += `${search.slice(from, match.index)}${match[1]}1`;
    from = match.index! + match[0].length;
  }
  return { slots: taken.map(([, , name, digits]) => ({ name: name as Slot['name'], value: Number(digits) })), shape: shape + search.slice(from) };
}

/** A sized plan's budget record, one per page size of a shared plan: a larger page may cost past the budget. */
const sizedBudgets = new WeakMap<Plan, Map<number, Plan['budget']>>();

/**
 * The shared plan at this request's slots: its page number or start and its size in its query and
 * its variables. A position never changes a page's cost, so it keeps the shared plan's budget
 * check; a size has a check of its own.
 */
function atSlots(plan: Plan, { slots }: Slots): Plan {
  const pagination = plan.query.pagination;
  const variables = plan.built.variables.pagination as Record<string, number> | undefined;
  const form = pagination.kind === 'page' ? ['page', 'pageSize'] : ['start', 'limit'];
  if (plan.operation.kind !== 'findMany' || variables === undefined || slots.some((slot) => !form.includes(slot.name))) return plan;
  const values = Object.fromEntries(slots.map((slot) => [slot.name, slot.value]));
  const size = values.pageSize ?? values.limit;
  return {
    ...plan,
    query: { ...plan.query, pagination: { ...pagination, ...values } },
    built: { document: plan.built.document, variables: { ...plan.built.variables, pagination: { ...variables, ...values } } },
    budget: size === undefined ? plan.budget : sizedBudget(plan, size),
  };
}

function sizedBudget(plan: Plan, size: number): Plan['budget'] {
  let budgets = sizedBudgets.get(plan);
  if (!budgets) sizedBudgets.set(plan, (budgets = new Map()));
  let budget = budgets.get(size);
  if (!budget) budgets.set(size, (budget = {}));
  return budget;
}

/** The plan's variables for this request: its own id where the route names one (or `me`'s user). */
export function variablesFor(plan: Plan, route: ReadRoute, userId?: number): Record<string, unknown> {
  if (plan.operation.kind !== 'findOne') return plan.built.variables;
  const id = route.operation.kind === 'findOne' ? route.operation.id : String(userId);
  return { ...plan.built.variables, id };
}
