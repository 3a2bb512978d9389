// The recorded differential sets, answered by the gateway in process: every generated request on
// the conformance fixture, FoodAdvisor and the corporate starter answers as a real Strapi v4.25
// did, or, where we deviate on purpose, exactly as recorded under its documented class; asked
// three times, so compiled documents answer alike; and asked twice of a gateway with the response
// cache on (one cache for the whole set) and reads narrowed to the fields each document needs, so
// no request is answered what was kept for another and no answer misses a field it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { ask } from '../support/strapi-answers.ts';
import { modelGateway } from '../support/test-gateway.ts';
import { DEVIATIONS, SETS, loadSet, type RecordedSet } from './sets.ts';

for (const name of SETS) {
  const set = loadSet(name);
  if (!set) console.warn(`SKIPPED: the differential set ${name} needs ../shared beside the project`);

  describe.skipIf(!set)(`differential set ${name}`, () => {
    const recorded = set as RecordedSet;
    let gateway: Gateway;
    let cached: Gateway;
    beforeAll(async () => {
      // Whole documents on one, the fields each read needs (as `npm start` reads) on the other.
      gateway = (await modelGateway(recorded.config.schema, recorded.config.seed, { extra: { projectReads: false } })).gateway;
      cached = (await modelGateway(recorded.config.schema, recorded.config.seed, { extra: { responseCache: true } })).gateway;
    });
    afterAll(() => {
      const deviating = Object.values(recorded.deviations);
      const byClass = new Map<string, number>();
      for (const { class: kind } of deviating) byClass.set(kind, (byClass.get(kind) ?? 0) + 1);
      const agree = recorded.cases.length - deviating.length;
      console.log(`${name}: agree ${agree}/${recorded.cases.length}; deliberate deviations: ${[...byClass].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
    });

    it('explains every deviation by a documented class', () => {
      for (const [caseName, deviation] of Object.entries(recorded.deviations)) {
        expect(Object.keys(DEVIATIONS), caseName).toContain(deviation.class);
      }
    });

    it.each(recorded?.cases.map((c) => [c.name, c] as const) ?? [])('answers %s, the same once its plan is compiled', async (caseName, c) => {
      const deviation = recorded.deviations[caseName];
      const got = await ask(gateway, c);
      // The third request of one shape runs its compiled document (src/rest/plan.ts).
      await ask(gateway, c);
      expect(await ask(gateway, c)).toEqual(got);
      expect(await ask(cached, c)).toEqual(got);
      expect(await ask(cached, c)).toEqual(got);
      if (!deviation) {
        expect(got).toEqual(recorded.strapi[caseName]);
        return;
      }
      // A deliberate deviation: still ours as recorded, and still not Strapi's.
      expect(got).toEqual(deviation.answer);
      expect(got).not.toEqual(recorded.strapi[caseName]);
    });
  });
}
