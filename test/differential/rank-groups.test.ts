// The recorded differential sets, answered by the embedded store with rank groups forced on (every
// collection, a checkpoint every 2 entries) and by the same store with them off: the answers must
// be identical, key order included. The sets' collections hold tens of entries, so this is the only
// differential of the large-collection paths (counts and pages from checkpoints) short of 10,000.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { ask, keyOrder } from '../support/strapi-answers.ts';
import { modelGateway } from '../support/test-gateway.ts';
import { SETS, loadSet, type RecordedSet } from './sets.ts';

const RANKED = { rankMinEntries: 0, rankSpacing: 2, rankSmallEntries: 0 };
const PLAIN = { rankMinEntries: Number.POSITIVE_INFINITY };

for (const name of SETS) {
  const set = loadSet(name);
  if (!set) console.warn(`SKIPPED: the differential set ${name} needs ../shared beside the project`);

  describe.skipIf(!set)(`differential set ${name} with rank groups on and off`, () => {
    const recorded = set as RecordedSet;
    let ranked: Gateway;
    let plain: Gateway;
    let rankedStore: EmbeddedStore;
    let collections: string[];
    beforeAll(async () => {
      rankedStore = new EmbeddedStore(RANKED);
      const built = await modelGateway(recorded.config.schema, recorded.config.seed, { store: rankedStore });
      ranked = built.gateway;
      collections = [...built.model.contentTypes.values()].map((type) => type.collectionName);
      plain = (await modelGateway(recorded.config.schema, recorded.config.seed, { store: new EmbeddedStore(PLAIN) })).gateway;
    });

    it.each(recorded?.cases.map((c) => [c.name, c] as const) ?? [])('answers %s alike', async (_caseName, c) => {
      const want = await ask(plain, c);
      const got = await ask(ranked, c);
      expect(got).toEqual(want);
      expect(keyOrder(got.body)).toEqual(keyOrder(want.body));
    });

    // Without this, a change that stopped reads reaching the groups would leave the comparison above vacuous.
    it('answered reads through rank groups in several collections', () => {
      const used = collections.filter((collection) => rankedStore.rankPlans(collection).length > 0);
      expect(used.length).toBeGreaterThanOrEqual(2);
    });
  });
}
