// RestQuery -> a GraphQL document on the Strapi v4 schema plus its variables. Built as an AST;
// every value from the request (filters, sort, pagination, locale, state, id) is a variable.
import { Kind, OperationTypeNode, type ArgumentNode, type DocumentNode, type OperationDefinitionNode, type SelectionNode, type VariableNode } from 'graphql';
import { collectionQueryField, filtersInputName, singleQueryField, typeName } from '../model/naming.ts';
import type { ContentModel, ContentType } from '../model/types.ts';
import { Variables, argument, field, intValue, listType, name, namedType, objectValue } from './ast.ts';
import { filtersInput } from './filter-input.ts';
import { MAX_PAGE_SIZE, type Pagination, type RestQuery, graphqlPublicationState } from './query.ts';
import { type SelectContext, selectEntry } from './select.ts';

/**
 * What the request reads: a page of entries, one entry by id, a single type's entry, or a
 * localized single type's entry in every locale (`locale=all`, which Strapi answers as a list).
 */
export type RestRead =
  | { readonly kind: 'findMany' }
  /** `written`: the entry a write just made or changed, found in any publication state (its relations in the request's). */
  | { readonly kind: 'findOne'; readonly id: string; readonly written?: boolean }
  | { readonly kind: 'findSingle'; readonly written?: boolean }
  | { readonly kind: 'findEveryLocale' }
  /** The logged-in user's own entry (`/api/users/me`); read as `findOne` of that id. */
  | { readonly kind: 'me' };

/**
 * The operation a route's request performs once its query and caller are known: `locale=all` on
 * a single type reads every locale; `me` reads the logged-in user by id.
 */
export function operationFor(target: ContentType, operation: RestRead, query: RestQuery, user?: { id: number }): RestRead {
  if (operation.kind === 'me' && user) return { kind: 'findOne', id: String(user.id) };
  return operation.kind === 'findSingle' && target.localized && query.locale === 'all' ? { kind: 'findEveryLocale' } : operation;
}

export interface BuiltDocument {
  readonly document: DocumentNode;
  readonly variables: Record<string, unknown>;
}

/** The root query field an operation on `target` reads: `articles`, `article`, `global`, `globals`. */
export function rootField(target: ContentType, operation: RestRead): string {
  return operation.kind === 'findMany' || operation.kind === 'findEveryLocale' ? collectionQueryField(target) : singleQueryField(target);
}

export function buildDocument(model: ContentModel, target: ContentType, operation: RestRead, query: RestQuery): BuiltDocument {
  const variables = new Variables();
  // One `$publicationState` for the root and every relation that takes it, declared when used.
  let stateVariable: VariableNode | undefined;
  const state = graphqlPublicationState(query.publicationState);
  const publicationState = state === undefined
    ? undefined
    : () => (stateVariable ??= variables.add('publicationState', namedType('PublicationState'), state));
  const context: SelectContext = { model, variables, publicationState };

  const args: ArgumentNode[] = [];
  if (operation.kind === 'findOne') args.push(argument('id', variables.add('id', namedType('ID'), operation.id)));
  if (operation.kind === 'findMany') args.push(...listArguments(target, query, variables));
  if (operation.kind === 'findEveryLocale') args.push(...everyLocaleArguments(query, variables));
  const locale = localeFor(target, operation, query);
  if (locale) args.push(argument('locale', variables.add('locale', namedType('I18NLocaleCode'), locale)));
  if (target.draftAndPublish && isWritten(operation)) args.push(argument('publicationState', variables.add('writtenState', namedType('PublicationState'), 'PREVIEW')));
  else if (target.draftAndPublish && publicationState) args.push(argument('publicationState', publicationState()));

  const data = field('data', [], selectEntry(target, query.selection, context, ''));
  const meta = operation.kind === 'findMany' ? metaSelection(query.pagination) : undefined;
  const operationNode: OperationDefinitionNode = {
    kind: Kind.OPERATION_DEFINITION,
    operation: OperationTypeNode.QUERY,
    name: name(`Rest${operation.kind[0].toUpperCase()}${operation.kind.slice(1)}`),
    variableDefinitions: variables.definitions,
    selectionSet: {
      kind: Kind.SELECTION_SET,
      selections: [field(rootField(target, operation), args, meta ? [data, meta] : [data])],
    },
  };
  return { document: { kind: Kind.DOCUMENT, definitions: [operationNode] }, variables: variables.values };
}

/** A write's read-back: the written entry is answered whatever its state; drafts it links are hidden unless the request asks for the preview. */
function isWritten(operation: RestRead): boolean {
  return (operation.kind === 'findOne' || operation.kind === 'findSingle') && operation.written === true;
}

/**
 * The locale asked for, where the root field reads one. By id, Strapi's REST API ignores it (the
 * id names one entry, in one locale, already); a single type has no `all`.
 */
function localeFor(target: ContentType, operation: RestRead, query: RestQuery): string | undefined {
  if (!target.localized || operation.kind === 'findOne') return undefined;
  return query.locale;
}

/** Every locale's entry, in the order asked (pagination does not apply, as in Strapi). */
function everyLocaleArguments(query: RestQuery, variables: Variables): ArgumentNode[] {
  const args = [argument('pagination', objectValue({ limit: intValue(MAX_PAGE_SIZE) }))];
  if (query.sort.length > 0) args.push(argument('sort', variables.add('sort', listType(namedType('String')), [...query.sort])));
  return args;
}

function listArguments(target: ContentType, query: RestQuery, variables: Variables): ArgumentNode[] {
  const args: ArgumentNode[] = [];
  if (query.filters) {
    const type = namedType(filtersInputName(typeName(target)));
    args.push(argument('filters', variables.add('filters', type, filtersInput(query.filters))));
  }
  args.push(argument('pagination', variables.add('pagination', namedType('PaginationArg'), paginationArg(query.pagination))));
  if (query.sort.length > 0) args.push(argument('sort', variables.add('sort', listType(namedType('String')), [...query.sort])));
  return args;
}

function paginationArg(pagination: Pagination): Record<string, number> {
  return pagination.kind === 'page'
    ? { page: pagination.page, pageSize: pagination.pageSize }
    : { start: pagination.start, limit: pagination.limit };
}

/**
 * Only what the REST envelope shows: without a count, `total` and `pageCount` are not selected,
 * so the count query never runs. The offset form echoes `start`/`limit` from the request.
 */
function metaSelection(pagination: Pagination): SelectionNode | undefined {
  const wanted = pagination.kind === 'page'
    ? ['page', 'pageSize', ...(pagination.withCount ? ['pageCount', 'total'] : [])]
    : pagination.withCount ? ['total'] : [];
  if (wanted.length === 0) return undefined;
  return field('meta', [], [field('pagination', [], wanted.map((fieldName) => field(fieldName)))]);
}
