// The write benchmark's command line, store detection and scenarios: defaults, each flag, refusals
// that name the flag, the --data flag read from --help, and every request of a run different.
import { describe, expect, it } from 'vitest';
import { parseWritesArgs } from '../../bench/writes/args.ts';
import { describeGatewayStore, listsDataFlag } from '../../bench/writes/gateway-store.ts';
import { datasetFacts } from '../../bench/varied/dataset-facts.ts';
import { requestKey } from '../../bench/varied/request-list.ts';
import { variedSize } from '../../bench/varied/varied-dataset.ts';
import { oncePerCreated } from '../../bench/writes/run-target.ts';
import { WRITE_SCENARIOS, writeList, type WriteContext } from '../../bench/writes/scenarios.ts';

describe('parseWritesArgs', () => {
  it('defaults to issue 21 settings: 16 connections, 10 s after 2 s of warm-up, no Strapi', () => {
    expect(parseWritesArgs([])).toEqual({ strapiUrl: undefined, connections: 16, durationS: 10, warmupS: 2, port: 1630, seedOnly: false, articles: 2000, afterReadsS: 0 });
  });

  it.each([
    { name: 'a Strapi URL, trailing slash dropped', argv: ['--strapi', 'http://127.0.0.1:1380/'], expected: { strapiUrl: 'http://127.0.0.1:1380' } },
    { name: 'a shorter run without warm-up', argv: ['--duration=3', '--warmup=0', '--connections', '4'], expected: { durationS: 3, warmupS: 0, connections: 4 } },
    { name: 'another port', argv: ['--port', '1700'], expected: { port: 1700 } },
    { name: 'writing the seed alone', argv: ['--seed-only'], expected: { seedOnly: true } },
    { name: 'another dataset size', argv: ['--articles', '500'], expected: { articles: 500 } },
    { name: 'a second gateway after 3 s of each read scenario', argv: ['--after-reads', '3'], expected: { afterReadsS: 3 } },
  ])('reads $name', ({ argv, expected }) => {
    expect(parseWritesArgs(argv)).toMatchObject(expected);
  });

  it.each([
    { name: 'a Strapi URL with a path', argv: ['--strapi', 'http://127.0.0.1:1380/api'], message: '--strapi must be a base URL' },
    { name: 'a zero duration', argv: ['--duration', '0'], message: '--duration must be a positive number; got 0' },
    { name: 'a negative warm-up', argv: ['--warmup=-2'], message: '--warmup must be a non-negative number' },
    { name: 'reads that are not a number', argv: ['--after-reads', 'some'], message: '--after-reads must be a non-negative number; got some' },
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

describe('the write scenarios', () => {
  const context: WriteContext = { run: 'run', facts: datasetFacts(variedSize(60)), created: Array.from({ length: 40 }, (_, i) => 61 + i) };

  it.each(WRITE_SCENARIOS.map((scenario) => ({ id: scenario.id, scenario })))('$id sends a different request each time, the same ones for the same seed', ({ scenario }) => {
    const list = writeList(scenario, context, 7, 40);
    expect(new Set(list.map(requestKey)).size).toBe(40);
    expect(writeList(scenario, context, 7, 40)).toEqual(list);
  });

  it.each([
    { id: 'create-article', method: 'POST', path: '/api/articles' },
    { id: 'update-article', method: 'PUT', path: '/api/articles/61' },
    { id: 'publish-article', method: 'PUT', path: '/api/articles/61' },
    { id: 'delete-article', method: 'DELETE', path: '/api/articles/61' },
  ])('$id writes $method $path first (the created entries in order)', ({ id, method, path }) => {
    const [first] = writeList(WRITE_SCENARIOS.find((s) => s.id === id)!, context, 7, 1);
    expect({ method: first.method, path: first.path }).toEqual({ method, path });
  });

  it('creates a draft named by the run, with an author, a category, 3 tags, an seo component and 2 blocks', () => {
    const [create] = writeList(WRITE_SCENARIOS[0], context, 7, 1);
    const { data } = JSON.parse(create.body!) as { data: Record<string, unknown> };
    expect(data).toMatchObject({ slug: 'run-0', publishedAt: null, seo: { metaTitle: expect.any(String) } });
    expect([typeof data.author, typeof data.category, (data.tags as unknown[]).length, (data.blocks as unknown[]).length]).toEqual(['number', 'number', 3, 2]);
  });
});

describe('publishing and deleting each created entry once', () => {
  it.each([
    { created: 2000, warmup: 300, measured: 1700 },
    { created: 100, warmup: 16, measured: 84 },
    { created: 40, warmup: 0, measured: 40 },
  ])('of $created created entries, warms up on $warmup and measures $measured (16 connections)', ({ created, warmup, measured }) => {
    expect(oncePerCreated(created, 16)).toEqual({ warmup: { amount: warmup }, measured: { amount: measured } });
  });
});
