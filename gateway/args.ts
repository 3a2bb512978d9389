// Command line and environment -> the gateway's configuration. Pure: takes argv and env. One
// table of flags gives both the parser and `--help`, so they cannot disagree.
import { parseArgs } from 'node:util';
import { didYouMean } from '../src/errors/did-you-mean.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { DEFAULT_UPLOADS_DIR } from './import-args.ts';
import { LOG_LEVELS, type LogLevel } from './observability/logger.ts';
import { DEFAULT_DRAIN_DEADLINE_MS } from './server.ts';

export interface GatewayConfig {
  port: number;
  host: string;
  schemaDir: string;
  seedFile?: string;
  /**
   * The seed is the demo's, not named by a flag: imported into an empty store, and a store that
   * holds data serves it without a word.
   */
  seedIsDefault?: boolean;
  /** The embedded store's folder (database and lock); `:memory:` for a store in the process only. */
  dataDir: string;
  /** Remove the embedded store's data before importing --seed or --strapi-export. */
  replaceData: boolean;
  /** A `strapi export` archive to import at start (instead of a seed), and its key. */
  strapiExport?: { file: string; key?: string };
  mongodbUri?: string;
  readPreference?: string;
  /** MongoDB's `w` for writes: `majority`, a number, a tag set (docs/mongodb.md). */
  writeConcern?: string;
  dbTimeoutMs: number;
  /** On MongoDB, how often the data version is read (an import by another process). */
  dataPollMs: number;
  /** The JSON file of structured settings (CORS, security headers...); defaults when absent. */
  configFile?: string;
  /** Served at /uploads/ when it exists (relative to the working directory). */
  uploadsDir: string;
  /** Put before media URLs that are paths, e.g. a CDN. */
  mediaUrl?: string;
  graphiql: boolean;
  /** The API reference page (/documentation). */
  docs: boolean;
  /** Answers to reads kept in memory and served again (ETags and 304s either way). */
  responseCache: boolean;
  drainDeadlineMs: number;
  logLevel: LogLevel;
  /** Strapi's API_TOKEN_SALT (API tokens) and JWT_SECRET (users' JWTs), from the environment only. */
  secrets?: { apiTokenSalt?: string; jwtSecret?: string };
  /** ADMIN_ACCESS_KEYS: access keys of admin tokens, beside the config file's `admin.accessKeys`. */
  adminAccessKeys?: string[];
}

/** The embedded store's folder when neither --data nor DATA_DIR names one. */
export const DEFAULT_DATA_DIR = '.data';

interface Flag {
  name: string;
  env?: string;
  value?: string;
  meaning: string;
  fallback: string;
}

/** Every flag of `npm start`, with its variable, default and meaning: `--help` prints this. */
export const START_FLAGS: readonly Flag[] = [
  { name: 'schema', env: 'SCHEMA_DIR', value: 'DIR', fallback: 'schema', meaning: "the content model in Strapi v4's layout (a project's src/, its root, or a folder with api/ and components/)" },
  { name: 'seed', env: 'SEED_FILE', value: 'FILE', fallback: 'schema/seed.json when no schema is given, else none', meaning: 'data to import at start' },
  { name: 'strapi-export', value: 'FILE', fallback: 'none', meaning: 'a `strapi export` archive (.tar, .tar.gz, .tar.gz.enc) to import at start, instead of --seed' },
  { name: 'data', env: 'DATA_DIR', value: 'DIR', fallback: DEFAULT_DATA_DIR, meaning: "the embedded store's folder: its database, kept across restarts (:memory: keeps nothing)" },
  { name: 'replace-data', fallback: '', meaning: 'let --seed or --strapi-export replace the data the embedded store holds (they refuse otherwise)' },
  { name: 'key', env: 'STRAPI_EXPORT_KEY', value: 'KEY', fallback: 'none', meaning: "the archive's encryption key" },
  { name: 'port', env: 'PORT', value: 'PORT', fallback: '1337', meaning: 'port to listen on (0 picks a free one)' },
  { name: 'host', env: 'HOST', value: 'HOST', fallback: '0.0.0.0 (every interface)', meaning: 'address to listen on' },
  { name: 'config', env: 'GATEWAY_CONFIG', value: 'FILE', fallback: "none: Strapi's defaults", meaning: 'JSON file of CORS, security headers, compression, media caching, metrics' },
  { name: 'uploads', env: 'UPLOADS_DIR', value: 'DIR', fallback: DEFAULT_UPLOADS_DIR, meaning: "media folder served at /uploads/ when it exists (an archive's files are copied there)" },
  { name: 'media-url', env: 'MEDIA_URL', value: 'URL', fallback: 'none', meaning: 'public base URL put before media URLs that are paths (a CDN, the Strapi server)' },
  { name: 'graphiql', env: 'GRAPHIQL', fallback: 'on, off when NODE_ENV=production', meaning: 'GraphiQL for browsers at /graphql (--no-graphiql, GRAPHIQL=false: off)' },
  { name: 'docs', env: 'API_DOCS', fallback: 'on, off when NODE_ENV=production', meaning: 'the API reference page at /documentation (--no-docs, API_DOCS=false: off)' },
  { name: 'response-cache', env: 'RESPONSE_CACHE', fallback: 'on', meaning: 'keep answers to reads in memory and serve repeats from there (--no-response-cache, RESPONSE_CACHE=off: off)' },
  { name: 'drain-deadline', env: 'DRAIN_DEADLINE_MS', value: 'MS', fallback: String(DEFAULT_DRAIN_DEADLINE_MS), meaning: 'on SIGTERM, longest wait for answers in flight before connections are ended' },
  { name: 'log-level', env: 'LOG_LEVEL', value: 'LEVEL', fallback: 'info', meaning: `${LOG_LEVELS.join(', ')}` },
  { name: 'help', fallback: '', meaning: 'print this and exit' },
];

/** The variables of `npm start` that no flag sets: `--help` prints them after the flags. */
export const ENV_ONLY: ReadonlyArray<[string, string]> = [
  ['MONGODB_URI', 'MongoDB connection string; unset: the embedded in-process store'],
  ['MONGODB_READ_PREFERENCE', 'e.g. secondaryPreferred (default primary)'],
  ['MONGODB_WRITE_CONCERN', "w of every write: majority, a number or a tag set (default: the URI's w, else majority on a replica set, the server's on a standalone)"],
  ['DATA_POLL_MS', "on MongoDB without a change stream (a standalone, or while it is down), how often the import version and the write marks are read, to drop kept answers other gateways' writes changed (default 1000)"],
  ['DB_TIMEOUT_MS', 'longest a database call may take before the request answers 503 (default 5000)'],
  ['API_TOKEN_SALT', "Strapi's salt of API tokens (the project's own); unset: API tokens are refused"],
  ['JWT_SECRET', "users-permissions' JWT secret (the project's own); unset: users' JWTs are refused"],
  ['ADMIN_ACCESS_KEYS', "access keys of admin tokens for /admin (comma-separated; npm run webhooks -- admin-token), beside the config file's admin.accessKeys"],
];

export const START_USAGE = [
  'usage: npm start -- [options]',
  '',
  ...START_FLAGS.map((f) => {
    const flag = `--${f.name}${f.value ? ` ${f.value}` : ''}`;
    const env = f.env ? ` (${f.env})` : '';
    const fallback = f.fallback ? ` [default: ${f.fallback}]` : '';
    return `  ${flag.padEnd(22)}${f.meaning}${env}${fallback}`;
  }),
  '',
  'environment only:',
  ...ENV_ONLY.map(([name, meaning]) => `  ${name.padEnd(26)}${meaning}`),
].join('\n');

const BOOLEAN_FLAGS = ['graphiql', 'docs', 'response-cache', 'help', 'replace-data'];

/** `--help` asks for the usage; anything else is a configuration. */
export function parseGatewayArgs(argv: readonly string[], env: Record<string, string | undefined>): GatewayConfig | { kind: 'help' } {
  const options = Object.fromEntries([
    ...START_FLAGS.map((f) => [f.name, { type: BOOLEAN_FLAGS.includes(f.name) ? 'boolean' : 'string', ...(f.name === 'help' ? { short: 'h' } : {}) }]),
    ['no-graphiql', { type: 'boolean' }],
    ['no-docs', { type: 'boolean' }],
    ['no-response-cache', { type: 'boolean' }],
  ]) as Record<string, { type: 'boolean' | 'string'; short?: string }>;
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new ConfigurationError(`${unknownFlag(error as NodeJS.ErrnoException, Object.keys(options))}\n\n${START_USAGE}`);
  }
  if (values.help) return { kind: 'help' };
  const text = (name: string, variable: string) => (values[name] as string | undefined) ?? (env[variable] || undefined);

  const port = Number(text('port', 'PORT') ?? 1337);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigurationError(`Invalid port ${text('port', 'PORT')}: expected 0-65535`);
  const dbTimeoutMs = Number(env.DB_TIMEOUT_MS ?? 5000);
  if (!Number.isFinite(dbTimeoutMs) || dbTimeoutMs <= 0) throw new ConfigurationError(`Invalid DB_TIMEOUT_MS ${env.DB_TIMEOUT_MS}: expected milliseconds`);
  const dataPollMs = Number(env.DATA_POLL_MS ?? 1000);
  if (!Number.isInteger(dataPollMs) || dataPollMs <= 0) throw new ConfigurationError(`Invalid DATA_POLL_MS ${env.DATA_POLL_MS}: expected milliseconds`);
  const drainDeadlineMs = Number(text('drain-deadline', 'DRAIN_DEADLINE_MS') ?? DEFAULT_DRAIN_DEADLINE_MS);
  if (!Number.isFinite(drainDeadlineMs) || drainDeadlineMs < 0) {
    throw new ConfigurationError(`Invalid drain deadline ${text('drain-deadline', 'DRAIN_DEADLINE_MS')}: expected milliseconds`);
  }
  const logLevel = text('log-level', 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new ConfigurationError(`Invalid log level ${logLevel}: expected one of ${LOG_LEVELS.join(', ')}`);
  const mediaUrl = text('media-url', 'MEDIA_URL');
  if (mediaUrl !== undefined && !URL.canParse(mediaUrl)) throw new ConfigurationError(`Invalid media URL ${mediaUrl}: expected an absolute URL such as https://cdn.example.com`);
  const production = env.NODE_ENV === 'production';
  const schemaGiven = values.schema !== undefined || Boolean(env.SCHEMA_DIR);
  const archive = values['strapi-export'] as string | undefined;
  if (archive !== undefined && values.seed !== undefined) throw new ConfigurationError(`Give --seed FILE or --strapi-export FILE, not both.\n\n${START_USAGE}`);
  const key = text('key', 'STRAPI_EXPORT_KEY');
  return {
    port,
    host: text('host', 'HOST') ?? '0.0.0.0',
    schemaDir: text('schema', 'SCHEMA_DIR') ?? 'schema',
    // The demo data comes with the demo model; a model given by flag brings its own seed or none.
    seedFile: archive !== undefined ? undefined : (text('seed', 'SEED_FILE') ?? (schemaGiven ? undefined : 'schema/seed.json')),
    seedIsDefault: archive === undefined && text('seed', 'SEED_FILE') === undefined,
    dataDir: text('data', 'DATA_DIR') ?? DEFAULT_DATA_DIR,
    replaceData: values['replace-data'] === true,
    ...(archive === undefined ? {} : { strapiExport: { file: archive, ...(key === undefined ? {} : { key }) } }),
    mongodbUri: env.MONGODB_URI || undefined,
    readPreference: env.MONGODB_READ_PREFERENCE || undefined,
    writeConcern: env.MONGODB_WRITE_CONCERN || undefined,
    dbTimeoutMs,
    dataPollMs,
    configFile: text('config', 'GATEWAY_CONFIG'),
    uploadsDir: text('uploads', 'UPLOADS_DIR') ?? DEFAULT_UPLOADS_DIR,
    mediaUrl,
    graphiql: toggle(values.graphiql, values['no-graphiql'], env.GRAPHIQL, 'GRAPHIQL', !production),
    docs: toggle(values.docs, values['no-docs'], env.API_DOCS, 'API_DOCS', !production),
    responseCache: toggle(values['response-cache'], values['no-response-cache'], env.RESPONSE_CACHE, 'RESPONSE_CACHE', true),
    drainDeadlineMs,
    logLevel: logLevel as LogLevel,
    secrets: { apiTokenSalt: env.API_TOKEN_SALT || undefined, jwtSecret: env.JWT_SECRET || undefined },
    ...adminAccessKeys(env.ADMIN_ACCESS_KEYS),
  };
}

/** ADMIN_ACCESS_KEYS: comma-separated access keys, each the 128 hex digits of an HMAC-SHA512; nothing when unset. */
function adminAccessKeys(value: string | undefined): { adminAccessKeys?: string[] } {
  const keys = (value ?? '').split(',').map((key) => key.trim()).filter((key) => key !== '');
  const bad = keys.find((key) => !/^[0-9a-fA-F]{128}$/.test(key));
  if (bad !== undefined) throw new ConfigurationError(`ADMIN_ACCESS_KEYS: expected comma-separated access keys of 128 hex digits (npm run webhooks -- admin-token prints one); received "${bad.slice(0, 16)}…"`);
  return keys.length > 0 ? { adminAccessKeys: keys } : {};
}

/** parseArgs' message, with the flag meant when one is a few letters from the one given. */
function unknownFlag(error: NodeJS.ErrnoException, flags: readonly string[]): string {
  const given = /^Unknown option '--?([^'=]+)'/.exec(error.message)?.[1];
  if (error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || given === undefined) return error.message;
  return `${error.message}.${didYouMean(given, flags, (flag) => `--${flag}`)}`;
}

/** `--x` / `--no-x` win over the variable (`true`/`false`, `1`/`0`), which wins over the default. */
function toggle(on: unknown, off: unknown, variable: string | undefined, name: string, fallback: boolean): boolean {
  if (on) return true;
  if (off) return false;
  if (variable === undefined || variable === '') return fallback;
  if (['true', '1', 'on'].includes(variable)) return true;
  if (['false', '0', 'off'].includes(variable)) return false;
  throw new ConfigurationError(`Invalid ${name} ${variable}: expected true or false (on or off)`);
}
