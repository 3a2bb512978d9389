// The embedded store's values for mingo: a view wraps each int64, decode unwraps it. Decode hands
// back a stored (frozen) document, or the document a view is of, as it is, without a walk.
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/deep-freeze.ts';
import { decode, encode, Int64, queryView } from '../../src/store/embedded/values.ts';

const stored = () => deepFreeze({ id: 1, title: 'a', bigViews: 2n ** 40n, seo: { meta: 'm', score: 3n }, tags: [1, 2] });

describe('decode', () => {
  it('hands back the stored document a view is of, itself', () => {
    const doc = stored();
    const view = queryView(doc) as Record<string, unknown>;
    expect(view).not.toBe(doc);
    expect(view.bigViews).toBeInstanceOf(Int64);
    expect(decode(view)).toBe(doc);
    expect(decode([view, view])).toEqual([doc, doc]);
  });

  it('hands back a frozen value as it is', () => {
    const doc = deepFreeze({ id: 2, list: [{ a: 1 }] });
    expect(queryView(doc)).toBe(doc);
    expect(decode(doc)).toBe(doc);
    expect(decode({ docs: [doc] })).toEqual({ docs: [doc] });
  });

  const cases: Array<[string, () => unknown, unknown]> = [
    ['a row a stage made from a view (the view spread, a field added)', () => ({ ...(queryView(stored()) as object), parent: 7 }), { ...stored(), parent: 7 }],
    ['a group of such rows', () => ({ _id: 7, docs: [{ ...(queryView(stored()) as object), parent: 7 }] }), { _id: 7, docs: [{ ...stored(), parent: 7 }] }],
    ['a value encoded outside any document', () => encode({ n: 5n, deep: [{ m: -1n }], at: new Date(0) }), { n: 5n, deep: [{ m: -1n }], at: new Date(0) }],
    ['an int64 alone', () => new Int64(9n), 9n],
  ];
  it.each(cases)('unwraps every int64 of %s', (_name, value, expected) => {
    expect(decode(value())).toEqual(expected);
  });

  it('leaves a frozen part shared, and copies only the objects on the way to an int64', () => {
    const doc = stored();
    const row = { ...(queryView(doc) as Record<string, unknown>), parent: 1 };
    const decoded = decode(row) as Record<string, unknown>;
    expect(decoded.tags).toBe(doc.tags);
    expect(decoded.seo).toEqual(doc.seo);
    expect(decoded.bigViews).toBe(2n ** 40n);
  });
});
