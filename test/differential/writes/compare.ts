// Compares two servers' answers to one write step and names the difference: its status, its error
// (name, message, details) or the first path at which the bodies part.
import { isDeepStrictEqual } from 'node:util';
import type { Answer } from '../../support/strapi-answers.ts';

/** The first path at which two JSON values differ, or undefined when they are equal. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return path || '.';
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return `${path}.length`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return path || '.';
}

interface ErrorBody {
  error?: { name?: string; message?: string; details?: unknown };
}

/**
 * The class of a disagreement, or undefined when the answers agree: `status 400/200`,
 * `error-name`, `error-message`, `error-details`, or `body <path>` (path without list indexes).
 */
export function disagreement(expected: Answer, got: Answer): string | undefined {
  if (expected.status === got.status && isDeepStrictEqual(expected.body, got.body)) return undefined;
  if (expected.status !== got.status) return `status ${expected.status}/${got.status}`;
  const want = (expected.body as ErrorBody | null)?.error;
  const have = (got.body as ErrorBody | null)?.error;
  if (want && have) {
    if (want.name !== have.name) return 'error-name';
    if (want.message !== have.message) return 'error-message';
    return 'error-details';
  }
  return `body ${firstDifference(expected.body, got.body)?.replace(/\.\d+(?=\.|$)/g, '[]')}`;
}
