// Generates a write sequence for a model (seeded, repeatable): creates, partial updates, deletes,
// single types, localizations, relation operations, components, zones, drafts, callers, the error
// envelopes, and reads that show what was written. Ids differ between servers, so a step names an
// entry created earlier by that step's index (`{#k}` in a path, `{ $id: k }` in a body) and a
// component by the answer it was read from (`{ $component: [k, attribute, index] }`); the runner
// puts each server's real ids in.
import { makeRng } from '../live/rng.mjs';
import { initialState, writableTypes } from './state.mjs';
import { ACTIONS } from './actions.mjs';

/**
 * A write sequence of about `n` steps for the model and seed, the same for the same `rand`.
 * Each step: `{ index, action, method, path, auth, body?, rawBody?, contentType? }`.
 */
export function generateSequence({ model, seed, n, rand }) {
  const rng = makeRng(rand * 7919 + 17);
  const state = initialState(model, seed, rand);
  const types = writableTypes(model);
  while (state.steps.length < n) {
    const action = rng.weighted(ACTIONS.map((a) => [a.weight, a]));
    const type = rng.pick(types.filter((t) => action.fits(t, state)));
    if (type) action.add(rng, state, type);
  }
  return state.steps;
}
