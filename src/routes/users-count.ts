// `GET /api/users/count`'s query string -> the filters of its count. The plugin counts with the
// whole query as its `where` (`?blocked=true`, `?username[$contains]=a`); `filters[…]`, which it
// answers 500, is read as the same conditions (docs/decisions.md). Checked as REST filters are.
import { isRecord } from '../model/problems.ts';
import { USER_UID, contentType } from '../model/types.ts';
import { filtersInput } from '../rest/filter-input.ts';
import { validateFilters } from '../rest/validate-filters.ts';
import type { CallInput } from './table.ts';

/** The count's filters in the GraphQL filter input's shape, or undefined for every user. @throws ValidationError as a REST filter would. */
export function usersCountWhere(input: Pick<CallInput, 'query' | 'rights'>): Record<string, unknown> | undefined {
  const { filters, ...where } = input.query;
  const conditions = { ...where, ...(isRecord(filters) ? filters : {}) };
  if (Object.keys(conditions).length === 0) return undefined;
  const checked = validateFilters(conditions, contentType(input.rights.model, USER_UID), input.rights, 'where');
  return checked ? filtersInput(checked) : undefined;
}
