// Range headers read by RFC 9110 §14: every example of §14.1.2 on its 10,000-byte representation,
// the edges (empty representations, huge numbers, reversed and malformed specs), If-Range, and a
// property: any header yields a whole answer, a part inside the representation, or a 416.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseRange, ifRangeHolds, type RangeChoice } from '../../../gateway/http/byte-range.ts';

const whole: RangeChoice = { kind: 'whole' };
const unsatisfiable: RangeChoice = { kind: 'unsatisfiable' };
const part = (start: number, end: number): RangeChoice => ({ kind: 'part', start, end });
const huge = '9'.repeat(400);

describe('chooseRange on the RFC\'s 10,000-byte representation', () => {
  it.each<[string, string | null, RangeChoice]>([
    ['no Range', null, whole],
    // RFC 9110 §14.1.2.
    ['the first 500 bytes', 'bytes=0-499', part(0, 499)],
    ['the second 500 bytes', 'bytes=500-999', part(500, 999)],
    ['the final 500 bytes, as a suffix', 'bytes=-500', part(9500, 9999)],
    ['the final 500 bytes, as an open range', 'bytes=9500-', part(9500, 9999)],
    ['the first and last bytes only: two parts apart, sent whole', 'bytes=0-0,-1', whole],
    ['three parts apart, sent whole', 'bytes=0-999,4500-5499,-1000', whole],
    ['the second 500 bytes as two adjacent parts, merged', 'bytes=500-600,601-999', part(500, 999)],
    ['the second 500 bytes as two overlapping parts, merged', 'bytes=500-700,601-999', part(500, 999)],
    // Edges of satisfiability.
    ['everything from the start', 'bytes=0-', part(0, 9999)],
    ['the last byte by position', 'bytes=9999-', part(9999, 9999)],
    ['a last position past the end, cut at the end', 'bytes=9000-20000', part(9000, 9999)],
    ['a suffix longer than the representation: all of it', 'bytes=-20000', part(0, 9999)],
    ['a first position at the end', 'bytes=10000-', unsatisfiable],
    ['a first position past the end', 'bytes=20000-30000', unsatisfiable],
    ['a suffix of nothing', 'bytes=-0', unsatisfiable],
    ['a suffix of nothing beside a satisfiable part', 'bytes=-0,0-9', part(0, 9)],
    ['an unsatisfiable part beside a satisfiable one', 'bytes=20000-,10-19', part(10, 19)],
    ['parts out of order that touch, merged', 'bytes=5000-5999,0-999,1000-4999', part(0, 5999)],
    ['a huge last position', `bytes=0-${huge}`, part(0, 9999)],
    ['a huge first position', `bytes=${huge}-`, unsatisfiable],
    ['a huge suffix', `bytes=-${huge}`, part(0, 9999)],
    ['a position past 2^53', 'bytes=9007199254740993-', unsatisfiable],
    // The list syntax (RFC 9110 §5.6.1): optional whitespace and empty elements.
    ['the unit in capitals', 'BYTES=0-9', part(0, 9)],
    ['spaces around a spec', 'bytes= 0-9 ', part(0, 9)],
    ['empty list elements', 'bytes=,0-9,,', part(0, 9)],
    // Ignored, so the whole representation is sent (RFC 9110 §14.2).
    ['a reversed range (invalid)', 'bytes=500-400', whole],
    ['a reversed range beside a good one', 'bytes=0-9,500-400', whole],
    ['another unit', 'items=0-9', whole],
    ['no unit', '=0-9', whole],
    ['a space before "="', 'bytes =0-9', whole],
    ['no "="', 'bytes 0-9', whole],
    ['nothing after "="', 'bytes=', whole],
    ['only commas', 'bytes=,,', whole],
    ['a lone dash', 'bytes=-', whole],
    ['letters', 'bytes=a-b', whole],
    ['three positions', 'bytes=1-2-3', whole],
    ['a double dash', 'bytes=--1', whole],
    ['a sign', 'bytes=+1-2', whole],
    ['a negative first position', 'bytes=-1-2', whole],
    ['a fraction', 'bytes=1.5-2', whole],
    ['hexadecimal', 'bytes=0x10-', whole],
    ['a space inside a spec', 'bytes=0 -9', whole],
    ['garbage', 'garbage', whole],
    ['an empty header', '', whole],
  ])('%s (%s)', (_name, header, expected) => {
    expect(chooseRange(header, 10_000)).toEqual(expected);
  });
});

describe('chooseRange on an empty representation', () => {
  it.each<[string, RangeChoice]>([
    ['bytes=0-0', unsatisfiable],
    ['bytes=0-', unsatisfiable],
    ['bytes=-0', unsatisfiable],
    // A non-zero suffix is satisfiable (RFC 9110 §14.1.1) and selects nothing: the whole, empty answer.
    ['bytes=-1', whole],
    ['bytes=-500', whole],
    ['garbage', whole],
  ])('%s', (header, expected) => {
    expect(chooseRange(header, 0)).toEqual(expected);
  });
});

describe('ifRangeHolds', () => {
  const lastModified = 'Wed, 21 Oct 2015 07:28:00 GMT';
  it.each<[string, string | null, string | null, boolean]>([
    ['no If-Range', null, '"abc"', true],
    ['the strong ETag', '"abc"', '"abc"', true],
    ['another ETag', '"abd"', '"abc"', false],
    ['a weak ETag, even the current one (strong comparison)', 'W/"abc"', 'W/"abc"', false],
    ['a strong tag against a weak validator', '"abc"', 'W/"abc"', false],
    ['the Last-Modified date', lastModified, '"abc"', true],
    ['the Last-Modified date in another HTTP-date form', 'Wednesday, 21-Oct-15 07:28:00 GMT', '"abc"', true],
    ['an earlier date', 'Wed, 21 Oct 2015 07:27:59 GMT', '"abc"', false],
    ['garbage', 'not a date', '"abc"', false],
  ])('%s: %s', (_name, ifRange, etag, expected) => {
    expect(ifRangeHolds(ifRange, etag, lastModified)).toBe(expected);
  });

  it('never matches a date when there is no Last-Modified', () => {
    expect(ifRangeHolds('Wed, 21 Oct 2015 07:28:00 GMT', '"abc"', null)).toBe(false);
  });
});

describe('chooseRange for any header', () => {
  /** Headers near the grammar, where mistakes hide, and arbitrary text. */
  const position = fc.oneof(fc.nat(12_000).map(String), fc.constantFrom('', '0', huge, '-1', '1e3', ' 5', '0x1', '٣'));
  const spec = fc.tuple(position, fc.constantFrom('-', '', '--', ' - '), position).map(([a, dash, b]) => `${a}${dash}${b}`);
  const header = fc.oneof(
    fc.tuple(fc.constantFrom('bytes', 'BYTES', 'items', '', 'bytes '), fc.array(spec, { maxLength: 6 }), fc.constantFrom(',', ', ', ',,')).map(([unit, specs, comma]) => `${unit}=${specs.join(comma)}`),
    fc.string({ maxLength: 40 }),
  );

  it('answers whole, unsatisfiable, or one part inside the representation', () => {
    fc.assert(fc.property(header, fc.constantFrom(0, 1, 499, 10_000), (value, size) => {
      const choice = chooseRange(value, size);
      if (choice.kind !== 'part') return;
      expect(Number.isInteger(choice.start) && Number.isInteger(choice.end)).toBe(true);
      expect(0 <= choice.start && choice.start <= choice.end && choice.end < size).toBe(true);
    }), { numRuns: 2000 });
  });
});
