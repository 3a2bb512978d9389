// Command line and environment -> the gateway's configuration. Pure: takes argv and env.
import { ConfigurationError } from '../src/errors/errors.ts';

export interface GatewayConfig {
  port: number;
  host: string;
  schemaDir: string;
  seedFile?: string;
  mongodbUri?: string;
  readPreference?: string;
  dbTimeoutMs: number;
}

const USAGE = 'usage: npm start -- [--schema DIR] [--seed FILE] [--port PORT] [--host HOST]';

export function parseGatewayArgs(argv: readonly string[], env: Record<string, string | undefined>): GatewayConfig {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.split('=', 2);
    if (!['--schema', '--seed', '--port', '--host'].includes(name)) throw new ConfigurationError(`Unknown argument ${arg}. ${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigurationError(`${name} needs a value. ${USAGE}`);
    flags.set(name, value);
  }
  const schemaGiven = flags.has('--schema');
  const port = Number(flags.get('--port') ?? env.PORT ?? 1337);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigurationError(`Invalid port ${flags.get('--port') ?? env.PORT}: expected 0-65535`);
  const dbTimeoutMs = Number(env.DB_TIMEOUT_MS ?? 5000);
  if (!Number.isFinite(dbTimeoutMs) || dbTimeoutMs <= 0) throw new ConfigurationError(`Invalid DB_TIMEOUT_MS ${env.DB_TIMEOUT_MS}: expected milliseconds`);
  return {
    port,
    host: flags.get('--host') ?? env.HOST ?? '0.0.0.0',
    schemaDir: flags.get('--schema') ?? env.SCHEMA_DIR ?? 'schema',
    // The demo data comes with the demo model; a model given by flag brings its own seed or none.
    seedFile: flags.get('--seed') ?? env.SEED_FILE ?? (schemaGiven || env.SCHEMA_DIR ? undefined : 'schema/seed.json'),
    mongodbUri: env.MONGODB_URI || undefined,
    readPreference: env.MONGODB_READ_PREFERENCE || undefined,
    dbTimeoutMs,
  };
}
