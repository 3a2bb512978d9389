import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { decodeDocument, encodeDocument } from '../../src/store/sqlite/document-codec.ts';
import type { Doc } from '../../src/store/store.ts';

const holed = [1, , 3]; // eslint-disable-line no-sparse-arrays
const protoKeyed = JSON.parse('{"id": 9, "__proto__": {"polluted": true}}') as Doc;

/** Documents, and whether they are kept as JSON text (else as v8's structured clone). */
const CASES: Array<[name: string, doc: Doc, text: boolean]> = [
  ['plain JSON values, nested', { id: 1, title: 'a', views: 12.5, ok: false, none: null, tags: [1, 2], seo: { meta: [{ name: 'x' }] } }, true],
  ['dates, at the top and deep in components', { id: 2, publishedAt: new Date('2024-04-15T10:30:00.123Z'), blocks: [{ at: new Date(0) }] }, true],
  ['an invalid date', { id: 3, publishedAt: new Date(Number.NaN) }, true],
  ['bigints beyond 2^53, negative too', { id: 4, big: 9007199254740993n, low: -123456789012345678901234567890n }, true],
  ['undefined properties and array items', { id: 5, gone: undefined, list: [undefined, 1] }, true],
  ['numbers JSON has no word for', { id: 6, values: [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0] }, true],
  ['strings JSON must escape: lone surrogates, NUL, quotes, emoji', { id: 7, text: 'a\ud800b\udc00\u0000"\\😀é' }, true],
  ['an own `__proto__` key', protoKeyed, true],
  ['an array with a hole', { id: 10, list: holed }, false],
  ['a Map', { id: 11, map: new Map([['a', 1]]) }, false],
  ['a typed array', { id: 12, bytes: new Uint8Array([1, 2]) }, false],
];

describe('the embedded store keeps documents as JSON text where it can (format 2)', () => {
  it.each(CASES)('%s: decodes to what v8 structured clone gives', (_name, doc, text) => {
    const stored = encodeDocument(doc);
    expect(typeof stored === 'string').toBe(text);
    const decoded = decodeDocument(stored);
    expect(decoded).toStrictEqual(deserialize(serialize(doc)));
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
  });

  it('keeps -0 and key order exactly', () => {
    const decoded = decodeDocument(encodeDocument({ id: 1, z: -0, a: 1, '2': 'two' }));
    expect([Object.is(decoded.z, -0), Object.keys(decoded)]).toEqual([true, ['2', 'id', 'z', 'a']]);
  });
});
