// Query string -> raw nested object, read as Strapi reads it with qs; past the bounds, a 400.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/errors.ts';
import { QUERY_LIMITS, parseQueryString } from '../../src/rest/parse.ts';

describe('parseQueryString', () => {
  it.each([
    ['an empty query string', '', {}],
    ['a leading question mark', '?fields=title', { fields: 'title' }],
    ['indexed arrays', 'fields[0]=title&fields[1]=views', { fields: ['title', 'views'] }],
    ['nested objects', 'populate[author][populate][0]=avatar', { populate: { author: { populate: ['avatar'] } } }],
    ['dots inside brackets kept in the key', 'populate[blocks][on][blocks.media][populate]=*', { populate: { blocks: { on: { 'blocks.media': { populate: '*' } } } } }],
    ['percent-encoded values', 'filters[title][$eq]=Deep%20Dive', { filters: { title: { $eq: 'Deep Dive' } } }],
    ['a raw space in a value', 'filters[title][$eq]=Deep Dive', { filters: { title: { $eq: 'Deep Dive' } } }],
    ['an encoded colon', 'sort=views%3Adesc', { sort: 'views:desc' }],
    ['a repeated key as a list', 'sort=a&sort=b', { sort: ['a', 'b'] }],
    ['commas left to the parameter to split', 'populate=author,category', { populate: 'author,category' }],
    ['__proto__ keys dropped', 'filters[__proto__][x]=1', {}],
  ])('parses %s', (_name, search, expected) => {
    expect(parseQueryString(search)).toEqual(expected);
  });

  it.each([
    ['an array index at the array limit', `fields[${QUERY_LIMITS.arrayLimit}]=title`],
    ['more items than the array limit', Array.from({ length: QUERY_LIMITS.arrayLimit + 1 }, () => 'sort[]=id').join('&')],
    ['nesting deeper than the depth limit', `filters${'[a]'.repeat(QUERY_LIMITS.depth + 1)}=1`],
    ['more parameters than the parameter limit', Array.from({ length: QUERY_LIMITS.parameterLimit + 1 }, (_, i) => `p${i}=1`).join('&')],
  ])('refuses %s with a 400 rather than truncating', (_name, search) => {
    expect(() => parseQueryString(search)).toThrow(ValidationError);
  });

  it('accepts an array index just under the limit', () => {
    expect(parseQueryString(`fields[${QUERY_LIMITS.arrayLimit - 1}]=title`)).toEqual({ fields: ['title'] });
  });
});
