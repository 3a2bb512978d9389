// Query-string text -> a value of the GraphQL scalar its field is filtered with ("100" -> 100 for
// an integer, "true" -> true, ids as ID strings). Text that does not convert is a ValidationError.
import { assertNever } from '../model/types.ts';
import { type FieldType, invalidValue } from './attributes.ts';
import type { FilterValue } from './query.ts';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INTEGER = /^[+-]?\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

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
    case 'date':
      if (!DATE.test(text) || Number.isNaN(Date.parse(text))) throw invalidValue(parameter, 'a date YYYY-MM-DD', text);
      return text;
    case 'time':
      if (!TIME.test(text)) throw invalidValue(parameter, 'a time HH:mm:ss.SSS', text);
      return normaliseTime(text);
    case 'datetime':
    case 'timestamp': {
      const time = Date.parse(text);
      if (Number.isNaN(time)) throw invalidValue(parameter, 'an ISO 8601 date-time', text);
      return new Date(time).toISOString();
    }
    default:
      return assertNever(type, 'field type');
  }
}

/** Times are stored as `HH:mm:ss.SSS`; `09:30` and `09:30:00` mean `09:30:00.000`. */
function normaliseTime(text: string): string {
  const [hours, minutes, seconds = '00'] = text.split(':');
  const [whole, fraction = ''] = seconds.split('.');
  return `${hours}:${minutes}:${whole}.${fraction.padEnd(3, '0')}`;
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
