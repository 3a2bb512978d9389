// Command line and environment -> the gateway's configuration. Pure: takes argv and env.
import { ConfigurationError } from '../src/errors/errors.ts';
import { DEFAULT_UPLOADS_DIR } from './import-args.ts';

export interface GatewayConfig {
  port: number;
  host: string;
  schemaDir: string;
  seedFile?: string;
  /** A `strapi export` archive to import at start (instead of a seed), and its key. */
  strapiExport?: { file: string; key?: string };
  /** The uploads folder; an archive's files are copied there (default: public/uploads). */
  uploadsDir?: string;
  mongodbUri?: string;
  readPreference?: string;
  dbTimeoutMs: number;
  /** Strapi's API_TOKEN_SALT (API tokens) and JWT_SECRET (users' JWTs), from the environment only. */
  secrets?: { apiTokenSalt?: string; jwtSecret?: string };
}

const USAGE = 'usage: npm start -- [--schema DIR] [--seed FILE | --strapi-export FILE [--key KEY]] [--uploads DIR] [--port PORT] [--host HOST]';
const FLAGS = ['--schema', '--seed', '--port', '--host', '--strapi-export', '--key', '--uploads'];

export function parseGatewayArgs(argv: readonly string[], env: Record<string, string | undefined>): GatewayConfig {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const equals = arg.indexOf('=');
    const name = equals < 0 ? arg : arg.slice(0, equals);
    if (!FLAGS.includes(name)) throw new ConfigurationError(`Unknown argument ${arg}. ${USAGE}`);
    const value = equals < 0 ? argv[++i] : arg.slice(equals + 1);
    if (value === undefined) throw new ConfigurationError(`${name} needs a value. ${USAGE}`);
    flags.set(name, value);
  }
  const schemaGiven = flags.has('--schema');
  const archive = flags.get('--strapi-export');
  if (archive !== undefined && flags.has('--seed')) throw new ConfigurationError(`Give --seed FILE or --strapi-export FILE, not both. ${USAGE}`);
  const key = flags.get('--key') ?? (env.STRAPI_EXPORT_KEY || undefined);
  const port = Number(flags.get('--port') ?? env.PORT ?? 1337);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigurationError(`Invalid port ${flags.get('--port') ?? env.PORT}: expected 0-65535`);
  const dbTimeoutMs = Number(env.DB_TIMEOUT_MS ?? 5000);
  if (!Number.isFinite(dbTimeoutMs) || dbTimeoutMs <= 0) throw new ConfigurationError(`Invalid DB_TIMEOUT_MS ${env.DB_TIMEOUT_MS}: expected milliseconds`);
  return {
    port,
    host: flags.get('--host') ?? env.HOST ?? '0.0.0.0',
    schemaDir: flags.get('--schema') ?? env.SCHEMA_DIR ?? 'schema',
    // The demo data comes with the demo model; a model given by flag brings its own seed or none.
    seedFile: archive !== undefined ? undefined : (flags.get('--seed') ?? env.SEED_FILE ?? (schemaGiven || env.SCHEMA_DIR ? undefined : 'schema/seed.json')),
    ...(archive === undefined ? {} : { strapiExport: { file: archive, ...(key === undefined ? {} : { key }) } }),
    uploadsDir: flags.get('--uploads') ?? (env.UPLOADS_DIR || DEFAULT_UPLOADS_DIR),
    mongodbUri: env.MONGODB_URI || undefined,
    readPreference: env.MONGODB_READ_PREFERENCE || undefined,
    dbTimeoutMs,
    secrets: { apiTokenSalt: env.API_TOKEN_SALT || undefined, jwtSecret: env.JWT_SECRET || undefined },
  };
}
