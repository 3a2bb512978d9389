// The benchmark's command line: defaults, each flag, and refusals that name the flag.
import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from '../../bench/args.ts';

describe('parseBenchArgs', () => {
  it('defaults to issue 9 settings: 2,000 articles, 8 connections, 5 s, no Strapi, no size run', () => {
    expect(parseBenchArgs([])).toEqual({
      strapiUrl: undefined, size: false, articles: 2000, largeArticles: 200_000, connections: 8,
      durationS: 5, warmupS: 1, port: 1610, largeNodeFlags: [], record: false,
    });
  });

  it.each([
    { name: 'a Strapi URL, trailing slash dropped', argv: ['--strapi', 'http://127.0.0.1:1601/'], expected: { strapiUrl: 'http://127.0.0.1:1601' } },
    { name: 'the size run and recording', argv: ['--size', '--record'], expected: { size: true, record: true } },
    { name: 'node flags for the large dataset, split on spaces', argv: ['--large-node-flags=--stack-size=4000  --max-old-space-size=8192'], expected: { largeNodeFlags: ['--stack-size=4000', '--max-old-space-size=8192'] } },
    { name: 'a shorter run without warm-up', argv: ['--duration=1', '--warmup=0', '--connections', '4'], expected: { durationS: 1, warmupS: 0, connections: 4 } },
    { name: 'other sizes and ports', argv: ['--articles', '500', '--large-articles', '20000', '--port', '1620'], expected: { articles: 500, largeArticles: 20_000, port: 1620 } },
  ])('reads $name', ({ argv, expected }) => {
    expect(parseBenchArgs(argv)).toMatchObject(expected);
  });

  it.each([
    { name: 'a Strapi URL with a path', argv: ['--strapi', 'http://127.0.0.1:1601/api'], message: '--strapi must be a base URL' },
    { name: 'a zero duration', argv: ['--duration', '0'], message: '--duration must be a positive number; got 0' },
    { name: 'a negative warm-up', argv: ['--warmup=-1'], message: '--warmup must be a non-negative number' },
    { name: 'a count that is not a number', argv: ['--articles', 'many'], message: '--articles must be a positive number; got many' },
    { name: 'an unknown flag', argv: ['--fast'], message: "Unknown option '--fast'" },
  ])('refuses $name', ({ argv, message }) => {
    expect(() => parseBenchArgs(argv)).toThrow(message);
  });
});
