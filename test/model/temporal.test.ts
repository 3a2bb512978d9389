// Dates, times and date-times read on the calendar and the clock, as seeds, REST and GraphQL take them;
// the forms each date kind takes in filters (as Strapi v4.25 reads them) and in REST answers.
import { describe, expect, it } from 'vitest';
import { calendarDate, dateTime, filterDate, filterInstant, instantJson, isoText, rfc3339, timeOfDay, timeWithSeconds, timestampText } from '../../src/model/temporal.ts';

describe('calendar dates', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', undefined],
    ['2024-02-30', undefined],
    ['2024-13-01', undefined],
    ['2024-00-10', undefined],
    ['0001-01-01', '0001-01-01'],
    ['99999-01-01', undefined],
    ['-271821-04-20', undefined],
    ['2024-1-5', undefined],
  ])('reads %s as %s', (text, expected) => {
    expect(calendarDate(text)).toBe(expected);
  });
});

describe('times of day', () => {
  it.each([
    ['09:30', '09:30:00.000'],
    ['09:30:05', '09:30:05.000'],
    ['23:59:59.5', '23:59:59.500'],
    ['24:00', undefined],
    ['25:99', undefined],
    ['12:60', undefined],
    ['12:00:60', undefined],
    ['9:30', undefined],
  ])('reads %s as %s', (text, expected) => {
    expect(timeOfDay(text)).toBe(expected);
  });
});

describe('date-times', () => {
  it.each([
    ['2024-01-15T09:30:00.000Z', '2024-01-15T09:30:00.000Z'],
    ['2024-01-15T09:30:00+02:00', '2024-01-15T07:30:00.000Z'],
    ['2024-01-15T09:30', '2024-01-15T09:30:00.000Z'],
    ['2024-01-15', '2024-01-15T00:00:00.000Z'],
    ['2024-01-15T09:30:00.123456Z', '2024-01-15T09:30:00.123Z'],
    ['2024-02-30T00:00:00Z', undefined],
    ['2024-01-15T25:00:00Z', undefined],
    ['-271821-04-20', undefined],
    ['-271821-04-20T00:00:00.000Z', undefined],
    ['2024-01-15T09:30:00+15:00', undefined],
    ['yesterday', undefined],
  ])('reads %s as %s', (text, expected) => {
    expect(dateTime(text)?.toISOString()).toBe(expected);
  });

  it('may require a zone', () => {
    expect(dateTime('2024-01-15T09:30', { zoneRequired: true })).toBeUndefined();
    expect(dateTime('2024-01-15T09:30Z', { zoneRequired: true })?.toISOString()).toBe('2024-01-15T09:30:00.000Z');
  });
});

describe('instants in filters', () => {
  it.each([
    ['2024-04-15T00:00:00.000Z', '2024-04-15T00:00:00.000Z'],
    ['2024-04-15T02:00:00+02:00', '2024-04-15T00:00:00.000Z'],
    ['2024-04-15T02:00:00+0200', '2024-04-15T00:00:00.000Z'],
    ['2024-04-15T02:00:00+02', '2024-04-15T00:00:00.000Z'],
    ['2024-04-15T00:00:00', '2024-04-15T00:00:00.000Z'],
    ['2024-04-15 00:00:00', '2024-04-15T00:00:00.000Z'],
    ['2024-04-15', '2024-04-15T00:00:00.000Z'],
    ['2024-04', '2024-04-01T00:00:00.000Z'],
    ['2024', '2024-01-01T00:00:00.000Z'],
    ['20240415', '2024-04-15T00:00:00.000Z'],
    ['1713139200000', '2024-04-15T00:00:00.000Z'],
    ['1713139200', '1970-01-20T19:52:19.200Z'],
    ['12345678', '1970-01-01T03:25:45.678Z'],
    ['-500', '1969-12-31T23:59:59.500Z'],
    ['-1000', '1969-12-31T23:59:59.000Z'],
    ['12', '1970-01-01T00:00:00.012Z'],
    ['0', '1970-01-01T00:00:00.000Z'],
    ['1713139200000.5', undefined],
    ['9999999999999999', undefined],
    ['-62198755200000', undefined],
    ['2024-02-30T00:00:00Z', undefined],
    ['2024-04-15T10:30:00Z ', undefined],
    ['soon', undefined],
    ['', undefined],
  ])('reads %j as %s', (text, expected) => {
    expect(filterInstant(text)?.toISOString()).toBe(expected);
  });
});

describe('dates and times in filters, and RFC 3339 for GraphQL', () => {
  it.each([
    ['2024-04-15', '2024-04-15'],
    ['2024-04-15T10:00:00Z', '2024-04-15'],
    ['20240415', undefined],
    ['2024-02-30', undefined],
  ])('a date filter reads %j as %s', (text, expected) => {
    expect(filterDate(text)).toBe(expected);
  });

  it.each([
    ['12:00:00', '12:00:00.000'],
    ['12:00:00.5', '12:00:00.500'],
    ['12:00', undefined],
    ['12:00:00Z', undefined],
  ])('a time filter reads %j as %s', (text, expected) => {
    expect(timeWithSeconds(text)).toBe(expected);
  });

  it.each([
    ['2024-04-15T10:30:00Z', '2024-04-15T10:30:00.000Z'],
    ['2024-04-15t10:30:00.5z', '2024-04-15T10:30:00.500Z'],
    ['2024-04-15T12:30:00+02:00', '2024-04-15T10:30:00.000Z'],
    ['2024-04-15T10:30:00', undefined],
    ['2024-04-15T10:30Z', undefined],
    ['2024-04-15', undefined],
    ['1713139200000', undefined],
  ])('RFC 3339 reads %j as %s', (text, expected) => {
    expect(rfc3339(text)?.toISOString()).toBe(expected);
  });
});

describe('timestamps in REST answers', () => {
  it.each([
    ['2024-05-02T18:45:00.000Z', '1714675500000'],
    ['1969-12-31T23:59:59.000Z', '-1000'],
    [null, null],
  ])('shows %j as %j', (value, expected) => {
    expect(timestampText(value)).toBe(expected);
  });
});

describe('instants written as toISOString writes them', () => {
  it.each([
    ['the epoch', '1970-01-01T00:00:00.000Z'],
    ['a leap day', '2024-02-29T23:59:59.999Z'],
    ['a century that is no leap year', '1900-03-01T00:00:00.001Z'],
    ['a leap century', '2000-02-29T12:30:05.050Z'],
    ['before the epoch', '1969-12-31T23:59:59.999Z'],
    ['the first year', '0000-01-01T00:00:00.000Z'],
    ['a year below 1000', '0999-12-31T01:02:03.004Z'],
    ['the last year', '9999-12-31T23:59:59.999Z'],
  ])('%s: %s', (_name, text) => {
    expect(isoText(Date.parse(text))).toBe(text);
  });

  it.each([
    ['a year past 9999', Date.parse('+010000-01-01T00:00:00.000Z')],
    ['a year before 0000', Date.parse('-000001-12-31T00:00:00.000Z')],
    ['an invalid date', Number.NaN],
    ['a fraction of a millisecond', 1.5],
  ])('%s: none (toISOString is the writer)', (_name, epochMs) => {
    expect(isoText(epochMs)).toBeUndefined();
  });

  it('agrees with toISOString on 100,000 instants across years 0000-9999', () => {
    const [first, last] = [Date.parse('0000-01-01T00:00:00.000Z'), Date.parse('9999-12-31T23:59:59.999Z')];
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    const disagreeing = Array.from({ length: 100_000 }, () => first + Math.floor(random() * (last - first)))
      .filter((epochMs) => isoText(epochMs) !== new Date(epochMs).toISOString());
    expect(disagreeing).toEqual([]);
  });
});

describe('a Date in JSON, as JSON.stringify writes it', () => {
  it.each([
    ['an instant', new Date('2024-05-29T09:00:00.000Z')],
    ['a year below 1000', new Date('0999-12-31T01:02:03.004Z')],
    ['a year past 9999', new Date(Date.parse('+010000-01-01T00:00:00.000Z'))],
    ['a year before 0000', new Date(Date.parse('-000001-12-31T00:00:00.000Z'))],
    ['an invalid date', new Date(Number.NaN)],
  ])('%s', (_name, date) => {
    expect(JSON.stringify({ at: instantJson(date) })).toBe(JSON.stringify({ at: date }));
  });
});
