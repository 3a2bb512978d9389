// Parsed GraphQL documents are kept by their text within a bound in bytes, counted with their
// text and string values; a document whose text is past the size kept is parsed each time.
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentBytes, documentCache, isKeptSize, stringBytes } from '../../src/graphql/document-cache.ts';

/** A distinct document of about `bytes`: one long string literal (a single token). */
const longLiteral = (i: number, bytes: number) => `{ articles(filters: { title: { eq: "${`${i}-`.padEnd(bytes, 'x')}" } }) { data { id } } }`;

describe('the bytes a parsed document keeps', () => {
  // Tokens include the start and the end of the source.
  it.each([
    ['a long string literal counts its text twice (the source and the value)', longLiteral(1, 100_000), 1, 24],
    ['a small document counts its tokens', '{ articles { data { id attributes { title } } } }', 1, 15],
    ['text outside Latin-1 counts two bytes a character', `{ a(s: "${'é'.repeat(10)}€") }`, 2, 10],
  ])('%s', (_name, text, bytesPerCharacter, tokens) => {
    expect(documentBytes(parse(text))).toBe(2 * bytesPerCharacter * text.length + 512 * tokens);
  });

  it('counts a document built without a source (REST) by its structure', () => {
    const { loc: _loc, ...built } = parse('{ articles { data { id } } }', { noLocation: true });
    expect(documentBytes(built)).toBeGreaterThan(4 * 100);
  });

  it.each([
    ['Latin-1 text', 'abcé', 4],
    ['text with a character past Latin-1', 'abc€', 8],
  ])('counts the heap bytes of %s', (_name, text, bytes) => {
    expect(stringBytes(text)).toBe(bytes);
  });

  it.each([
    ['a text of the size kept', 'x'.repeat(100), true],
    ['a text one byte longer', 'x'.repeat(101), false],
    ['a text of 100 characters but more UTF-8 bytes', 'é'.repeat(100), false],
  ])('keeps %s: %s', (_name, text, kept) => {
    expect(isKeptSize(text, 100)).toBe(kept);
  });
});

describe('the parsed document cache', () => {
  it('stays within its bound after many distinct large documents', () => {
    const cache = documentCache(2_000_000, 16 * 1024);
    for (let i = 0; i < 500; i++) {
      const text = longLiteral(i, 15_000);
      cache.documentCache.set(text, parse(text));
      cache.errorCache.set(`${text} }`, new Error('Syntax Error'));
    }
    const size = cache.size();
    expect(size.bytes).toBeLessThanOrEqual(2_000_000);
    expect(size.maxBytes).toBeLessThanOrEqual(2_000_000);
    expect(size.entries).toBeGreaterThan(10);
  });

  it('keeps neither a document nor a syntax error past the size kept', () => {
    const cache = documentCache(100_000_000, 16 * 1024);
    const text = longLiteral(1, 20_000);
    cache.documentCache.set(text, parse(text));
    cache.errorCache.set(text, new Error('Syntax Error'));
    expect(cache.documentCache.get(text)).toBeUndefined();
    expect(cache.errorCache.get(text)).toBeUndefined();
    expect(cache.size()).toMatchObject({ bytes: 0, entries: 0 });
  });

  it('answers a kept document by its text', () => {
    const cache = documentCache(1_000_000, 16 * 1024);
    const document = parse('{ articles { data { id } } }');
    cache.documentCache.set('{ articles { data { id } } }', document);
    expect(cache.documentCache.get('{ articles { data { id } } }')).toBe(document);
  });
});
