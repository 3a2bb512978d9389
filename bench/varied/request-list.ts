// (a scenario, the dataset's facts, a seed, a count) -> up to that many requests of the scenario,
// all different, the same list for the same seed: made before a run, so drawing them costs the
// load generator nothing while it measures.
import type { BenchRequest } from '../scenarios.ts';
import type { DatasetFacts } from './dataset-facts.ts';
import { scenarioSeed, seededRandom } from './random.ts';
import type { VariedScenario } from './rest-scenarios.ts';

/** What makes two requests the same: method, path and body. */
export function requestKey(request: Pick<BenchRequest, 'method' | 'path' | 'body'>): string {
  return `${request.method} ${request.path}\n${request.body ?? ''}`;
}

/** Draws to make before deciding the scenario has no more different requests. */
const TRIES_PER_REQUEST = 20;

/**
 * Up to `count` different requests of `scenario`, drawn from a stream seeded by `seed` and the
 * scenario's id (a draw equal to an earlier one is drawn again); fewer when the dataset has fewer
 * (a hundred entries a page make few pages), but at least `minimum`.
 * @throws RangeError when the scenario does not have `minimum` different requests in the dataset.
 */
export function requestList(scenario: VariedScenario, facts: DatasetFacts, seed: number, count: number, minimum = Math.min(count, 500)): BenchRequest[] {
  const random = seededRandom(scenarioSeed(seed, scenario.id));
  const seen = new Set<string>();
  const list: BenchRequest[] = [];
  for (let tries = 0; list.length < count && tries < count * TRIES_PER_REQUEST; tries++) {
    const request = scenario.draw(facts, random);
    const key = requestKey(request);
    if (seen.has(key)) continue;
    seen.add(key);
    list.push(request);
  }
  if (list.length < minimum) throw new RangeError(`${scenario.label}: only ${list.length} different requests in the dataset, ${minimum} needed`);
  return list;
}
