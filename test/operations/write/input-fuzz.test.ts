// Ten thousand generated bodies (fast-check, seeded) through checkedData for every content-type of
// the fixture and the probe type: each one is EntryData or an ApplicationError, never another
// exception, and none reads the store more than a few times (counted, not timed). Password
// attributes are left out of the keys: hashing one costs ~100 ms by design. Prints what came back.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationError } from '../../../src/errors/errors.ts';
import type { ContentModel, ContentType } from '../../../src/model/types.ts';
import { checkedData } from '../../../src/operations/write/input.ts';
import type { Doc } from '../../../src/store/store.ts';
import { CountingStore } from '../../support/counting-store.ts';
import { validationStore } from '../../support/write-input.ts';

const RUNS = 10_000;
const SEED = 20_261_125;
// Relation existence checks, one read per related type a body names: far above the most seen.
const MOST_READS = 50;

let model: ContentModel;
let store: CountingStore;
let types: ContentType[];
const entries = new Map<string, Doc | undefined>();
const outcomes = new Map<string, number>();
let slowestMs = 0;
let mostReads = 0;

beforeAll(async () => {
  const validation = await validationStore();
  ({ model } = validation);
  store = new CountingStore(validation.store);
  types = [...model.contentTypes.values()].filter((type) => type.uid.startsWith('api::'));
  for (const type of types) entries.set(type.uid, (await store.find(type.collectionName, {}, { limit: 1 }))[0]);
});

afterAll(() => {
  const counts = [...outcomes].sort(([, a], [, b]) => b - a).map(([name, n]) => `${name}: ${n}`).join(', ');
  console.log(`write input fuzz: ${RUNS} bodies; ${counts}; most store reads ${mostReads}; slowest ${slowestMs.toFixed(1)} ms`);
});

function bodies(model: ContentModel, type: ContentType): fc.Arbitrary<unknown> {
  const keys = [...type.attributes.values()].filter((a) => a.type !== 'password').map((a) => a.name);
  const components = [...model.components.keys()];
  const componentKeys = [...model.components.values()].flatMap((c) => [...c.attributes.keys()]);
  const scalar = fc.oneof(
    fc.string({ maxLength: 12 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String),
    fc.constantFrom('12', ' 12 ', '1e1', '12abc', '', 'NaN', 'Infinity', '9223372036854775808', '2024-02-30', '2024-01-15', '10:30:15', '25:00',
      '2024-01-15T10:00:00Z', 'a@b.co', 'news', 'Facebook', '__proto__', 'true', '0', 'x'.repeat(300)),
  );
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(fc.oneof(fc.nat(12), fc.constantFrom('1', 'x', -1)), { maxLength: 5 }),
      fc.record({ connect: fc.array(fc.oneof(fc.nat(12), fc.record({ id: fc.nat(12), position: fc.dictionary(fc.constantFrom('before', 'after', 'start', 'end', 'x'), fc.oneof(fc.nat(12), fc.boolean())) })), { maxLength: 4 }), disconnect: fc.array(fc.nat(12), { maxLength: 3 }) }, { requiredKeys: [] }),
      fc.record({ set: tie('value') }),
      fc.array(fc.dictionary(fc.constantFrom('__component', 'id', ...componentKeys), fc.oneof(fc.constantFrom(...components), tie('value')), { maxKeys: 5 }), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom('id', ...componentKeys), tie('value'), { maxKeys: 5 }),
    ),
  }));
  const data = fc.dictionary(fc.oneof(fc.constantFrom(...keys, 'id', 'publishedAt', 'locale', 'createdAt'), fc.string({ maxLength: 6 })), value, { maxKeys: 10 });
  return fc.oneof({ weight: 12, arbitrary: data }, { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) });
}

/**
 * A value nested `levels` deep (arrays, objects, or `connect`/`set`/component-like objects in
 * turn), built without recursion: what a body within the request bound may carry to any attribute.
 */
function nestedValue(levels: number, kinds: readonly string[]): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) {
    const kind = kinds[level % kinds.length];
    value = kind === 'array' ? [value] : kind === 'connect' ? { connect: [{ id: 1, position: { before: value } }] } : kind === 'set' ? { set: value } : { id: 1, __component: 'blocks.quote', a: value };
  }
  return value;
}

describe('checkedData on generated bodies', () => {
  it('answers values nested as deep as a request may carry them, in every attribute, with EntryData or an ApplicationError', async () => {
    // A REST body or GraphQL variables pass at most maxVariablesDepth (24) levels; `data` and the attribute take two.
    const cases = fc.constantFrom(...types).chain((type) => fc.tuple(
      fc.constant(type), fc.constantFrom('create' as const, 'update' as const), fc.constantFrom(...type.attributes.keys(), 'locale', 'publishedAt'),
      fc.integer({ min: 1, max: 22 }), fc.array(fc.constantFrom('array', 'object', 'connect', 'set'), { minLength: 1, maxLength: 3 }),
    ));
    await fc.assert(
      fc.asyncProperty(cases, async ([type, mode, name, levels, kinds]) => {
        if (type.attributes.get(name)?.type === 'password') return;
        const data = { [name]: nestedValue(levels, kinds) };
        const outcome = await checkedData({ model, store, type, mode, data, entry: mode === 'update' ? entries.get(type.uid) : undefined }).then(
          () => 'EntryData',
          (error: unknown) => (error instanceof ApplicationError ? error.name : `unexpected ${String(error)}`),
        );
        expect(outcome).not.toMatch(/^unexpected/);
      }),
      { numRuns: 2000, seed: SEED },
    );
  }, 240_000);

  it(`answers ${RUNS} bodies with EntryData or an ApplicationError, each within ${MOST_READS} store reads`, async () => {
    const cases = fc.constantFrom(...types).chain((type) => fc.tuple(fc.constant(type), fc.constantFrom('create' as const, 'update' as const), bodies(model, type)));
    await fc.assert(
      fc.asyncProperty(cases, async ([type, mode, data]) => {
        store.reset();
        const started = performance.now();
        const entry = mode === 'update' ? entries.get(type.uid) : undefined;
        const outcome = await checkedData({ model, store, type, mode, data, entry }).then(
          () => 'EntryData',
          (error: unknown) => (error instanceof ApplicationError ? error.name : `unexpected ${String(error)}`),
        );
        const elapsed = performance.now() - started;
        slowestMs = Math.max(slowestMs, elapsed);
        mostReads = Math.max(mostReads, store.calls.length);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        expect(outcome).not.toMatch(/^unexpected/);
        expect(store.calls.length).toBeLessThanOrEqual(MOST_READS);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 240_000);
});
