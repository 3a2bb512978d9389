// The gateway over the demo model and data (schema/, schema/seed.json), in process: what a
// newcomer's `npm start` serves. For tests of the API reference and the browser pages.
import { createGateway, type Gateway, type GatewayDeps } from '../../gateway/app.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { loadContentModel } from '../../src/model/load.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';

/** The demo seed's API token: its role (editor) may read every content-type and write the magazine's. */
export const DEMO_TOKEN = 'demo-editor-token-5b1f0c7e9a2d4e38';

export async function demoGateway(extra: Partial<GatewayDeps> = {}): Promise<{ gateway: Gateway; model: ContentModel; logged: unknown[] }> {
  const model = await loadContentModel('schema');
  const seed = await loadSeedFile('schema/seed.json');
  const store = new EmbeddedStore();
  await importSeed(model, seed, store);
  const settings = settingsFromSeed(seed);
  const logged: unknown[] = [];
  const gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings, log: (e) => logged.push(e), ...extra });
  return { gateway, model, logged };
}
