// A list's query string -> its filters' single values and the shape they share a plan by; each
// value read as qs reads it.
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { fieldsValue, qsDecode, valueSlotsIn } from '../../src/rest/value-slots.ts';

describe('valueSlotsIn', () => {
  it.each([
    ['one value', '?filters[title][$eq]=Hello', [['filters[title][$eq]', 'Hello']], '?filters[title][$eq]='],
    ['two values around other parameters', '?sort=title&filters[views][$gte]=5&fields[0]=title&filters[author][name][$containsi]=ann', [['filters[views][$gte]', '5'], ['filters[author][name][$containsi]', 'ann']], '?sort=title&filters[views][$gte]=&fields[0]=&filters[author][name][$containsi]='],
    ['percent-encoded brackets', '?filters%5Btitle%5D%5B%24eq%5D=a%20b', [['filters[title][$eq]', 'a%20b']], '?filters%5Btitle%5D%5B%24eq%5D='],
    ['a value holding = and ?', '?filters[title][$eq]=a=b?c', [['filters[title][$eq]', 'a=b?c']], '?filters[title][$eq]='],
    ['an $or item', '?filters[$or][1][views][$lt]=9', [['filters[$or][1][views][$lt]', '9']], '?filters[$or][1][views][$lt]='],
    ['the items of a list', '?filters[id][$in][0]=1&filters[id][$in][1]=22', [['filters[id][$in][0]', '1'], ['filters[id][$in][1]', '22']], '?filters[id][$in][0]=&filters[id][$in][1]='],
    ['without a leading ?', 'filters[title][$eq]=x', [['filters[title][$eq]', 'x']], '?filters[title][$eq]='],
  ])('takes out %s', (_name, search, slots, shape) => {
    const found = valueSlotsIn(search);
    expect(found?.slots.map((slot) => [slot.key, slot.raw])).toEqual(slots);
    expect(found?.shape).toBe(shape);
  });

  it.each([
    ['fields as items', '?fields[0]=title&fields[1]=slug', [[0, 'title'], [1, 'slug']], ['title', 'slug'], '?fields[0]=&fields[1]='],
    ['fields out of order, with a gap', '?fields[3]=views&fields[0]=title', [[3, 'views'], [0, 'title']], ['title', 'views'], '?fields[3]=&fields[0]='],
    ['fields given whole', '?fields=title,+slug', [[undefined, 'title,+slug']], 'title, slug', '?fields='],
    ['an index written with a leading zero (qs reads a key, not an item): left in the shape', '?fields[07]=title&filters[title][$eq]=a', [], undefined, '?fields[07]=title&filters[title][$eq]='],
  ])('takes out %s', (_name, search, parts, value, shape) => {
    const found = valueSlotsIn(search);
    expect(found?.fields.map((part) => [part.index, part.raw])).toEqual(parts);
    if (value !== undefined) expect(fieldsValue(found!.fields)).toEqual(value);
    expect(found?.shape).toBe(shape);
  });

  it.each([
    ['no filters', '?sort=title&pagination[page]=2'],
    ['fields given whole twice (qs makes a list)', '?fields=title&fields=slug'],
    ['fields given whole and as items', '?fields=title&fields[0]=slug'],
    ['one field item twice', '?fields[0]=title&fields[0]=slug'],
    ['a list without indexes', '?filters[id][$in]=1'],
    ['a list item without its index', '?filters[id][$in][]=1'],
    ['a presence operator', '?filters[title][$null]=true'],
    ['a shorthand', '?filters[title]=x'],
    ['an operator alone', '?filters[$eq]=x'],
    ['an unknown operator', '?filters[title][$like]=x'],
    ['a populate filter', '?populate[tags][filters][name][$eq]=x'],
    ['a parameter without a value', '?filters[title][$eq]'],
    ['one key twice (qs makes a list)', '?filters[title][$eq]=a&filters[title][$eq]=b'],
  ])('takes out nothing from %s', (_name, search) => {
    expect(valueSlotsIn(search)).toBeUndefined();
  });

  it.each(['plain', 'a+b', 'a%20b', '%C3%A9t%C3%A9', '100%', '%E0%A4%A', '+%2B+', ''])('decodes %j as qs does', (raw) => {
    expect(qsDecode(raw)).toBe((qs.parse(`v=${raw}`) as { v: string }).v);
  });
});
