// What checkedData makes of a body beyond Strapi's recorded answers: the EntryData each attribute
// kind becomes, component items updated in place by id, passwords hashed, the keys kept or ignored.
import { beforeAll, describe, expect, it } from 'vitest';
import { ApplicationError } from '../../../src/errors/errors.ts';
import { verifyPassword } from '../../../src/auth/passwords.ts';
import { contentType, type ContentModel } from '../../../src/model/types.ts';
import type { EntryData } from '../../../src/operations/write/entry-data.ts';
import { checkedData } from '../../../src/operations/write/input.ts';
import type { Doc, Store } from '../../../src/store/store.ts';
import { validationStore } from '../../support/write-input.ts';

const PROBE = 'api::probe.probe';
let model: ContentModel;
let store: Store;
beforeAll(async () => ({ model, store } = await validationStore()));

/** A stored probe holding component items, as an update finds it. */
const stored: Doc = {
  id: 1,
  name: 'first',
  publishedAt: new Date('2024-01-01T00:00:00Z'),
  item: { id: 7, label: 'old', size: 1, inner: [{ id: 70, socialNetwork: 'Twitter', title: 't' }] },
  items: [{ id: 8, label: 'a' }, { id: 9, label: 'b' }],
  zone: [{ __component: 'probe.item', id: 10, label: 'z' }, { __component: 'blocks.quote', id: 10, title: 'q' }],
  tags: [1, 2],
};

function check(data: unknown, mode: 'create' | 'update' = 'create', uid = PROBE): Promise<EntryData> {
  return checkedData({ model, store, type: contentType(model, uid), mode, data, entry: mode === 'update' ? stored : undefined });
}

describe('checkedData', () => {
  it.each([
    ['a string', { name: 'okay' }, 'name', 'okay'],
    ['a numeric string as an integer', { count: '12' }, 'count', 12],
    ['a biginteger past 2^53, whole', { big: '9007199254740993' }, 'big', 9007199254740993n],
    ['a date-time as a Date', { moment: '2024-01-15T10:00:00+02:00' }, 'moment', new Date('2024-01-15T08:00:00Z')],
    ['a time padded to milliseconds', { clock: '09:05:01' }, 'clock', '09:05:01.000'],
    ['JSON as its text', { data: { a: [1, null] } }, 'data', '{"a":[1,null]}'],
    ['a boolean string as a boolean', { flag: 'false' }, 'flag', false],
    ['a null as null', { note: null }, 'note', null],
  ])('stores %s', async (_name, data, key, value) => {
    expect((await check(data, 'update')).get(key)).toEqual({ kind: 'value', value });
  });

  it.each([
    ['a biginteger beyond 64 bits', 'api::article.article', { title: 't', bigViews: '9223372036854775808' }, 'bigViews must be less than or equal to 9223372036854775807'],
    ['a biginteger with letters', 'api::article.article', { title: 't', bigViews: '12abc' }, 'bigViews must be a `biginteger` type, but the final value was: `"12abc"`.'],
    ['a biginteger sent as a JSON number past 2^53 - 1 (digits may be lost)', 'api::article.article', { title: 't', bigViews: 2 ** 53 }, 'bigViews must be given as a string of digits beyond ±9007199254740991 (a JSON number there may have lost digits), but the value was: `9007199254740992`.'],
    ['an integer beyond 32 bits', 'api::article.article', { title: 't', views: -2147483649 }, 'views must be greater than or equal to -2147483648'],
    ['an infinite float', 'api::article.article', { title: 't', rating: '1e999' }, 'rating must be a `number` type, but the final value was: `Infinity` (cast from the value `"1e999"`).'],
    ['a zone item of a component the zone does not list', 'api::article.article', { title: 't', blocks: [{ __component: 'shared.header' }] }, 'blocks[0].__component must be one of the following values: blocks.rich-text, blocks.quote, blocks.media, blocks.related-articles'],
  ])('refuses %s, which Strapi would store', async (_name, uid, data, message) => {
    await expect(check(data, 'create', uid)).rejects.toThrow(message);
  });

  it('hashes a password, even one that looks like a hash, and never keeps it in plain', async () => {
    for (const plain of ['abcdefg', 'scrypt$c2FsdA==$a2V5a2V5']) {
      const written = (await check({ name: 'okay', secret: plain })).get('secret');
      const hash = written?.kind === 'value' ? String(written.value) : '';
      expect(hash).not.toBe(plain);
      expect(await verifyPassword(plain, hash)).toBe(true);
    }
  });

  it('keeps only the attributes an update names', async () => {
    expect([...(await check({ count: 7, bogus: 1, id: 3, createdAt: 'x', updatedAt: 'y' }, 'update')).keys()]).toEqual(['count']);
  });

  it('fills the defaults of a new entry and of its new component items', async () => {
    const data = await check({ name: 'okay', item: { label: 'a' } });
    expect(data.get('count')).toEqual({ kind: 'value', value: 5 });
    const item = data.get('item');
    expect(item?.kind === 'component' && item.item?.data.get('size')).toEqual({ kind: 'value', value: 3 });
  });

  it.each([
    ['a date', { publishedAt: '2020-01-01' }, new Date('2020-01-01T00:00:00Z')],
    ['null, a draft', { publishedAt: null }, null],
  ])('keeps publishedAt given as %s', async (_name, data, value) => {
    expect((await check({ name: 'okay', ...data })).get('publishedAt')).toEqual({ kind: 'value', value });
  });

  it('keeps the locale a create names, and ignores it on an update', async () => {
    expect((await check({ name: 'okay', locale: 'fr' })).get('locale')).toEqual({ kind: 'value', value: 'fr' });
    expect((await check({ locale: 'fr' }, 'update')).has('locale')).toBe(false);
  });

  it('ignores publishedAt on a type without draft and publish', async () => {
    expect((await check({ name: 't', publishedAt: null }, 'create', 'api::tag.tag')).has('publishedAt')).toBe(false);
  });

  it('updates a held component item in place, partially, and its held nested items too', async () => {
    const data = await check({ item: { id: 7, size: 2, inner: [{ id: '70', title: 'new' }, { socialNetwork: 'Facebook', title: 'f' }] } }, 'update');
    const item = data.get('item');
    if (item?.kind !== 'component' || !item.item) throw new Error('no component');
    expect(item.item.id).toBe(7);
    expect([...item.item.data.keys()]).toEqual(['size', 'inner']);
    const inner = item.item.data.get('inner');
    expect(inner?.kind === 'components' && inner.items.map((i) => i.id)).toEqual([70, undefined]);
  });

  it('matches a zone item by its id and its component', async () => {
    const zone = (await check({ zone: [{ __component: 'blocks.quote', id: 10, title: 'n' }] }, 'update')).get('zone');
    expect(zone?.kind === 'zone' && zone.items.map((i) => [i.component, i.id])).toEqual([['blocks.quote', 10]]);
  });

  it.each([
    ['a single component', { item: { id: 8, label: 'x' } }, 'item'],
    ['a repeatable one', { items: [{ id: 8 }, { id: 99, label: 'x' }] }, 'items'],
    ['a zone item of another component', { zone: [{ __component: 'probe.item', id: 11, label: 'x' }] }, 'zone'],
    ['a nested item of a new parent', { item: { label: 'x', inner: [{ id: 70, socialNetwork: 'Twitter', title: 't' }] } }, 'inner'],
  ])('refuses on an update a component id the entry does not hold there: %s', async (_name, data, attribute) => {
    const refused = check(data, 'update');
    await expect(refused).rejects.toBeInstanceOf(ApplicationError);
    await expect(refused).rejects.toThrow(`Some of the provided components in ${attribute} are not related to the entity`);
  });

  it('takes a component id on a create as a new item', async () => {
    const item = (await check({ name: 'okay', item: { id: 7, label: 'x' } })).get('item');
    expect(item?.kind === 'component' && item.item?.id).toBeUndefined();
  });

  it('refuses a connect placed before an id the stored entry does not hold', async () => {
    await expect(check({ tags: { connect: [{ id: 3, position: { before: 2 } }] } }, 'update')).resolves.toBeDefined();
    await expect(check({ tags: { connect: [{ id: 3, position: { before: 4 } }] } }, 'update')).rejects.toThrow('The relation with id 4 needs to be connected first.');
  });
});
