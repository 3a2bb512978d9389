// The write benchmark's command line, seed and store detection: defaults, each flag, refusals
// that name the flag, the token added to the seed, and the --data flag read from --help.
import { describe, expect, it } from 'vitest';
import { parseWritesArgs } from '../../bench/writes/args.ts';
import { describeGatewayStore, listsDataFlag } from '../../bench/writes/gateway-store.ts';
import { WRITE_SCENARIOS } from '../../bench/writes/scenarios.ts';
import { WRITES_TOKEN, withWriteToken } from '../../bench/writes/seed.ts';

describe('parseWritesArgs', () => {
  it('defaults to issue 21 settings: 16 connections, 10 s after 2 s of warm-up, no Strapi', () => {
    expect(parseWritesArgs([])).toEqual({ strapiUrl: undefined, connections: 16, durationS: 10, warmupS: 2, port: 1630, seedOnly: false });
  });

  it.each([
    { name: 'a Strapi URL, trailing slash dropped', argv: ['--strapi', 'http://127.0.0.1:1380/'], expected: { strapiUrl: 'http://127.0.0.1:1380' } },
    { name: 'a shorter run without warm-up', argv: ['--duration=3', '--warmup=0', '--connections', '4'], expected: { durationS: 3, warmupS: 0, connections: 4 } },
    { name: 'another port', argv: ['--port', '1700'], expected: { port: 1700 } },
    { name: 'writing the seed alone', argv: ['--seed-only'], expected: { seedOnly: true } },
  ])('reads $name', ({ argv, expected }) => {
    expect(parseWritesArgs(argv)).toMatchObject(expected);
  });

  it.each([
    { name: 'a Strapi URL with a path', argv: ['--strapi', 'http://127.0.0.1:1380/api'], message: '--strapi must be a base URL' },
    { name: 'a zero duration', argv: ['--duration', '0'], message: '--duration must be a positive number; got 0' },
    { name: 'a negative warm-up', argv: ['--warmup=-2'], message: '--warmup must be a non-negative number' },
    { name: 'connections that are not a number', argv: ['--connections', 'many'], message: '--connections must be a positive number; got many' },
    { name: 'an unknown flag', argv: ['--record'], message: "Unknown option '--record'" },
  ])('refuses $name', ({ argv, message }) => {
    expect(() => parseWritesArgs(argv)).toThrow(message);
  });
});

describe('the gateway store under test', () => {
  it.each([
    { name: 'a --data line among the options', help: '  --seed FILE   data\n  --data DIR    the durable store\n', listed: true },
    { name: 'no --data line', help: '  --seed FILE   data\n  --drain-deadline MS  wait\n', listed: false },
    { name: '--data only inside another line', help: '  --seed FILE   data to import (see --data)\n', listed: false },
    { name: 'a flag that only starts with data', help: '  --data-poll MS  polling\n', listed: false },
  ])('reads $name in --help as listed: $listed', ({ help, listed }) => {
    expect(listsDataFlag(help)).toBe(listed);
  });

  it.each([
    { folder: undefined, words: 'in-memory embedded store (before the durable store' },
    { folder: '/tmp/x', words: 'durable embedded store, in a fresh data folder (--data /tmp/x)' },
  ])('names the store for data folder $folder', ({ folder, words }) => {
    expect(describeGatewayStore(folder)).toContain(words);
  });
});

describe('the seed and the scenarios', () => {
  it('adds a full-access token after the tokens the seed already has', () => {
    expect(withWriteToken({ locales: [], apiTokens: [{ name: 'old', type: 'read-only', token: 'x'.repeat(16) }] })).toEqual({
      locales: [],
      apiTokens: [{ name: 'old', type: 'read-only', token: 'x'.repeat(16) }, { name: 'bench-writes', type: 'full-access', token: WRITES_TOKEN }],
    });
    expect(withWriteToken({}).apiTokens).toEqual([{ name: 'bench-writes', type: 'full-access', token: WRITES_TOKEN }]);
  });

  it.each(WRITE_SCENARIOS.map((scenario) => ({ id: scenario.id, scenario })))('$id sends a different body on every request of a run, named by the run', ({ scenario }) => {
    const bodies = [0, 1, 2].map((n) => scenario.body('run', n));
    expect(new Set(bodies).size).toBe(3);
    expect(Object.values(JSON.parse(bodies[1]).data)).toEqual(['run-1']);
  });
});
