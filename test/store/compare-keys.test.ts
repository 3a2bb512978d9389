// compareKeys (src/store/sqlite/keys.ts) orders keys exactly as SQLite orders them in an index:
// rank groups compare in memory what SQLite walks, so the two orders must never disagree.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareKeys, type Key } from '../../src/store/sqlite/keys.ts';

const key: fc.Arbitrary<Key> = fc.oneof(
  fc.constant(null),
  fc.double({ noNaN: true }),
  fc.integer({ min: -5, max: 5 }),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.bigInt({ min: -5n, max: 5n }),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('\uffff', '\ud83d\ude00', '\ue000', 'a', 'ab', ''),
  fc.uint8Array({ maxLength: 4 }).map((bytes) => Buffer.from(bytes)),
);

describe('compareKeys', () => {
  it.each<[string, Key, Key, number]>([
    ['NULL before numbers', null, -Infinity, -1],
    ['an int64 and a real of the same value are equal', 5n, 5, 0],
    ['a real between two int64s', 5.5, 6n, -1],
    ['numbers before text', 2n ** 62n, '', -1],
    ['text by UTF-8 bytes: U+FFFF before an emoji', '\uffff', '\ud83d\ude00', -1],
    ['text before blobs', '\uffff', Buffer.alloc(0), -1],
    ['a shorter blob first', Buffer.from([8]), Buffer.from([8, 0]), -1],
  ])('%s', (_name, a, b, order) => {
    expect(Math.sign(compareKeys(a, b))).toBe(order);
    expect(Math.sign(compareKeys(b, a))).toBe(0 - order || 0);
  });

  it('sorts random keys as SQLite orders them', () => {
    const db = new Database(':memory:');
    db.defaultSafeIntegers(true);
    db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, k)');
    const insert = db.prepare('INSERT INTO t (n, k) VALUES (?, ?)');
    fc.assert(
      fc.property(fc.array(key, { maxLength: 30 }), (keys) => {
        db.exec('DELETE FROM t');
        keys.forEach((k, n) => insert.run(n, k));
        const sqlite = (db.prepare('SELECT n FROM t ORDER BY k, n').pluck().all() as bigint[]).map(Number);
        const ours = keys.map((k, n) => [k, n] as const).sort(([a, x], [b, y]) => compareKeys(a, b) || x - y).map(([, n]) => n);
        expect(ours).toEqual(sqlite);
      }),
      { numRuns: 500 },
    );
    db.close();
  });
});
