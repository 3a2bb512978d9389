// Dates, times and date-times read on the calendar and the clock, as seeds, REST and GraphQL take them.
import { describe, expect, it } from 'vitest';
import { calendarDate, dateTime, timeOfDay } from '../../src/model/temporal.ts';

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
