// PaginationArg -> the window of entries to read (skip/limit) and how to report it in
// `meta.pagination`. Bounded: no request reads more than the maximum page size at once.
import { ValidationError } from '../../errors/errors.ts';

export interface PaginationArg {
  page?: number | null;
  pageSize?: number | null;
  start?: number | null;
  limit?: number | null;
}

export interface PageWindow {
  skip: number;
  limit: number;
  /** 1-based page, as Strapi reports it also for start/limit requests. */
  page: number;
  pageSize: number;
}

export interface PageLimits {
  defaultPageSize: number;
  maxPageSize: number;
}

/** GraphQL's defaults are Strapi's GraphQL plugin's (10); REST passes its own (25) explicitly. */
export const GRAPHQL_LIMITS: PageLimits = { defaultPageSize: 10, maxPageSize: 100 };

export function pageWindow(arg: PaginationArg | null | undefined, limits: PageLimits = GRAPHQL_LIMITS): PageWindow {
  const { page, pageSize, start, limit } = arg ?? {};
  const usesPages = page != null || pageSize != null;
  const usesOffset = start != null || limit != null;
  if (usesPages && usesOffset) {
    throw new ValidationError('Invalid pagination parameters: use either page and pageSize, or start and limit, not both', { pagination: arg });
  }
  if (usesOffset) {
    const skip = start ?? 0;
    if (skip < 0) throw new ValidationError(`Invalid pagination start ${skip}: expected 0 or more`);
    const size = capped(limit ?? limits.defaultPageSize, 'limit', limits);
    return { skip, limit: size, page: Math.floor(skip / size) + 1, pageSize: size };
  }
  const pageNumber = page ?? 1;
  if (pageNumber < 1) throw new ValidationError(`Invalid pagination page ${pageNumber}: expected 1 or more`);
  const size = capped(pageSize ?? limits.defaultPageSize, 'pageSize', limits);
  return { skip: (pageNumber - 1) * size, limit: size, page: pageNumber, pageSize: size };
}

/** -1 means "as many as allowed", as in Strapi; anything above the maximum is lowered to it. */
function capped(size: number, name: string, limits: PageLimits): number {
  if (size === -1) return limits.maxPageSize;
  if (size < 1) throw new ValidationError(`Invalid pagination ${name} ${size}: expected 1 or more`);
  return Math.min(size, limits.maxPageSize);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}
