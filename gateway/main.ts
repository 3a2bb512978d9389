// `npm start`: loads the content model, opens the store (MongoDB when MONGODB_URI is set, the
// embedded store otherwise), imports the seed if one is given, and serves until SIGTERM.
import { loadSettings, saveSettings, settingsFromSeed, type AccessSettings } from '../src/auth/access.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { buildGraphQLSchema } from '../src/graphql/build-schema.ts';
import { loadContentModel } from '../src/model/load.ts';
import type { ContentModel } from '../src/model/types.ts';
import { loadSeedFile } from '../src/seed/load-seed.ts';
import type { Seed } from '../src/seed/parse-seed.ts';
import { importSeed } from '../src/seed/import-seed.ts';
import { EmbeddedStore } from '../src/store/embedded-store.ts';
import { ensureModelIndexes } from '../src/store/indexes.ts';
import { createMongoStore } from '../src/store/mongo-store.ts';
import type { Store } from '../src/store/store.ts';
import { createGateway } from './app.ts';
import { parseGatewayArgs, type GatewayConfig } from './args.ts';
import { listen } from './server.ts';

/** Brings the store to a servable state: indexes, seed data, access settings. */
async function prepareStore(model: ContentModel, store: Store, seed: Seed | undefined): Promise<AccessSettings> {
  await ensureModelIndexes(model, store);
  if (!seed) return loadSettings(store);
  await importSeed(model, seed, store);
  const settings = settingsFromSeed(seed);
  await saveSettings(store, settings);
  return settings;
}

/** On MongoDB, keeps trying until the database answers; /_health says 503 meanwhile. */
async function prepareWhenReachable(model: ContentModel, store: Store, seed: Seed | undefined, ready: (s: AccessSettings) => void) {
  for (let attempt = 1; ; attempt++) {
    try {
      ready(await prepareStore(model, store, seed));
      console.log('database ready');
      return;
    } catch (error) {
      if (error instanceof ConfigurationError) throw error;
      console.error(`database not ready (attempt ${attempt}): ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, Math.min(5000, 250 * attempt)));
    }
  }
}

async function main(config: GatewayConfig) {
  const model = await loadContentModel(config.schemaDir);
  const seed = config.seedFile ? await loadSeedFile(config.seedFile) : undefined;
  const store = config.mongodbUri
    ? createMongoStore({ uri: config.mongodbUri, readPreference: config.readPreference, timeoutMs: config.dbTimeoutMs })
    : new EmbeddedStore();
  let settings: AccessSettings | undefined;
  if (!config.mongodbUri) settings = await prepareStore(model, store, seed);

  const gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings });
  const server = await listen(gateway, config.port, config.host);
  const where = config.mongodbUri ? 'MongoDB' : 'the embedded store';
  console.log(`gateway listening on http://${config.host}:${server.port} (GraphQL at /graphql, REST at /api) on ${where}`);
  if (config.mongodbUri) {
    prepareWhenReachable(model, store, seed, (s) => (settings = s)).catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing`);
    await server.close();
    await store.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

try {
  await main(parseGatewayArgs(process.argv.slice(2), process.env));
} catch (error) {
  if (error instanceof ConfigurationError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
