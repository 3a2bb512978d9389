// Query string -> the raw nested object Strapi's REST API reads, parsed with `qs` as Strapi does.
// The result is `unknown`: only `validate.ts` gives it a type.
import qs from 'qs';
import { ValidationError } from '../errors/errors.ts';

/** Bounds on what one query string may hold; past them the request is refused, never truncated. */
export const QUERY_LIMITS = {
  /** Bracket nesting depth (`populate[a][populate][b]…` uses two levels per populated level). */
  depth: 20,
  /** Highest array index, and most items in one array. */
  arrayLimit: 100,
  /** Most `key=value` pairs. */
  parameterLimit: 1000,
} as const;

/**
 * Parses a query string (with or without its leading `?`) in bracket notation: `a[0]=x` arrays,
 * `a[b][c]=x` objects, percent-encoded values. A string past {@link QUERY_LIMITS} is a
 * ValidationError.
 */
export function parseQueryString(search: string): unknown {
  try {
    return qs.parse(search, {
      ignoreQueryPrefix: true,
      depth: QUERY_LIMITS.depth,
      strictDepth: true,
      arrayLimit: QUERY_LIMITS.arrayLimit,
      parameterLimit: QUERY_LIMITS.parameterLimit,
      throwOnLimitExceeded: true,
      allowPrototypes: false,
    });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new ValidationError(`Invalid query string: ${error.message}`, { limits: { ...QUERY_LIMITS } });
    }
    throw error;
  }
}
