// Query-string text -> a value of the GraphQL scalar its field is filtered with ("100" -> 100 for
// an integer, "true" -> true, ids as ID strings). Text that does not convert is a ValidationError.
import { filterDate, filterInstant, timeWithSeconds } from '../model/temporal.ts';
import { assertNever } from '../model/types.ts';
import { type FieldType, invalidValue } from './attributes.ts';
import type { FilterValue } from './query.ts';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INTEGER = /^[+-]?\d+$/;

/** Converts `text` for a field of `type`; `parameter` names it in the error. */
export function convertValue(type: FieldType, text: string, parameter: string): FilterValue {
  switch (type) {
    case 'id':
      if (!/^\d+$/.test(text)) throw invalidValue(parameter, 'an id (a whole number)', text);
      return text;
    case 'string':
    case 'text':
    case 'richtext':
    case 'enumeration':
    case 'email':
    case 'password':
    case 'uid':
    case 'json':
      return text;
    case 'integer': {
      const value = Number(text);
      if (!INTEGER.test(text) || value < INT32_MIN || value > INT32_MAX) {
        throw invalidValue(parameter, 'a 32-bit integer', text);
      }
      return value;
    }
    case 'biginteger':
      if (!INTEGER.test(text)) throw invalidValue(parameter, 'an integer', text);
      return BigInt(text).toString();
    case 'float':
    case 'decimal': {
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value)) throw invalidValue(parameter, 'a number', text);
      return value;
    }
    case 'boolean':
      return convertBoolean(text, parameter);
    case 'date': {
      const date = filterDate(text);
      if (date === undefined) throw invalidValue(parameter, 'a date YYYY-MM-DD on the calendar', text);
      return date;
    }
    case 'time': {
      const time = timeWithSeconds(text);
      if (time === undefined) throw invalidValue(parameter, 'a time HH:mm:ss or HH:mm:ss.SSS', text);
      return time;
    }
    case 'datetime':
    case 'timestamp': {
      const instant = filterInstant(text);
      if (instant === undefined) throw invalidValue(parameter, 'an ISO 8601 date-time or epoch milliseconds, years 0000-9999', text);
      return instant.toISOString();
    }
    default:
      return assertNever(type, 'field type');
  }
}


const TRUE = new Set(['true', 't', '1']);
const FALSE = new Set(['false', 'f', '0']);

/** `true`/`false` (also `t`/`f`, `1`/`0`, any case), as Strapi accepts them. */
export function convertBoolean(raw: unknown, parameter: string): boolean {
  if (typeof raw === 'boolean') return raw;
  const text = typeof raw === 'string' ? raw.toLowerCase() : undefined;
  if (text !== undefined && TRUE.has(text)) return true;
  if (text !== undefined && FALSE.has(text)) return false;
  throw invalidValue(parameter, 'true or false', raw);
}

/** A whole number from query text; `undefined` stays undefined. */
export function convertInteger(raw: unknown, parameter: string): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !INTEGER.test(raw)) throw invalidValue(parameter, 'an integer', raw);
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw invalidValue(parameter, 'an integer', raw);
  return value;
}
