// A write's date, time and date-time values -> their stored forms, with Strapi v4.25's messages for
// the ones it refuses. Strapi checks these after its validator, so they come without details.
import { calendarDate, dateTime, timeOfDay } from '../../model/temporal.ts';
import type { ScalarResult } from './validation-errors.ts';

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/;
const TIME = /^\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?$/;
const TIME_OR_MINUTES = /^\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/;
const EPOCH_MILLIS = /^-?\d+$/;

const ok = (value: unknown): ScalarResult => ({ ok: true, value });
const format = (message: string): ScalarResult => ({ ok: false, issues: [], format: message });

/** `YYYY-MM-DD` (a date-time gives its date) -> the same text; a month or day out of range is a format error, 30 February an invalid date. */
export function storedDate(value: unknown): ScalarResult {
  const match = typeof value === 'string' ? DATE_PREFIX.exec(value) : null;
  if (!match) return format('Invalid format, expected yyyy-MM-dd');
  const [year, month, day] = match.slice(1, 4);
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > 31) return format('Invalid format, expected yyyy-MM-dd');
  const date = calendarDate(`${year}-${month}-${day}`);
  return date === undefined ? format('Invalid date') : ok(date);
}

/** `HH:mm:ss` or `HH:mm:ss.S…` on the clock (`HH:mm` too, with `minutes`: an import's) -> `HH:mm:ss.SSS`. */
export function storedTime(value: unknown, options: { minutes?: boolean } = {}): ScalarResult {
  if (typeof value !== 'string') return format(`Expected a string, got a ${value === null ? 'null' : typeof value}`);
  const time = (options.minutes ? TIME_OR_MINUTES : TIME).test(value) ? timeOfDay(value) : undefined;
  return time === undefined ? format('Invalid time format, expected HH:mm:ss.SSS') : ok(time);
}

/**
 * Epoch milliseconds (a number or its digits) or an ISO 8601 date or date-time -> Date. Without a
 * zone a write's is UTC; with `zone` (an import's) a zone is required, and digits in text are no epoch.
 */
export function storedDateTime(value: unknown, options: { zone?: boolean } = {}): ScalarResult {
  const instant =
    typeof value === 'number' ? new Date(value)
    : typeof value === 'string' && !options.zone && EPOCH_MILLIS.test(value) ? new Date(Number(value))
    : typeof value === 'string' ? dateTime(value, { zoneRequired: options.zone ?? false })
    : undefined;
  return instant === undefined || Number.isNaN(instant.getTime())
    ? format(options.zone ? 'Invalid format, expected epoch milliseconds or an ISO 8601 date-time with a zone, like "2024-01-15T09:30:00.000Z"' : 'Invalid format, expected a timestamp or an ISO date')
    : ok(instant);
}
