// One seed value per scalar type -> its stored form (docs/storage.md), or the problem it has.
import { describe, expect, it } from 'vitest';
import type { ScalarAttribute, ScalarType } from '../../src/model/types.ts';
import { storedScalar } from '../../src/seed/scalar-values.ts';

function attribute(type: ScalarType): ScalarAttribute {
  const base = { name: 'field', required: false, private: false, unique: false };
  return type === 'enumeration' ? { ...base, type, values: ['news', 'x-large'] } : { ...base, type };
}

describe('converting a scalar seed value', () => {
  it.each<[ScalarType, unknown, unknown]>([
    ['string', 'text', 'text'],
    ['text', '', ''],
    ['richtext', '# Title', '# Title'],
    ['password', '$2a$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234', '$2a$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234'],
    ['email', 'a@example.com', 'a@example.com'],
    ['uid', 'hello-world_1.2~', 'hello-world_1.2~'],
    ['enumeration', 'x-large', 'x-large'],
    ['date', '2024-02-29', '2024-02-29'],
    ['time', '09:30', '09:30:00.000'],
    ['time', '09:30:15', '09:30:15.000'],
    ['time', '09:30:15.5', '09:30:15.500'],
    ['datetime', '2024-01-15T09:30:00+02:00', new Date('2024-01-15T07:30:00.000Z')],
    ['timestamp', 1700000000000, new Date(1700000000000)],
    ['integer', -4, -4],
    ['biginteger', '2147483648000', 2147483648000n],
    ['biginteger', 12, 12n],
    ['biginteger', '-9223372036854775808', -9223372036854775808n],
    ['float', 1.25, 1.25],
    ['decimal', 10, 10],
    ['boolean', false, false],
    ['json', { a: [1, { $b: 'c.d' }] }, '{"a":[1,{"$b":"c.d"}]}'],
    ['json', 'text', '"text"'],
  ])('stores a %s given %j as %s', (type, given, stored) => {
    expect(storedScalar(attribute(type), given)).toEqual({ ok: true, value: stored });
  });

  it('stores a plain password as a salted bcrypt hash in Strapi\'s format', () => {
    const first = storedScalar(attribute('password'), 'secret');
    const second = storedScalar(attribute('password'), 'secret');
    expect(first).toMatchObject({ ok: true, value: expect.stringMatching(/^\$2a\$10\$/) });
    expect(first).not.toEqual(second);
  });

  it.each<[ScalarType, unknown, string]>([
    ['string', 3, 'expected a string; got 3'],
    ['email', 'not-an-email', 'expected an email address'],
    ['uid', 'has space', 'expected a uid'],
    ['enumeration', 'medium', 'expected one of "news", "x-large"; got "medium"'],
    ['date', '2023-02-29', 'expected a date "YYYY-MM-DD"'],
    ['date', '2024-1-5', 'expected a date "YYYY-MM-DD"'],
    ['time', '24:00', 'expected a time'],
    ['datetime', '2024-01-15T09:30:00', 'with a zone'],
    ['datetime', 'yesterday', 'with a zone'],
    ['integer', '12', 'expected an integer; got "12"'],
    ['integer', 1.5, 'expected an integer; got 1.5'],
    ['biginteger', '9223372036854775808', 'expected a 64-bit integer'],
    ['biginteger', 1.5, 'expected a 64-bit integer'],
    ['float', '1.5', 'expected a number'],
    ['decimal', true, 'expected a number'],
    ['boolean', 'true', 'expected true or false'],
  ])('rejects a %s given %j', (type, given, problem) => {
    const result = storedScalar(attribute(type), given);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain(problem);
  });
});
