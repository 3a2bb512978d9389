// One seed value per scalar type -> its stored form (docs/storage.md), or the problem it has.
import { describe, expect, it } from 'vitest';
import type { ScalarAttribute, ScalarType } from '../../src/model/types.ts';
import { storedScalar } from '../../src/seed/scalar-values.ts';

function attribute(type: ScalarType): ScalarAttribute {
  const base = { name: 'field', required: false, private: false, unique: false };
  return type === 'enumeration' ? { ...base, type, values: ['news', 'x-large'] } : { ...base, type };
}

describe('converting a scalar seed value (the write path\'s converter, exact)', () => {
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
    ['string', 3, 'must be a `string` type, but the final value was: `3`.'],
    ['email', 'not-an-email', 'must be a valid email; got "not-an-email"'],
    ['uid', 'has space', 'must match the following'],
    ['enumeration', 'medium', 'must be one of the following values: news, x-large,; got "medium"'],
    ['date', '2023-02-29', 'Invalid date; got "2023-02-29"'],
    ['date', '2024-1-5', 'Invalid format, expected yyyy-MM-dd'],
    ['time', '24:00', 'Invalid time format'],
    ['datetime', '2024-01-15T09:30:00', 'with a zone'],
    ['datetime', 'yesterday', 'with a zone'],
    ['integer', '12', 'must be a `number` type, but the final value was: `"12"`.'],
    ['integer', 1.5, 'must be an integer; got 1.5'],
    ['integer', 2 ** 31, 'must be less than or equal to 2147483647; got 2147483648'],
    ['biginteger', '9223372036854775808', 'must be less than or equal to 9223372036854775807'],
    ['biginteger', 1.5, 'must be a `biginteger` type'],
    ['float', '1.5', 'must be a `number` type'],
    ['decimal', true, 'must be a `number` type'],
    ['boolean', 'true', 'must be a `boolean` type'],
  ])('rejects a %s given %j', (type, given, problem) => {
    const result = storedScalar(attribute(type), given);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain(problem);
  });
});
