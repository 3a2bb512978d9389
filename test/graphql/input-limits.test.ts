// Filter and sort arguments bounded as REST's query string bounds them, measured without
// recursion: a 20,000-condition `or` or a 3,000-deep filter is refused before any work.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/errors.ts';
import { INPUT_LIMITS, checkFilterSize, distinctSortKeys } from '../../src/limits/input-sizes.ts';

const nested = (depth: number) => {
  let filter: Record<string, unknown> = { title: { eq: 'x' } };
  for (let i = 0; i < depth; i++) filter = { not: filter };
  return filter;
};

describe('filter size', () => {
  it.each([
    ['a plain filter', { title: { eq: 'a' }, views: { gt: 1 } }],
    ['100 items in a list', { id: { in: Array.from({ length: 100 }, (_, i) => String(i)) } }],
    ['18 levels of nesting', nested(18)],
  ])('accepts %s', (_name, input) => {
    expect(() => checkFilterSize(input)).not.toThrow();
  });

  it.each([
    ['an or of 20,000 conditions', { or: Array.from({ length: 20_000 }, (_, i) => ({ id: { eq: String(i) } })) }, 'a list of 20000 items, at most 100'],
    ['a filter nested 3,000 deep', nested(3000), `nested deeper than ${INPUT_LIMITS.depth} levels`],
    ['more than 1,000 conditions', { and: Array.from({ length: 20 }, () => ({ or: Array.from({ length: 60 }, () => ({ title: { eq: 'x' } })) })) }, 'more than 1000 conditions'],
  ])('refuses %s', (_name, input, message) => {
    expect(() => checkFilterSize(input)).toThrow(ValidationError);
    expect(() => checkFilterSize(input)).toThrow(message);
  });
});

describe('sort keys', () => {
  it.each([
    ['one key', 'title', ['title']],
    ['keys in a comma list', 'title:desc,views', ['title:desc', 'views']],
    ['a repeated path, the first direction kept', ['views:desc', 'title', 'views:asc'], ['views:desc', 'title']],
    ['400 copies of one relation key, in one string', Array(400).fill('author.name').join(','), ['author.name']],
  ])('reads %s', (_name, sort, expected) => {
    expect(distinctSortKeys(sort)).toEqual(expected);
  });

  it('refuses more distinct keys than the limit', () => {
    const keys = Array.from({ length: INPUT_LIMITS.sortKeys + 1 }, (_, i) => `f${i}`).join(',');
    expect(() => distinctSortKeys(keys)).toThrow(`more than ${INPUT_LIMITS.sortKeys} distinct keys`);
  });
});
