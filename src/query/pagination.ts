// PaginationArg -> the window of entries to read (skip/limit) and how to report it in
// `meta.pagination`. Bounded: no request reads more than the maximum page size at once.
import { ValidationError } from '../errors/errors.ts';

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
    const skip = Math.max(0, start ?? 0);
    const size = limit === -1 ? limits.maxPageSize : capped(limit ?? limits.defaultPageSize, limits);
    return { skip, limit: size, page: Math.floor(skip / size) + 1, pageSize: size };
  }
  const pageNumber = Math.max(1, page ?? 1);
  const size = capped(pageSize ?? limits.defaultPageSize, limits);
  return { skip: (pageNumber - 1) * size, limit: size, page: pageNumber, pageSize: size };
}

/**
 * As in Strapi: a size below 1 counts as 1, one above the maximum as the maximum; `limit: -1`
 * means "as many as allowed" (handled by the caller). A page below 1 is page 1, a start below 0 is 0.
 */
function capped(size: number, limits: PageLimits): number {
  return Math.min(Math.max(1, size), limits.maxPageSize);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}
