// Text -> the date, time and date-time values the model stores, checked against the calendar and
// the clock (no 30 February, no 25:99), years 0000-9999. One reading for seeds, REST and GraphQL.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/;
const ZONE = /^[+-](\d{2}):?(\d{2})$/;

/** A `YYYY-MM-DD` date that is on the calendar, or undefined. */
export function calendarDate(text: string): string | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? text : undefined;
}

/** `HH:mm`, `HH:mm:ss` or `HH:mm:ss.SSS` on the clock -> `HH:mm:ss.SSS`, or undefined. */
export function timeOfDay(text: string): string | undefined {
  const match = TIME.exec(text);
  if (!match) return undefined;
  const [hours, minutes, seconds = '00', millis = '0'] = match.slice(1);
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  return `${hours}:${minutes}:${seconds}.${millis.padEnd(3, '0')}`;
}

/**
 * An ISO 8601 date-time whose parts are on the calendar and the clock -> the instant, or
 * undefined. Without a time it is midnight; without a zone, UTC (unless `zoneRequired`).
 */
export function dateTime(text: string, { zoneRequired = false } = {}): Date | undefined {
  const match = DATETIME.exec(text);
  if (!match) return undefined;
  const [, day, time, zone] = match;
  if (!calendarDate(day) || (time !== undefined && !timeOfDay(time.replace(/(\.\d{3})\d+$/, '$1')))) return undefined;
  if (zone === undefined ? zoneRequired : zone !== 'Z' && !validZone(zone)) return undefined;
  const instant = new Date(`${day}T${time ?? '00:00'}${zone ?? 'Z'}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

function validZone(zone: string): boolean {
  const [, hours, minutes] = ZONE.exec(zone) ?? [];
  return hours !== undefined && Number(hours) <= 14 && Number(minutes) <= 59;
}
