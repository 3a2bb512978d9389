// One-use tokens: Strapi's length and alphabet, an expiry inside them that the kept digest covers;
// a client's token looked up only while it is one of ours and valid.
import { describe, expect, it } from 'vitest';
import { lookupDigest, newToken, tokenDigest, TOKEN_LENGTHS } from '../../../src/operations/auth/tokens.ts';

const NOW = Date.UTC(2026, 0, 1);

describe('newToken', () => {
  it.each(Object.entries(TOKEN_LENGTHS))('makes a %s token of %i lower-case hex digits, kept as its SHA-256', (kind, length) => {
    const { token, stored } = newToken(kind as keyof typeof TOKEN_LENGTHS, 3600, NOW);
    expect(token).toMatch(new RegExp(`^[0-9a-f]{${length}}$`));
    expect(stored).toBe(tokenDigest(token));
    expect(stored).not.toContain(token.slice(0, 16));
  });

  it('makes a new token every time', () => {
    expect(newToken('resetPassword', 3600, NOW).token).not.toBe(newToken('resetPassword', 3600, NOW).token);
  });
});

describe('lookupDigest', () => {
  const { token, stored } = newToken('resetPassword', 3600, NOW);
  it.each([
    ['its own token, within its lifetime', token, NOW + 3599_000, stored],
    ['its own token, past its lifetime', token, NOW + 3600_000, undefined],
    ['a token with another expiry written in (its digest differs)', `${token.slice(0, -12)}ffffffffffff`, NOW, tokenDigest(`${token.slice(0, -12)}ffffffffffff`)],
    ['a token of another length', token.slice(1), NOW, undefined],
    ['a token in upper case', token.toUpperCase(), NOW, undefined],
    ['a confirmation token\'s length for a reset', newToken('emailConfirmation', 3600, NOW).token, NOW, undefined],
  ])('answers %s', (_name, given, now, expected) => {
    expect(lookupDigest('resetPassword', given, now)).toBe(expected);
  });
});
