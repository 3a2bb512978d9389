// Problems found in a write's `data` -> Strapi's ValidationError, worded as Strapi v4.25's
// validator words them (recorded in test/fixtures/writes/strapi-validation/recorded.json).
import { ValidationError } from '../../errors/errors.ts';

/** One invalid value: where it is in `data` (`["seo", "metaSocial", "0", "title"]`) and why. */
export interface Issue {
  readonly path: readonly string[];
  readonly message: string;
}

/** A converted value, or the issues that refuse it (`format`: a date kind's message, answered without details). */
export type ScalarResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly Issue[]; readonly format?: string };

/** A path as Strapi's messages name it: `items[0].label`. */
export function label(path: readonly string[]): string {
  return path.reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text === '' ? part : `${text}.${part}`), '');
}

/** A single value as Strapi's messages print it: strings quoted, objects as indented JSON of printed leaves. */
export function printValue(value: unknown): string {
  const simple = printSimple(value);
  if (simple !== undefined) return simple;
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, inner: unknown) {
    return printSimple(this[key]) ?? inner;
  }, 2);
}

function printSimple(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return JSON.stringify(value);
  return undefined;
}

/** `<path> must be a `<type>` type, but the final value was: `<final>`` (and what it was cast from, when that differs and was not null). */
export function typeIssue(path: readonly string[], type: string, final: unknown, original: unknown = final): Issue {
  const cast = original === null || original === undefined || Object.is(final, original) ? '' : ` (cast from the value \`${printValue(original)}\`)`;
  const subject = path.length === 0 ? 'this' : label(path);
  return { path, message: `${subject} must be a \`${type}\` type, but the final value was: \`${printValue(final)}\`${cast}.` };
}

/** An issue about the attribute at `path`: `<label> <text>`. */
export function issue(path: readonly string[], text: string): Issue {
  return { path, message: `${label(path)} ${text}` };
}

/** Strapi's answer to a body with problems: every one listed, the message the single one's or "N errors occurred". */
export function validationError(issues: readonly Issue[]): ValidationError {
  const message = issues.length === 1 ? issues[0].message : `${issues.length} errors occurred`;
  return new ValidationError(message, {
    errors: issues.map((found) => ({ path: [...found.path], message: found.message, name: 'ValidationError' })),
  });
}

/** A body whose `data` is absent, null, or not an object. */
export function missingDataError(): ValidationError {
  return new ValidationError('Missing "data" payload in the request body');
}
