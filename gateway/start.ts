// Start-up: loads the content model and the config file, opens the store (MongoDB when a URI is
// given, the embedded store otherwise), prepares it (indexes, seed or Strapi export, access
// settings) and serves.
// On MongoDB it listens at once and prepares in the background, retrying until the database answers.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { dataVersion, loadSettings, saveSettings, type AccessSettings } from '../src/auth/settings.ts';
import { settingsFromSeed } from '../src/seed/seed-settings.ts';
import { authServices } from '../src/operations/auth/services.ts';
import type { Mailer } from '../src/mail/mailer.ts';
import { mailerFor } from '../src/mail/smtp-mailer.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { buildGraphQLSchema } from '../src/graphql/build-schema.ts';
import { loadContentModel } from '../src/model/load.ts';
import { MEDIA_UID, type ContentModel } from '../src/model/types.ts';
import { importSeed } from '../src/seed/import-seed.ts';
import { loadSeedFile } from '../src/seed/load-seed.ts';
import type { Seed } from '../src/seed/parse-seed.ts';
import { importStrapiExport } from '../src/strapi-export/import-archive.ts';
import { ensureModelIndexes } from '../src/store/indexes.ts';
import { createMongoStore } from '../src/store/mongo-store.ts';
import type { Store } from '../src/store/store.ts';
import { readWriteMarks } from '../src/store/write-marks.ts';
import { createGateway, type Gateway } from './app.ts';
import type { GatewayConfig } from './args.ts';
import { countsLine, startupBanner } from './banner.ts';
import { watchData, type Seen, type WatchNote } from './data-watch.ts';
import { dataFolderError } from './data-folder-errors.ts';
import { openEmbeddedStore, recordImport } from './embedded-data.ts';
import { publicMayDoNothing, startEmpty } from './empty-start.ts';
import type { HttpSettings } from './config/file-config.ts';
import { loadHttpSettings } from './config/load-config.ts';
import { createLogger, type Logger } from './observability/logger.ts';
import { restExampleOf } from './routes/home.ts';
import { listen } from './server.ts';
import type { DrainReport } from './node/connections.ts';
import { sweepRemovals } from '../src/operations/media/removals.ts';
import { chosenProvider } from '../src/upload/providers/choose.ts';
import type { UploadProvider } from '../src/upload/providers/provider.ts';

export interface StartedGateway {
  port: number;
  gateway: Gateway;
  /** Settles when the store is prepared; rejects on a bad seed or model. */
  ready: Promise<void>;
  /** Stops listening, drains requests in flight, closes the store. */
  close(): Promise<DrainReport>;
}

export interface StartOptions {
  /** Where start-up lines for a person go (console.log by default). */
  log?: (line: string) => void;
  /** The JSON request and error log (pino on stdout at the configured level by default). */
  logger?: Logger;
  /** Longest wait between two attempts to reach the database. */
  maxRetryDelayMs?: number;
  /** Told of what the data watch did on MongoDB (a change forgotten, the stream resumed...), after it did it. */
  watch?: (note: WatchNote) => void;
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

/**
 * How often the entry estimate's bounds are measured again when writes since may have loosened
 * them (a deletion, a shorter list): in the background, a batch at a time (docs/decisions.md).
 */
const REMEASURE_MS = 10 * 60_000;

/** Entries per content-type, as the store holds them (every locale and draft counted). */
async function storeCounts(model: ContentModel, store: Store): Promise<Array<[string, number]>> {
  const types = [...model.contentTypes.values()];
  return Promise.all(types.map(async (ct) => [ct.uid === MEDIA_UID ? 'media files' : ct.pluralName, await store.count(ct.collectionName, {})] as [string, number]));
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** A listen failure a person can act on, instead of a stack. */
function listenError(error: NodeJS.ErrnoException, config: GatewayConfig): Error {
  if (error.code === 'EADDRINUSE') {
    return new ConfigurationError(`Port ${config.port} is already in use on ${config.host}: another program (perhaps another gateway) listens there. Stop it, or choose another port: npm start -- --port ${config.port + 1} (or PORT=${config.port + 1}).`);
  }
  if (error.code === 'EACCES') return new ConfigurationError(`Port ${config.port} needs privileges this process lacks: choose a port above 1023 (--port).`);
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') return new ConfigurationError(`Cannot listen on ${config.host}: no such address on this machine (--host).`);
  return error;
}

/** The start data the flags name: a `strapi export` archive, a seed file, or none. */
async function startData(config: GatewayConfig): Promise<StartData | undefined> {
  if (config.strapiExport) return { kind: 'archive', ...config.strapiExport, uploadsDir: config.uploadsDir };
  return config.seedFile ? { kind: 'seed', seed: await loadSeedFile(config.seedFile) } : undefined;
}

/** The store, and whether the flags' data is to be imported into it (always on MongoDB). */
async function openStore(config: GatewayConfig, model: ContentModel, log: (line: string) => void): Promise<{ store: Store; importData: boolean }> {
  if (!config.mongodbUri) return openEmbeddedStore(config, model, log);
  return { store: createMongoStore({ uri: config.mongodbUri, readPreference: config.readPreference, writeConcern: config.writeConcern, timeoutMs: config.dbTimeoutMs }), importData: true };
}

/**
 * The embedded store prepared before listening: indexes, the data to import, access settings. A
 * store with none starts as Strapi starts on an empty database (empty-start.ts); the folder then
 * notes what it holds (embedded-data.ts).
 */
async function prepareEmbedded(config: GatewayConfig, model: ContentModel, store: Store, data: StartData | undefined, log: (line: string) => void): Promise<AccessSettings> {
  try {
    if (data || (await dataVersion(store)) !== undefined) {
      const settings = await prepareStore(model, store, data, log, config.secrets?.apiTokenSalt);
      if (data) await recordImport(store, config, model);
      return settings;
    }
    const settings = await startEmpty(model, store);
    await recordImport(store, config, model);
    return settings;
  } catch (error) {
    await store.close();
    throw dataFolderError(error, config.dataDir);
  }
}

/** The access settings the gateway serves with: undefined until the store is prepared. */
interface SettingsHolder {
  current?: AccessSettings;
}

/** Removes the uploaded files earlier deletes freed but could not remove (src/operations/media/removals.ts); a failure waits for the next start. */
async function sweepMedia({ store, provider, log }: Parts): Promise<void> {
  const { files, left } = await sweepRemovals(store, provider).catch(() => ({ files: 0, left: 1 }));
  if (files > 0) log(`  ${'media'.padEnd(14)} removed ${files} file(s) earlier deletes left behind`);
  if (left > 0) log(`  ${'media'.padEnd(14)} files freed by earlier deletes could not be removed yet; the next start tries again`);
}

/** Everything a started gateway is made of, for the steps after it is built. */
interface Parts {
  config: GatewayConfig;
  model: ContentModel;
  store: Store;
  data: StartData | undefined;
  settings: SettingsHolder;
  gateway: Gateway;
  log: (line: string) => void;
  logger: Logger;
  /** Where uploaded files are stored (the config's `uploads.provider`). */
  provider: UploadProvider & { close(): void };
}

function startupLines(parts: Parts, port: number, http: HttpSettings, uploads: { dir: string; exists: boolean }): string[] {
  const { config, model } = parts;
  return startupBanner({
    host: config.host,
    port,
    store: config.mongodbUri ? 'MongoDB' : 'the embedded store',
    graphiql: config.graphiql,
    docs: config.docs,
    metrics: http.metrics,
    uploads,
    mediaUrl: config.mediaUrl,
    restExample: restExampleOf(model),
    publicMayDoNothing: parts.settings.current !== undefined && publicMayDoNothing(parts.settings.current),
  });
}

async function reportCounts({ log, data, model, store }: Parts): Promise<void> {
  log(`  ${(data ? 'imported' : 'in the database').padEnd(14)} ${countsLine(await storeCounts(model, store))}`);
}

/**
 * On MongoDB other processes write: the data watch (data-watch.ts) forgets what they changed and
 * reads the settings again after an import. Returns what stops it.
 */
function watchDataVersion(parts: Parts, seen: Seen, note?: (note: WatchNote) => void): () => Promise<void> {
  const { config, model, store, settings, gateway, logger } = parts;
  return watchData({ model, store, settings, gateway, logger, pollMs: config.dataPollMs, note }, seen);
}

/** Measures the data again every REMEASURE_MS (both stores), when writes may have loosened the bounds; returns what stops it. */
function remeasureEvery({ gateway, logger }: Parts): () => void {
  const timer = setInterval(() => void gateway.remeasure().catch((error) => logger.warn({ err: error }, 'measuring the data for the entry estimate failed')), REMEASURE_MS).unref();
  return () => clearInterval(timer);
}

/** Prepares a store that was not ready at start (MongoDB), retrying until it is or the gateway closes. */
async function prepareWhenReachable(parts: Parts, seen: Seen, closing: () => boolean, maxRetryDelayMs: number): Promise<void> {
  const { config, model, store, data, settings, gateway, log } = parts;
  for (let attempt = 1; !settings.current && !closing(); attempt++) {
    try {
      settings.current = await prepareStore(model, store, data, log, config.secrets?.apiTokenSalt);
      seen.version = await dataVersion(store);
      seen.marks = await readWriteMarks(store);
      await gateway.loadMeasurement();
      await sweepMedia(parts);
      log('database ready');
      await reportCounts(parts);
    } catch (error) {
      if (error instanceof ConfigurationError) throw error;
      log(`database not ready (attempt ${attempt}): ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, Math.min(maxRetryDelayMs, 250 * attempt)));
    }
  }
}

function buildGateway(config: GatewayConfig, model: ContentModel, store: Store, settings: SettingsHolder, http: HttpSettings, logger: Logger, uploadsDir: string, mailer: Mailer, provider: UploadProvider): Gateway {
  // Links in mails name the gateway where it listens unless the config gives its public URL.
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const auth = authServices({ settings: http.usersPermissions, jwtSecret: config.secrets?.jwtSecret, mailer, listenUrl: `http://${host}:${config.port}` });
  return createGateway({
    // The embedded store's folder is held by one process (its lock): a gateway restarted on it takes the delivery lease at once.
    webhookHolder: config.mongodbUri ? undefined : `embedded:${path.resolve(config.dataDir)}`,
    model,
    schema: buildGraphQLSchema(model),
    store,
    settings: () => settings.current,
    logger,
    http,
    graphiql: config.graphiql,
    docs: config.docs,
    responseCache: config.responseCache,
    sharedStore: config.mongodbUri !== undefined,
    uploadsDir,
    uploads: { settings: http.uploads, provider },
    mediaUrl: config.mediaUrl,
    secrets: config.secrets,
    limits: http.limits,
    auth,
    trustProxy: http.trustProxy,
  });
}

/** The config file's settings, with the admin access keys the environment adds (ADMIN_ACCESS_KEYS). */
function withEnvironment(http: HttpSettings, config: GatewayConfig): HttpSettings {
  const keys = config.adminAccessKeys ?? [];
  return keys.length === 0 ? http : { ...http, admin: { accessKeys: [...http.admin.accessKeys, ...keys] } };
}

/** Starts webhook deliveries once the store is ready; says where they go. */
function startWebhooks({ gateway, log, logger }: Parts, http: HttpSettings, ready: Promise<void>): void {
  const hooks = http.webhooks.hooks.filter((hook) => hook.enabled);
  if (hooks.length === 0) return;
  log(`  ${'webhooks'.padEnd(14)} ${hooks.map((hook) => `${hook.name} -> ${hook.url}`).join(', ')}`);
  ready.then(() => gateway.webhooks.start()).catch((error) => logger.error({ err: error }, 'webhook deliveries could not start'));
}

/**
 * Loads, prepares and serves the gateway as `npm start` does. The embedded store is prepared
 * before listening; MongoDB in the background, so the gateway answers (503) while it is away.
 * @throws ConfigurationError for a bad config file, schema, seed, or a port that cannot be used.
 */
export async function startGateway(config: GatewayConfig, options: StartOptions = {}): Promise<StartedGateway> {
  const log = options.log ?? console.log;
  const logger = options.logger ?? createLogger(config.logLevel);
  const http = withEnvironment(await loadHttpSettings(config.configFile), config);
  const model = await loadContentModel(config.schemaDir);
  for (const warning of model.warnings) log(`warning: ${warning}`);
  const opened = await openStore(config, model, log);
  const store = opened.store;
  const data = opened.importData ? await startData(config).catch(async (error) => { await store.close(); throw error; }) : undefined;
  const settings: SettingsHolder = {};
  if (!config.mongodbUri) settings.current = await prepareEmbedded(config, model, store, data, log);

  const uploads = { dir: path.resolve(config.uploadsDir), exists: false };
  uploads.exists = await isDirectory(uploads.dir);
  const mailer = mailerFor(http.mail);
  const provider = chosenProvider(http.uploads, uploads.dir);
  const gateway = buildGateway(config, model, store, settings, http, logger, uploads.dir, mailer, provider);
  const parts: Parts = { config, model, store, data, settings, gateway, log, logger, provider };
  // The entry estimate's measurement, read before the first request rather than by it.
  if (settings.current) await gateway.loadMeasurement();
  if (settings.current) await sweepMedia(parts);
  const server = await listen(gateway, config.port, config.host, { drainDeadlineMs: config.drainDeadlineMs }).catch(async (error) => {
    await store.close();
    throw listenError(error as NodeJS.ErrnoException, config);
  });
  for (const line of startupLines(parts, server.port, http, uploads)) log(line);
  if (settings.current) await reportCounts(parts);

  let closing = false;
  const seen: Seen = {};
  const unwatch = config.mongodbUri ? watchDataVersion(parts, seen, options.watch) : async () => {};
  const unremeasure = remeasureEvery(parts);
  const ready = prepareWhenReachable(parts, seen, () => closing, options.maxRetryDelayMs ?? 5000);
  startWebhooks(parts, http, ready);
  return {
    port: server.port,
    gateway,
    ready,
    close: async () => {
      closing = true;
      unremeasure();
      await unwatch();
      const report = await server.close();
      mailer.close();
      await gateway.webhooks.stop();
      await store.close();
      provider.close();
      return report;
    },
  };
}
