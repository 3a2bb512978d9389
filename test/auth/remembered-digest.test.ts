import { describe, expect, it } from 'vitest';
import { rememberedDigest } from '../../src/auth/remembered-digest.ts';

describe('a remembered digest', () => {
  it.each([
    { asked: ['a', 'a', 'a'], digested: ['a'] },
    { asked: ['a', 'b', 'a', 'b'], digested: ['a', 'b'] },
  ])('digests each token once however often it is presented ($asked)', ({ asked, digested }) => {
    const seen: string[] = [];
    const remembered = rememberedDigest((text) => {
      seen.push(text);
      return `#${text}`;
    });
    expect(asked.map(remembered)).toEqual(asked.map((text) => `#${text}`));
    expect(seen).toEqual(digested);
  });

  it('digests again a token pushed out by a thousand others, with the same answer', () => {
    const seen: string[] = [];
    const remembered = rememberedDigest((text) => {
      seen.push(text);
      return text.toUpperCase();
    });
    remembered('first');
    for (let i = 0; i < 1000; i++) remembered(`t${i}`);
    expect(remembered('first')).toBe('FIRST');
    expect(seen.filter((text) => text === 'first')).toHaveLength(2);
  });
});
