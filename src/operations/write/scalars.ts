// One non-null scalar value given in -> its stored form (docs/storage.md), or the issues Strapi
// v4.25 reports for it; date kinds fail later, with Strapi's format message and no details. The one
// converter of input values: a write's body casts as Strapi's validator casts (`"12"` is 12); an
// import (a seed, an export) is exact, its values already of their JSON type, its date-times
// with a zone, its password hashes kept. Both hold the same ranges and formats.
import { hashNewPassword, isPasswordHash } from '../../auth/passwords.ts';
import { assertNever, type ScalarAttribute } from '../../model/types.ts';
import { storedDate, storedDateTime, storedTime } from './temporal-input.ts';
import { issue, typeIssue, type Issue, type ScalarResult } from './validation-errors.ts';

const DEFAULT_UID_PATTERN = '^[A-Za-z0-9-_.~]*$';
/**
 * Whether text reads as an email address, as an `email` attribute (and users-permissions' bodies)
 * check it: `local@domain.tld` without white space, one `@`, a dot inside the domain. The pattern
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` says the same, but backtracks quadratically on a long domain of
 * dots ending in a space; this reads the text once, whatever its length.
 */
export function isEmail(text: string): boolean {
  if (/\s/.test(text)) return false;
  const at = text.indexOf('@');
  if (at < 1 || text.includes('@', at + 1)) return false;
  const domain = text.slice(at + 1);
  return domain.length >= 3 && domain.slice(1, -1).includes('.');
}
/** What the SQL databases Strapi runs on hold in an `integer` column (docs/decisions.md). */
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

const ok = (value: unknown): ScalarResult => ({ ok: true, value });

/**
 * A write's new password, checked but not hashed yet: bcrypt runs on the thread pool, so the
 * write awaits it once the whole body has passed (write/input.ts), never blocking the event loop.
 */
export class PlainPassword {
  constructor(readonly plain: string) {}
}
const refused = (issues: readonly Issue[]): ScalarResult => ({ ok: false, issues });
const checked = (issues: readonly Issue[], value: unknown): ScalarResult => (issues.length > 0 ? refused(issues) : ok(value));

export interface ScalarOptions {
  /** A draft: as Strapi's validator, a text's `minLength` is not enforced. */
  draft?: boolean;
  /**
   * An import's value: no casting (a number must be a number, a boolean a boolean), a date-time
   * needs its zone, `HH:mm` is a time, and a password given as a hash (users moved from Strapi)
   * is kept as it is. A write always hashes (a {@link PlainPassword} to hash): no caller may set a hash of its choosing.
   */
  exact?: boolean;
}

/** Converts and checks `value` (not null, not undefined) for `attribute`, at `path` in the body. */
export function checkScalar(attribute: ScalarAttribute, value: unknown, path: readonly string[], options: ScalarOptions = {}): ScalarResult {
  const bounded = options.draft ? { ...attribute, minLength: undefined } : attribute;
  const exact = options.exact ?? false;
  if (exact && !exactlyTyped(bounded, value)) return refused([typeIssue(path, JSON_TYPES[bounded.type], value)]);
  switch (bounded.type) {
    case 'string':
    case 'text':
    case 'richtext':
      return text(bounded, value, path, (given) => given);
    case 'password':
      // An import keeps a hash it is given and hashes anything else at once (the seed check is synchronous).
      return text(bounded, value, path, (given) => (!exact ? new PlainPassword(given) : isPasswordHash(given) ? given : hashNewPassword(given)));
    case 'email':
      return email(bounded, value, path);
    case 'uid':
      return text({ ...bounded, regex: bounded.regex ?? DEFAULT_UID_PATTERN }, value, path, (given) => given);
    case 'enumeration':
      return enumeration(bounded.values, value, path);
    case 'integer':
      return integer(bounded, value, path);
    case 'biginteger':
      return bigInteger(bounded, value, path);
    case 'float':
    case 'decimal':
      return number(bounded, value, path);
    case 'boolean':
      return boolean(value, path);
    case 'date':
      return storedDate(value);
    case 'time':
      return storedTime(value, { minutes: exact });
    case 'datetime':
    case 'timestamp':
      return storedDateTime(value, { zone: exact });
    case 'json':
      return ok(JSON.stringify(value));
    default:
      return assertNever(bounded, 'scalar attribute');
  }
}

/** The JSON type an import must give each kind in: what a write would cast from, an import takes as it is. */
const JSON_TYPES: Record<ScalarAttribute['type'], string> = {
  string: 'string', text: 'string', richtext: 'string', password: 'string', email: 'string', uid: 'string', enumeration: 'string',
  integer: 'number', float: 'number', decimal: 'number', biginteger: 'biginteger', boolean: 'boolean',
  date: 'string', time: 'string', datetime: 'datetime', timestamp: 'datetime', json: 'json',
};

/** Whether an import's value already has its kind's JSON type (a biginteger: digits or a safe integer; a date-time: text or epoch milliseconds). */
function exactlyTyped(attribute: ScalarAttribute, value: unknown): boolean {
  switch (JSON_TYPES[attribute.type]) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'biginteger':
      return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
    case 'datetime':
      return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value));
    default:
      return true;
  }
}

/**
 * One of the listed values. Strapi's yup casts a number or a boolean to its text first; an array
 * or an object (null is not given here) stays what it is and fails the type too: both are listed.
 */
function enumeration(values: readonly string[], value: unknown, path: readonly string[]): ScalarResult {
  if (typeof value === 'string' && values.includes(value)) return ok(value);
  // Strapi lists null as an allowed value too, printed as nothing: hence the trailing ", ".
  const notListed = issue(path, `must be one of the following values: ${values.join(', ')}, `);
  return refused(typeof value === 'object' ? [typeIssue(path, 'string', value), notListed] : [notListed]);
}

function text(attribute: ScalarAttribute, value: unknown, path: readonly string[], store: (given: string) => unknown): ScalarResult {
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
  return isEmail(value) ? ok(value) : refused([issue(path, 'must be a valid email')]);
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
  if (typeof value === 'number' && Number.isInteger(value) && digits === undefined) {
    // JSON.parse has already rounded it (9007199254740993 arrives as …992): only text keeps the digits.
    return refused([issue(path, `must be given as a string of digits beyond ±${Number.MAX_SAFE_INTEGER} (a JSON number there may have lost digits), but the value was: \`${value}\`.`)]);
  }
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
