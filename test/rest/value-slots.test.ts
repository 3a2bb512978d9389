// A list's query string -> its filters' single values and the shape they share a plan by; each
// value read as qs reads it.
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { qsDecode, valueSlotsIn } from '../../src/rest/value-slots.ts';

describe('valueSlotsIn', () => {
  it.each([
    ['one value', '?filters[title][$eq]=Hello', [['filters[title][$eq]', 'Hello']], '?filters[title][$eq]='],
    ['two values around other parameters', '?sort=title&filters[views][$gte]=5&fields[0]=title&filters[author][name][$containsi]=ann', [['filters[views][$gte]', '5'], ['filters[author][name][$containsi]', 'ann']], '?sort=title&filters[views][$gte]=&fields[0]=title&filters[author][name][$containsi]='],
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
    ['no filters', '?sort=title&pagination[page]=2'],
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
