// Raw `pagination` (qs output) -> Pagination: `page`/`pageSize` or `start`/`limit`, and
// `withCount`. Defaults, clamping and the cap on page size follow Strapi's REST API.
import { ValidationError } from '../errors/errors.ts';
import { invalidValue, isRecord } from './attributes.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Pagination } from './query.ts';
import { convertBoolean, convertInteger } from './values.ts';

/** The largest page number or offset accepted: GraphQL's Int, which the query becomes. */
export const MAX_POSITION = 2 ** 31 - 1;

/**
 * Whole numbers only. As in Strapi, a `page`, `pageSize` or `limit` below 1 counts as 1 (`-1`
 * too, but for `limit`, where it means "as many as allowed"), a `start` below 0 as 0, and sizes
 * above {@link MAX_PAGE_SIZE} are lowered to it. A page or start past {@link MAX_POSITION} is
 * refused. The two forms cannot be mixed.
 */
export function validatePagination(raw: unknown): Pagination {
  if (raw === undefined) return { kind: 'page', page: 1, pageSize: DEFAULT_PAGE_SIZE, withCount: true };
  if (!isRecord(raw)) throw invalidValue('pagination', 'an object', raw);
  const page = atLeast(1, position(raw.page, 'pagination[page]'));
  const pageSize = atLeast(1, convertInteger(raw.pageSize, 'pagination[pageSize]'));
  const start = atLeast(0, position(raw.start, 'pagination[start]'));
  const rawLimit = convertInteger(raw.limit, 'pagination[limit]');
  const limit = rawLimit === -1 ? MAX_PAGE_SIZE : atLeast(1, rawLimit);
  const withCount = raw.withCount === undefined ? true : convertBoolean(raw.withCount, 'pagination[withCount]');

  const pageForm = page !== undefined || pageSize !== undefined;
  const offsetForm = start !== undefined || limit !== undefined;
  if (pageForm && offsetForm) {
    throw new ValidationError('Invalid pagination parameters. Expected either start/limit or page/pageSize');
  }
  if (offsetForm) {
    return { kind: 'offset', start: start ?? 0, limit: Math.min(limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE), withCount };
  }
  return { kind: 'page', page: page ?? 1, pageSize: Math.min(pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE), withCount };
}

/** A page number or offset: a whole number no larger than {@link MAX_POSITION}. */
function position(raw: unknown, parameter: string): number | undefined {
  const value = convertInteger(raw, parameter);
  if (value !== undefined && value > MAX_POSITION) throw invalidValue(parameter, `a whole number ≤ ${MAX_POSITION}`, raw);
  return value;
}

function atLeast(minimum: number, value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.max(minimum, value);
}
