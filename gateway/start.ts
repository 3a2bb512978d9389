// Start-up: loads the content model, opens the store (MongoDB when a URI is given, the embedded
// store otherwise), prepares it (indexes, seed or Strapi export, access settings) and serves. On
// MongoDB it listens at once and prepares in the background, retrying until the database answers.
import { loadSettings, saveSettings, settingsFromSeed, type AccessSettings } from '../src/auth/access.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { buildGraphQLSchema } from '../src/graphql/build-schema.ts';
import { loadContentModel } from '../src/model/load.ts';
import type { ContentModel } from '../src/model/types.ts';
import { importSeed } from '../src/seed/import-seed.ts';
import { loadSeedFile } from '../src/seed/load-seed.ts';
import type { Seed } from '../src/seed/parse-seed.ts';
import { EmbeddedStore } from '../src/store/embedded-store.ts';
import { ensureModelIndexes } from '../src/store/indexes.ts';
import { createMongoStore } from '../src/store/mongo-store.ts';
import { importStrapiExport } from '../src/strapi-export/import-archive.ts';
import type { Store } from '../src/store/store.ts';
import { createGateway, type Gateway } from './app.ts';
import type { GatewayConfig } from './args.ts';
import { DEFAULT_UPLOADS_DIR } from './import-args.ts';
import { listen } from './server.ts';

export interface StartedGateway {
  port: number;
  gateway: Gateway;
  /** Settles when the store is prepared; rejects on a bad seed or model. */
  ready: Promise<void>;
  /** Stops listening, lets requests in flight finish, closes the store. */
  close(): Promise<void>;
}

export interface StartOptions {
  log?: (line: string) => void;
  /** Longest wait between two attempts to reach the database. */
  maxRetryDelayMs?: number;
}

/** The data imported at start: a seed file's, or a `strapi export` archive's (read at import). */
type StartData = { kind: 'seed'; seed: Seed } | { kind: 'archive'; file: string; key?: string; uploadsDir: string };

/** Imports the start data; returns the seed whose locales and roles make the access settings. */
async function importData(model: ContentModel, store: Store, data: StartData, log: (line: string) => void, apiTokenSalt?: string): Promise<Seed> {
  if (data.kind === 'seed') {
    await importSeed(model, data.seed, store, { apiTokenSalt });
    return data.seed;
  }
  const imported = await importStrapiExport(model, data.file, store, { key: data.key, uploadsDir: data.uploadsDir });
  const written = imported.report.map((row) => `${row.collection} ${row.written}`).join(', ');
  log(`imported Strapi export ${data.file}: ${written}; ${imported.files} file(s) to ${data.uploadsDir}`);
  for (const note of imported.notes) log(`note: ${note}`);
  return imported.seed;
}

/** Brings the store to a servable state: indexes, seed data or archive, access settings. */
async function prepareStore(model: ContentModel, store: Store, data: StartData | undefined, log: (line: string) => void, apiTokenSalt?: string): Promise<AccessSettings> {
  await ensureModelIndexes(model, store);
  if (!data) return loadSettings(store);
  const settings = settingsFromSeed(await importData(model, store, data, log, apiTokenSalt));
  await saveSettings(store, settings);
  return settings;
}

export async function startGateway(config: GatewayConfig, options: StartOptions = {}): Promise<StartedGateway> {
  const log = options.log ?? console.log;
  const model = await loadContentModel(config.schemaDir);
  for (const warning of model.warnings) log(`warning: ${warning}`);
  const data: StartData | undefined = config.strapiExport
    ? { kind: 'archive', ...config.strapiExport, uploadsDir: config.uploadsDir ?? DEFAULT_UPLOADS_DIR }
    : config.seedFile
      ? { kind: 'seed', seed: await loadSeedFile(config.seedFile) }
      : undefined;
  const store = config.mongodbUri
    ? createMongoStore({ uri: config.mongodbUri, readPreference: config.readPreference, timeoutMs: config.dbTimeoutMs })
    : new EmbeddedStore();
  let settings: AccessSettings | undefined;
  if (!config.mongodbUri) settings = await prepareStore(model, store, data, log, config.secrets?.apiTokenSalt);

  const gateway = createGateway({ model, schema: buildGraphQLSchema(model), store, settings: () => settings, secrets: config.secrets });
  const server = await listen(gateway, config.port, config.host);
  log(`gateway listening on http://${config.host}:${server.port} (GraphQL at /graphql, REST at /api) on ${config.mongodbUri ? 'MongoDB' : 'the embedded store'}`);

  let closing = false;
  const ready = (async () => {
    for (let attempt = 1; !settings && !closing; attempt++) {
      try {
        settings = await prepareStore(model, store, data, log, config.secrets?.apiTokenSalt);
        log('database ready');
      } catch (error) {
        if (error instanceof ConfigurationError) throw error;
        log(`database not ready (attempt ${attempt}): ${(error as Error).message}`);
        await new Promise((r) => setTimeout(r, Math.min(options.maxRetryDelayMs ?? 5000, 250 * attempt)));
      }
    }
  })();

  return {
    port: server.port,
    gateway,
    ready,
    close: async () => {
      closing = true;
      await server.close();
      await store.close();
    },
  };
}
