// `find`: one page of a content-type's entries matching the caller's filters, in the live or
// preview state and one locale (or all); one store query, and one count when the total is asked.
import { pageCount, pageWindow, type PageWindow } from '../query/pagination.ts';
import { and, filterScope, localeFilter, readEntries, visibleEntries } from '../query/read.ts';
import { planSort } from '../query/sort.ts';
import type { ContentType } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import type { CountInput, FindInput } from './operation.ts';
import type { RequestScope } from './scope.ts';

/** What `meta.pagination` resolves from: the count runs only if `total` or `pageCount` is asked. */
export interface PaginationValue {
  window: PageWindow;
  total(): Promise<number>;
}

export interface CollectionValue {
  data: Doc[];
  meta: { pagination: PaginationValue };
}

export async function find(scope: RequestScope, type: ContentType, input: FindInput): Promise<CollectionValue> {
  const window = pageWindow(input.pagination);
  const state = input.publicationState ?? scope.publicationState;
  const filterContext = filterScope(scope.model, scope.store, scope.access, state);
  const filter = and(await visibleEntries(filterContext, type, input.filters, state), localeFilter(type, input.locale, scope.locales));
  const data = await readEntries(scope.store, type, filter, planSort(filterContext, type, input.sort), window);
  let counted: Promise<number> | undefined;
  return { data, meta: { pagination: { window, total: () => (counted ??= scope.store.count(type.collectionName, filter)) } } };
}

/** `meta.pagination`'s fields, from a {@link PaginationValue}. */
export const paginationFields = {
  total: (p: PaginationValue) => p.total(),
  page: (p: PaginationValue) => p.window.page,
  pageSize: (p: PaginationValue) => p.window.pageSize,
  pageCount: async (p: PaginationValue) => pageCount(await p.total(), p.window.pageSize),
};

/** How many entries of `type` match the filters (every one without), drafts and every locale included, as Strapi's count counts them. */
export async function count(scope: RequestScope, type: ContentType, input: CountInput): Promise<number> {
  if (!input.filters) return scope.store.count(type.collectionName, {});
  const filter = await visibleEntries(filterScope(scope.model, scope.store, scope.access, 'PREVIEW'), type, input.filters, 'PREVIEW');
  return scope.store.count(type.collectionName, filter);
}
