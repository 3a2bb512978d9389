// The write scenarios of issue 34, every request different: create an article with three
// relations, a component and a two-item dynamic zone (a draft); partial updates of 1 to 3 fields;
// publish; delete. (request number, what the run knows) -> that request. Pure.
import type { BenchRequest } from '../scenarios.ts';
import type { DatasetFacts } from '../varied/dataset-facts.ts';
import { scenarioSeed, seededRandom, type Random } from '../varied/random.ts';

/** What a run's requests are made from. */
export interface WriteContext {
  /** Names the run's entries (titles, slugs), so they can be counted afterwards. */
  run: string;
  facts: DatasetFacts;
  /** Ids of the entries the run's creates were answered with, in order. */
  created: readonly number[];
}

export interface WriteScenario {
  id: 'create-article' | 'update-article' | 'publish-article' | 'delete-article';
  label: string;
  /** `nothing`: timed; `created`: one request per created entry, then the run ends. */
  uses: 'nothing' | 'created';
  /** The `n`th request of the run; `random` is the scenario's seeded stream. */
  request(n: number, context: WriteContext, random: Random): BenchRequest;
}

const json = (method: BenchRequest['method'], path: string, body?: unknown): BenchRequest => ({
  method,
  path,
  headers: { accept: 'application/json', 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** The prefix of every slug a run creates (`<run>-<n>`). */
export const slugPrefix = (run: string) => `${run}-`;

/** A draft article linked to an author, a category and 3 tags, with an seo component and a 2-item zone. */
export function createBody(n: number, context: WriteContext, random: Random): Record<string, unknown> {
  const { facts, run } = context;
  const words = `${run} article ${n}`;
  return {
    data: {
      title: words, slug: `${slugPrefix(run)}${n}`, summary: `Summary of ${words}.`, kind: random.pick(['news', 'guide', 'opinion']),
      views: random.int(0, 99_999), rating: random.int(0, 50) / 10, featured: random.chance(0.2),
      author: random.int(1, facts.size.authors), category: random.int(1, facts.size.categories),
      tags: random.sample(Array.from({ length: facts.size.tags }, (_, i) => i + 1), 3),
      seo: { metaTitle: `${words} | Bench`, metaDescription: `About ${words}.`, metaSocial: [{ socialNetwork: 'Twitter', title: words }] },
      blocks: [
        { __component: 'blocks.rich-text', body: `The body of ${words}.` },
        { __component: 'blocks.quote', title: `Quote ${n}`, body: `Said in ${words}.`, rating: random.int(1, 5) },
      ],
      publishedAt: null,
    },
  };
}

/** 1 to 3 of an article's fields, new values every time (the title names the run and request). */
export function updateBody(n: number, run: string, random: Random): Record<string, unknown> {
  const fields: Array<[string, () => unknown]> = [
    ['title', () => `${run} updated ${n}`], ['summary', () => `Summary ${n} of ${run}.`], ['views', () => random.int(0, 99_999)],
    ['kind', () => random.pick(['news', 'guide', 'opinion'])], ['featured', () => random.chance(0.5)], ['rating', () => random.int(0, 50) / 10],
  ];
  const [title, ...others] = fields;
  // The title always changes, so every body differs; 0 to 2 other fields with it.
  return { data: Object.fromEntries([title, ...random.sample(others, random.int(0, 2))].map(([key, value]) => [key, value()])) };
}

const createdId = (n: number, context: WriteContext) => context.created[n % context.created.length];

export const WRITE_SCENARIOS: readonly WriteScenario[] = [
  { id: 'create-article', label: 'create (3 relations, a component, a 2-item zone)', uses: 'nothing', request: (n, context, random) => json('POST', '/api/articles', createBody(n, context, random)) },
  { id: 'update-article', label: 'partial update (1-3 fields)', uses: 'nothing', request: (n, context, random) => json('PUT', `/api/articles/${createdId(n, context)}`, updateBody(n, context.run, random)) },
  // A different moment each time; every created entry is a draft until published here.
  { id: 'publish-article', label: 'publish', uses: 'created', request: (n, context) => json('PUT', `/api/articles/${createdId(n, context)}`, { data: { publishedAt: new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString() } }) },
  { id: 'delete-article', label: 'delete', uses: 'created', request: (n, context) => json('DELETE', `/api/articles/${createdId(n, context)}`) },
];

/**
 * `count` requests of `scenario` for a run, made before it (every one different: a create's names,
 * an update's title, a publish's moment and a delete's id differ by request); the values drawn
 * depend on `seed` alone, so every target is sent the same ones.
 */
export function writeList(scenario: WriteScenario, context: WriteContext, seed: number, count: number): BenchRequest[] {
  const random = seededRandom(scenarioSeed(seed, scenario.id));
  return Array.from({ length: count }, (_, n) => scenario.request(n, context, random));
}
