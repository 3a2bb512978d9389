// A word that names nothing -> the known word a few edits away, for a message's "did you mean".
import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../../src/errors/did-you-mean.ts';

describe('the edit distance', () => {
  it.each([
    ['the same word', 'seed', 'seed', 0],
    ['one letter dropped', 'sed', 'seed', 1],
    ['two neighbours swapped', 'strnig', 'string', 1],
    ['a letter dropped and another changed', 'shena', 'schema', 2],
    ['one letter changed', 'seeb', 'seed', 1],
    ['from nothing', '', 'data', 4],
    ['to nothing', 'data', '', 4],
  ])('counts %s', (_name, a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('the closest known word', () => {
  const flags = ['schema', 'seed', 'data', 'replace-data', 'strapi-export', 'port', 'host', 'graphiql'];
  it.each([
    ['a flag with a letter missing', 'shema', flags, 'schema'],
    ['a flag with letters swapped', 'prot', flags, 'port'],
    ['a flag in another case', 'GraphiQL', flags, 'graphiql'],
    ['an attribute type misspelt', 'strnig', ['string', 'text', 'integer', 'relation'], 'string'],
    ['nothing for a word far from every known one', 'verbose', flags, undefined],
    ['nothing for a short word two edits away', 'pt', flags, undefined],
  ])('is found for %s', (_name, given, known, expected) => {
    expect(closest(given, known)).toBe(expected);
  });

  it.each([
    ['quoted by default', 'strnig', ['string'], undefined, ' Did you mean "string"?'],
    ['as the caller quotes it', 'sed', ['seed'], (word: string) => `--${word}`, ' Did you mean --seed?'],
    ['empty when nothing is near', 'zzz', ['seed'], undefined, ''],
  ])('is said %s', (_name, given, known, quote, expected) => {
    expect(didYouMean(given, known, quote)).toBe(expected);
  });
});
