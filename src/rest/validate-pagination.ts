// Raw `pagination` (qs output) -> Pagination: `page`/`pageSize` or `start`/`limit`, and
// `withCount`. Defaults and the silent cap on page size follow Strapi's REST API.
import { ValidationError } from '../errors/errors.ts';
import { invalidValue, isRecord } from './attributes.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Pagination } from './query.ts';
import { convertBoolean, convertInteger } from './values.ts';

/**
 * Whole numbers only, never negative, except `limit=-1` (Strapi's "as many as allowed"). As in
 * Strapi, a `page`, `pageSize` or `limit` of 0 counts as 1, and sizes above
 * {@link MAX_PAGE_SIZE} are lowered to it. The two forms cannot be mixed.
 */
export function validatePagination(raw: unknown): Pagination {
  if (raw === undefined) return { kind: 'page', page: 1, pageSize: DEFAULT_PAGE_SIZE, withCount: true };
  if (!isRecord(raw)) throw invalidValue('pagination', 'an object', raw);
  const page = atLeastOne(nonNegative(raw.page, 'pagination[page]'));
  const pageSize = atLeastOne(nonNegative(raw.pageSize, 'pagination[pageSize]'));
  const start = nonNegative(raw.start, 'pagination[start]');
  const limit = raw.limit === '-1' ? -1 : atLeastOne(nonNegative(raw.limit, 'pagination[limit]'));
  const withCount = raw.withCount === undefined ? true : convertBoolean(raw.withCount, 'pagination[withCount]');

  const pageForm = page !== undefined || pageSize !== undefined;
  const offsetForm = start !== undefined || limit !== undefined;
  if (pageForm && offsetForm) {
    throw new ValidationError('Invalid pagination parameters. Expected either start/limit or page/pageSize');
  }
  if (offsetForm) {
    const size = limit === undefined ? DEFAULT_PAGE_SIZE : limit === -1 ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE);
    return { kind: 'offset', start: start ?? 0, limit: size, withCount };
  }
  return {
    kind: 'page',
    page: page ?? 1,
    pageSize: Math.min(pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    withCount,
  };
}

function nonNegative(raw: unknown, parameter: string): number | undefined {
  const value = convertInteger(raw, parameter);
  if (value !== undefined && value < 0) throw invalidValue(parameter, 'a whole number ≥ 0', raw);
  return value;
}

function atLeastOne(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.max(1, value);
}
