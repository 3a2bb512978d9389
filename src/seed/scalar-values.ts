// One seed value of a scalar attribute -> the value docs/storage.md stores for that type, or a
// sentence saying what is wrong with it: the write path's converter in its exact mode (an import's
// values are of their JSON type already), so a seed and a write hold the same ranges and formats.
import { describe } from '../model/problems.ts';
import type { ScalarAttribute } from '../model/types.ts';
import { checkScalar } from '../operations/write/scalars.ts';
import { storedDateTime as storedInstant } from '../operations/write/temporal-input.ts';

export type Conversion = { ok: true; value: unknown } | { ok: false; problem: string };

/** Converts a non-null value; `null` is stored as `null` by the caller. A draft's text may be shorter than `minLength`, as in Strapi. */
export function storedScalar(attribute: ScalarAttribute, value: unknown, options: { draft?: boolean } = {}): Conversion {
  // No path: the seed's report names the attribute already.
  const result = checkScalar(attribute, value, [], { exact: true, draft: options.draft });
  if (result.ok) return result;
  if (result.format !== undefined) return { ok: false, problem: `${result.format}; got ${describe(value)}` };
  const why = result.issues.map((issue) => issue.message.trim().replace(/^this /, '')).join('; ');
  return { ok: false, problem: why.includes('the final value was') ? why : `${why}; got ${describe(value)}` };
}

/** An ISO 8601 date-time with a zone (`2024-01-15T09:30:00.000Z`) or epoch milliseconds -> Date. */
export function storedDateTime(value: unknown): Conversion {
  const result = storedInstant(value, { zone: true });
  return result.ok ? result : { ok: false, problem: `${result.format}; got ${describe(value)}` };
}
