// (dataset facts, a seed) -> the mixed load's requests: reads drawn from a pool of different read
// requests of every scenario with a Zipf popularity (a site's pages are not read alike, so the
// response cache has something to keep), and, when asked, one write in ten: a partial update of a
// random article of the dataset. Pure.
import type { BenchRequest } from '../scenarios.ts';
import { updateBody } from '../writes/scenarios.ts';
import type { DatasetFacts } from './dataset-facts.ts';
import { GRAPHQL_SCENARIOS } from './graphql-scenarios.ts';
import { scenarioSeed, seededRandom, type Random } from './random.ts';
import { requestList } from './request-list.ts';
import { REST_SCENARIOS } from './rest-scenarios.ts';

export interface MixedRequestOptions {
  facts: DatasetFacts;
  seed: number;
  /** Different read requests the reads draw from. */
  pool: number;
  /** Popularity exponent: the request of rank r is drawn with weight 1 / r^zipf. */
  zipf: number;
  /** One write every `writeEvery` requests (10: 90 % reads); 0 for reads alone. */
  writeEvery: number;
  /** Names the writes' titles; a token that may write. */
  run: string;
  token: string;
}

/** The pool: the first requests of every read scenario's list, interleaved, then shuffled into ranks. */
export function readPool(facts: DatasetFacts, seed: number, size: number): BenchRequest[] {
  const scenarios = [...REST_SCENARIOS, ...GRAPHQL_SCENARIOS];
  const lists = scenarios.map((scenario) => requestList(scenario, facts, seed, Math.ceil(size / scenarios.length), 1));
  const pool = Array.from({ length: Math.max(...lists.map((l) => l.length)) }, (_, i) => lists.flatMap((list) => (i < list.length ? [list[i]] : []))).flat();
  const random = seededRandom(scenarioSeed(seed, 'pool ranks'));
  for (let i = pool.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, size);
}

/** Draws ranks 0..n-1 with weight 1 / (rank + 1)^exponent. */
export function zipfDraw(n: number, exponent: number, random: Random): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let r = 0; r < n; r++) cumulative[r] = total += 1 / (r + 1) ** exponent;
  return () => {
    const target = random.next() * total;
    let [low, high] = [0, n - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** A partial update of a random article of the dataset, with the token. */
function articleUpdate(n: number, options: MixedRequestOptions, random: Random): BenchRequest {
  const article = random.pick(options.facts.articles);
  return {
    method: 'PUT', path: `/api/articles/${article.id}`, body: JSON.stringify(updateBody(n, options.run, random)),
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
  };
}

/** `count` requests: reads by popularity from `pool`, every `writeEvery`-th a write. */
export function mixedRequests(pool: readonly BenchRequest[], options: MixedRequestOptions, count: number, name: string): BenchRequest[] {
  const random = seededRandom(scenarioSeed(options.seed, name));
  const rank = zipfDraw(pool.length, options.zipf, random);
  return Array.from({ length: count }, (_, n) => (options.writeEvery > 0 && n % options.writeEvery === options.writeEvery - 1 ? articleUpdate(n, options, random) : pool[rank()]));
}
