// One seed value of a scalar attribute -> the value docs/storage.md stores for that type, or a
// sentence saying what was expected and what came instead.
import { storedPassword } from '../auth/passwords.ts';
import { describe } from '../model/problems.ts';
import { calendarDate, dateTime, timeOfDay } from '../model/temporal.ts';
import { assertNever, type ScalarAttribute } from '../model/types.ts';

export type Conversion = { ok: true; value: unknown } | { ok: false; problem: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UID = /^[A-Za-z0-9-_.~]*$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const ok = (value: unknown): Conversion => ({ ok: true, value });
const expected = (what: string, value: unknown): Conversion => ({ ok: false, problem: `expected ${what}; got ${describe(value)}` });

/** Converts a non-null value; `null` is stored as `null` by the caller. */
export function storedScalar(attribute: ScalarAttribute, value: unknown): Conversion {
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
      return typeof value === 'string' ? ok(value) : expected('a string', value);
    case 'password':
      return typeof value === 'string' ? ok(storedPassword(value)) : expected('a string', value);
    case 'email':
      return typeof value === 'string' && EMAIL.test(value) ? ok(value) : expected('an email address', value);
    case 'uid':
      return typeof value === 'string' && UID.test(value) ? ok(value) : expected('a uid (letters, digits, "-", "_", ".", "~")', value);
    case 'enumeration':
      return typeof value === 'string' && attribute.values.includes(value)
        ? ok(value)
        : expected(`one of ${attribute.values.map((v) => JSON.stringify(v)).join(', ')}`, value);
    case 'date':
      return storedDate(value);
    case 'time':
      return storedTime(value);
    case 'datetime':
    case 'timestamp':
      return storedDateTime(value);
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? ok(value) : expected('an integer', value);
    case 'biginteger':
      return storedBigInteger(value);
    case 'float':
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? ok(value) : expected('a number', value);
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : expected('true or false', value);
    case 'json':
      return ok(JSON.stringify(value));
    default:
      return assertNever(attribute, 'scalar attribute');
  }
}

/** An ISO 8601 date-time with a zone (`2024-01-15T09:30:00.000Z`) or epoch milliseconds -> Date. */
export function storedDateTime(value: unknown): Conversion {
  const date =
    typeof value === 'string'
      ? dateTime(value, { zoneRequired: true })
      : typeof value === 'number' && Number.isSafeInteger(value)
        ? new Date(value)
        : undefined;
  return date && !Number.isNaN(date.getTime())
    ? ok(date)
    : expected('an ISO 8601 date-time with a zone, like "2024-01-15T09:30:00.000Z"', value);
}

function storedDate(value: unknown): Conversion {
  const date = typeof value === 'string' ? calendarDate(value) : undefined;
  return date === undefined ? expected('a date "YYYY-MM-DD"', value) : ok(date);
}

function storedTime(value: unknown): Conversion {
  const time = typeof value === 'string' ? timeOfDay(value) : undefined;
  return time === undefined ? expected('a time "HH:mm", "HH:mm:ss" or "HH:mm:ss.SSS"', value) : ok(time);
}

function storedBigInteger(value: unknown): Conversion {
  let big: bigint | undefined;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) big = BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value)) big = BigInt(value);
  return big !== undefined && big >= INT64_MIN && big <= INT64_MAX
    ? ok(big)
    : expected('a 64-bit integer, as a string of digits or a safe integer number', value);
}
