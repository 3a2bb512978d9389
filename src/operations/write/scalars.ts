// One non-null scalar value of a write -> its stored form (docs/storage.md), or the issues Strapi
// v4.25 reports for it; date kinds fail later, with Strapi's format message and no details.
import { hashNewPassword } from '../../auth/passwords.ts';
import { assertNever, type ScalarAttribute } from '../../model/types.ts';
import { storedDate, storedDateTime, storedTime } from './temporal-input.ts';
import { issue, typeIssue, type Issue, type ScalarResult } from './validation-errors.ts';

const DEFAULT_UID_PATTERN = '^[A-Za-z0-9-_.~]*$';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What the SQL databases Strapi runs on hold in an `integer` column (docs/decisions.md). */
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

const ok = (value: unknown): ScalarResult => ({ ok: true, value });
const refused = (issues: readonly Issue[]): ScalarResult => ({ ok: false, issues });
const checked = (issues: readonly Issue[], value: unknown): ScalarResult => (issues.length > 0 ? refused(issues) : ok(value));

/** Converts and checks `value` (not null, not undefined) for `attribute`, at `path` in the body. */
export function checkScalar(attribute: ScalarAttribute, value: unknown, path: readonly string[]): ScalarResult {
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
      return text(attribute, value, path, (given) => given);
    case 'password':
      return text(attribute, value, path, hashNewPassword);
    case 'email':
      return email(attribute, value, path);
    case 'uid':
      return text({ ...attribute, regex: attribute.regex ?? DEFAULT_UID_PATTERN }, value, path, (given) => given);
    case 'enumeration':
      return typeof value === 'string' && attribute.values.includes(value)
        ? ok(value)
        : // Strapi lists null as an allowed value too, printed as nothing: hence the trailing ", ".
          refused([issue(path, `must be one of the following values: ${attribute.values.join(', ')}, `)]);
    case 'integer':
      return integer(attribute, value, path);
    case 'biginteger':
      return bigInteger(attribute, value, path);
    case 'float':
    case 'decimal':
      return number(attribute, value, path);
    case 'boolean':
      return boolean(value, path);
    case 'date':
      return storedDate(value);
    case 'time':
      return storedTime(value);
    case 'datetime':
    case 'timestamp':
      return storedDateTime(value);
    case 'json':
      return ok(JSON.stringify(value));
    default:
      return assertNever(attribute, 'scalar attribute');
  }
}

function text(attribute: ScalarAttribute, value: unknown, path: readonly string[], store: (given: string) => string): ScalarResult {
  if (typeof value !== 'string') return refused([typeIssue(path, 'string', value)]);
  const issues: Issue[] = [];
  if (attribute.minLength !== undefined && value.length < attribute.minLength) issues.push(issue(path, `must be at least ${attribute.minLength} characters`));
  if (attribute.maxLength !== undefined && value.length > attribute.maxLength) issues.push(issue(path, `must be at most ${attribute.maxLength} characters`));
  if (attribute.regex !== undefined && (value !== '' || attribute.required) && !new RegExp(attribute.regex).test(value)) {
    issues.push(issue(path, `must match the following: "/${attribute.regex}/"`));
  }
  return issues.length > 0 ? refused(issues) : ok(store(value));
}

function email(attribute: ScalarAttribute, value: unknown, path: readonly string[]): ScalarResult {
  if (typeof value !== 'string') return refused([typeIssue(path, 'string', value)]);
  if (value === '') return refused([issue(path, 'cannot be empty')]);
  const lengths = text({ ...attribute, regex: undefined }, value, path, (given) => given);
  if (!lengths.ok) return lengths;
  return EMAIL.test(value) ? ok(value) : refused([issue(path, 'must be a valid email')]);
}

/** Strapi's number cast: numbers stay, text loses its white space and reads as a number, anything else is NaN. */
function castNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const compact = value.replace(/\s/g, '');
  return compact === '' ? Number.NaN : Number(compact);
}

function number(attribute: ScalarAttribute, value: unknown, path: readonly string[]): ScalarResult {
  const cast = castNumber(value);
  if (!Number.isFinite(cast)) return refused([typeIssue(path, 'number', cast, value)]);
  return checked(bounds(attribute.min, attribute.max, cast, path), cast);
}

function integer(attribute: ScalarAttribute, value: unknown, path: readonly string[]): ScalarResult {
  const cast = castNumber(value);
  if (!Number.isFinite(cast)) return refused([typeIssue(path, 'number', cast, value)]);
  if (!Number.isInteger(cast)) return refused([issue(path, 'must be an integer')]);
  const issues = bounds(attribute.min, attribute.max, cast, path);
  if (issues.length === 0) issues.push(...bounds(INT32.min, INT32.max, cast, path));
  return checked(issues, cast);
}

/** A biginteger: a whole number or a text of digits, kept whole as a bigint (Strapi would store "12abc"; docs/decisions.md). */
function bigInteger(attribute: ScalarAttribute, value: unknown, path: readonly string[]): ScalarResult {
  const digits = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined;
  if (digits === undefined || !/^-?\d+$/.test(digits)) {
    return refused([typeof value === 'number' && Number.isFinite(value) ? issue(path, 'must be an integer') : typeIssue(path, 'biginteger', value)]);
  }
  const big = BigInt(digits);
  const issues = bounds(attribute.min, attribute.max, big, path);
  if (issues.length === 0) issues.push(...bounds(INT64.min, INT64.max, big, path));
  return checked(issues, big);
}

function bounds(min: number | bigint | undefined, max: number | bigint | undefined, value: number | bigint, path: readonly string[]): Issue[] {
  const issues: Issue[] = [];
  if (min !== undefined && value < min) issues.push(issue(path, `must be greater than or equal to ${min}`));
  if (max !== undefined && value > max) issues.push(issue(path, `must be less than or equal to ${max}`));
  return issues;
}

const TRUE: readonly unknown[] = [true, 'true', 1, '1'];
const FALSE: readonly unknown[] = [false, 'false', 0, '0'];

function boolean(value: unknown, path: readonly string[]): ScalarResult {
  if (TRUE.includes(value)) return ok(true);
  if (FALSE.includes(value)) return ok(false);
  return refused([typeIssue(path, 'boolean', value)]);
}
