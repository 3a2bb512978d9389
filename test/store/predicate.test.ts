// Native filter tests answer as mingo does: random documents (every kind of value a field can
// hold, arrays and objects included) and random filters of the forms the gateway sends, and some
// it does not, compared with mingo's own Query.
import fc from 'fast-check';
import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import { compileFilter, compilePredicate } from '../../src/store/embedded/predicate.ts';
import { Int64 } from '../../src/store/embedded/values.ts';
import type { Filter } from '../../src/store/store.ts';

const simple = fc.oneof(
  fc.constantFrom(null, 0, 1, -1, 2.5, 20000, 'guide', 'Guide', 'news', '', 'a.b', true, false),
  fc.constantFrom(new Date(0), new Date(86_400_000)),
  fc.integer({ min: -3, max: 3 }),
  fc.string({ maxLength: 3 }),
);
const value = fc.oneof(
  { weight: 6, arbitrary: simple },
  { weight: 1, arbitrary: fc.array(simple, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(new Int64(5n), new Int64(-2n)) },
  { weight: 1, arbitrary: fc.record({ x: simple }) },
  { weight: 1, arbitrary: fc.constant(Number.NaN) },
);
const doc = fc.record({ a: value, b: value, c: value }, { requiredKeys: [] });

const field = fc.constantFrom('a', 'b', 'c', 'a.x', 'missing');
const operand = fc.oneof(simple, fc.constantFrom(new Int64(5n)));
const operator = fc.oneof(
  operand.map(($eq) => ({ $eq })),
  operand.map(($ne) => ({ $ne })),
  fc.array(operand, { maxLength: 3 }).map(($in) => ({ $in })),
  fc.array(operand, { maxLength: 3 }).map(($nin) => ({ $nin })),
  fc.tuple(fc.constantFrom('$lt', '$lte', '$gt', '$gte'), operand).map(([op, v]) => ({ [op]: v })),
  fc.tuple(fc.constantFrom('^g', 'uid', 'E', '\\.'), fc.constantFrom(undefined, 'i')).map(([$regex, $options]) => ($options ? { $regex, $options } : { $regex })),
  fc.boolean().map(($exists) => ({ $exists })),
  fc.constantFrom({ $size: 1 }, { $type: 'string' }),
);
const condition = fc.oneof(
  operand,
  operator,
  fc.tuple(operator, operator).map(([x, y]) => ({ ...x, ...y })),
  operator.map(($not) => ({ $not })),
);
const filter: fc.Arbitrary<Filter> = fc.letrec<{ filter: Filter }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(field, condition).map(([f, c]) => ({ [f]: c })),
    fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map(($and) => ({ $and })),
    fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map(($or) => ({ $or })),
    fc.array(tie('filter'), { minLength: 1, maxLength: 2 }).map(($nor) => ({ $nor })),
    fc.tuple(field, condition, field, condition).map(([f, c, g, d]) => ({ [f]: c, [g]: d })),
  ),
})).filter;

describe('native filter tests', () => {
  it('answer as mingo does, on documents and on columns', () => {
    fc.assert(
      fc.property(filter, fc.array(doc, { minLength: 1, maxLength: 8 }), (f, docs) => {
        let reference: boolean[];
        try {
          const query = new Query(f);
          reference = docs.map((d) => query.test(d));
        } catch {
          return; // a filter mingo refuses is never sent
        }
        const test = compilePredicate(f);
        expect(docs.map((d) => test(d))).toEqual(reference);
        // The same test over columns of the fields it reads (slot i: docs[i]), as a collection scans.
        const compiled = compileFilter(f);
        const onSlot = compiled.onColumns(compiled.fields.map((name) => docs.map((d) => (d as Record<string, unknown>)[name])), docs);
        expect(docs.map((_, slot) => onSlot(slot))).toEqual(reference);
      }),
      { numRuns: 5000 },
    );
  });

  it('hands mingo what it does not know: dotted paths, arrays, other operators', () => {
    const test = compilePredicate({ 'a.x': 1, b: { $size: 2 }, c: { $gte: 1 } });
    expect(test({ a: { x: 1 }, b: [1, 2], c: [0, 3] })).toBe(true);
    expect(test({ a: { x: 1 }, b: [1], c: 3 })).toBe(false);
  });
});
