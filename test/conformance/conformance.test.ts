// The conformance cases of ../shared/conformance, answered by the gateway in process on every
// store, compared with the answers a real Strapi v4.25 gave (normalised as that folder's README says), and
// their keys' order with the order recorded from it.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/app.ts';
import { saveSettings } from '../../src/auth/settings.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { ensureModelIndexes } from '../../src/store/indexes.ts';
import { ask, foldedKeyOrder, normalise, type Case } from '../support/strapi-answers.ts';
import { availableBackends } from '../support/store-backends.ts';

const SHARED = '../shared/conformance';
const present = existsSync(`${SHARED}/cases.json`);
if (!present) console.warn(`${SHARED} is absent: the conformance cases are skipped`);

const cases: Case[] = present ? JSON.parse(readFileSync(`${SHARED}/cases.json`, 'utf8')) : [];
/** Each case's keys in the order Strapi's answer text lists them (the goldens do not keep it). */
const keyOrders: Record<string, string[]> = JSON.parse(readFileSync('test/fixtures/conformance-key-order.json', 'utf8')).keyOrder;

for (const backend of availableBackends()) {
  describe.skipIf(!present)(`conformance with Strapi v4 on ${backend.name}`, () => {
    let gateway: Gateway;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const model = await loadContentModel(`${SHARED}/fixture/schema`);
      const seed = await loadSeedFile(`${SHARED}/fixture/seed.json`);
      const opened = await backend.open();
      close = opened.close;
      await ensureModelIndexes(model, opened.store);
      await importSeed(model, seed, opened.store, { drop: true });
      await saveSettings(opened.store, settingsFromSeed(seed));
      const settings = settingsFromSeed(seed);
      gateway = createGateway({ model, schema: buildGraphQLSchema(model), store: opened.store, settings: () => settings });
    });
    afterAll(() => close?.());

    it.each(cases.map((c) => [c.name, c] as const))('answers %s as Strapi did, again once compiled', async (name, c) => {
      const golden = JSON.parse(readFileSync(`${SHARED}/golden/${name}.json`, 'utf8'));
      for (let use = 1; use <= 3; use++) {
        // The third request of one shape runs its compiled document (src/rest/plan.ts).
        const got = await ask(gateway, c);
        expect(got.status, `request ${use}`).toBe(golden.status);
        expect(got.body, `request ${use}`).toEqual(normalise(golden.body));
        expect(foldedKeyOrder(got.body), `request ${use}: the keys' order`).toEqual(keyOrders[name]);
      }
    });
  });
}
