// The recorded write sets, replayed against the gateway in process: each generated write sequence
// (test/differential/writes) on the conformance fixture, FoodAdvisor and the corporate starter, on
// the same model and seed Strapi v4.25 answered it on, agrees with Strapi step by step except
// where a documented deviation (writes/deviations.ts, a row of docs/decisions.md) explains it.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import type { Answer } from '../support/strapi-answers.ts';
import { loadModel } from './live/model.mjs';
import { WRITE_DEVIATIONS } from './writes/deviations.ts';
import { generateSequence } from './writes/generate.mjs';
import { answerSequence, compareSequence, describeComparison } from './writes/replay.ts';
import { shapeSteps } from './writes/shapes.mjs';
import { loadWriteSet, RECORDED_SETS, seedIds, WRITE_MODELS, writeGateway, writeSeedFile, writeSetFile, type SetKey, type WriteModelName } from './writes/sets.ts';

/**
 * Steps of each set the gateway answers neither as Strapi did nor as a documented deviation
 * explains, at the last count (2026-11-25): the number may only fall. Issue 20 asks for at most
 * 1 % of each model's steps; until then this ratchet keeps what agrees agreeing, and the test
 * prints each set's remaining classes. Lower a number whenever a fix lowers the count.
 */
const UNEXPLAINED_AT_MOST: Record<string, number> = {
  'fixture-1': 3, 'fixture-2': 8, 'fixture-3': 12, 'fixture-shapes': 1,
  'foodadvisor-1': 4, 'foodadvisor-2': 6, 'foodadvisor-3': 17,
  'corporate-1': 1, 'corporate-2': 13, 'corporate-3': 3,
};

const decisions = readFileSync('docs/decisions.md', 'utf8');

/** The steps a set must hold: the generator's for its model and seed, or the hand-written shapes. */
function expectedSteps(model: WriteModelName, rand: SetKey, length: number) {
  if (rand === 'shapes') return shapeSteps();
  const seed = JSON.parse(readFileSync(WRITE_MODELS[model].seed, 'utf8'));
  return generateSequence({ model: loadModel(WRITE_MODELS[model].schema), seed, n: length, rand });
}

for (const [model, rand] of RECORDED_SETS) {
  const present = existsSync(WRITE_MODELS[model].schema) && existsSync(writeSetFile(model, rand));
  if (!present) console.warn(`SKIPPED: the write set ${model}-${rand} needs ../shared beside the project and its recording`);

  describe.skipIf(!present)(`write set ${model}-${rand}`, () => {
    const set = present ? loadWriteSet(model, rand) : undefined;
    let ours: Answer[];
    beforeAll(async () => {
      const seedFile = writeSeedFile(model);
      const gateway = await writeGateway(WRITE_MODELS[model].schema, seedFile);
      const compiled = await loadContentModel(WRITE_MODELS[model].schema);
      ours = await answerSequence(compiled, set!.steps, seedIds(seedFile), async (request) => gateway.fetch(request), 'http://gateway.test');
    }, 120_000);

    it('holds the steps the generator (or shapes.mjs) makes for it, so Strapi\'s answers are to these requests', () => {
      expect(expectedSteps(model, rand, set!.steps.length)).toEqual(set!.steps);
    });

    it('has an answer from the gateway for every step, and explains a deviation only by a class whose row is in docs/decisions.md', () => {
      expect(ours.filter(Boolean)).toHaveLength(set!.steps.length);
      for (const [index, deviation] of Object.entries(compareSequence(set!.steps, set!.strapi, ours).deviations)) {
        expect(decisions, `step ${index}: ${deviation.class}`).toContain(WRITE_DEVIATIONS[deviation.class]);
      }
    });

    it('answers as Strapi did, or as a documented deviation explains, on every step but no more than at the last count', () => {
      const comparison = compareSequence(set!.steps, set!.strapi, ours);
      const lines = describeComparison(`${model} seed ${rand}`, set!.steps.length, comparison);
      console.log(lines.join('\n'));
      const unexplained = [...comparison.unexplained.values()].reduce((sum, steps) => sum + steps.length, 0);
      expect(unexplained).toBeLessThanOrEqual(UNEXPLAINED_AT_MOST[`${model}-${rand}`]);
    });
  });
}
