// `npm run import` arguments and environment -> the import's configuration. Pure: takes argv and env.
import { didYouMean } from '../src/errors/did-you-mean.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { DEFAULT_BATCH_SIZE } from '../src/seed/import-seed.ts';

/** Where uploaded files live unless --uploads or UPLOADS_DIR says otherwise (relative to the working directory). */
export const DEFAULT_UPLOADS_DIR = 'public/uploads';

export interface ImportConfig {
  kind: 'import';
  schemaDir: string;
  /** Exactly one of `seedFile` and `strapiExport` is set. */
  seedFile?: string;
  /** A `strapi export` archive, and its key when it is encrypted. */
  strapiExport?: { file: string; key?: string };
  /** Where an archive's uploaded files go. */
  uploadsDir: string;
  drop: boolean;
  batchSize: number;
  mongodbUri: string;
  timeoutMs?: number;
  /** Strapi's API_TOKEN_SALT, for API tokens a seed gives in plain. */
  apiTokenSalt?: string;
}

export const IMPORT_USAGE =
  'usage: MONGODB_URI=mongodb://… npm run import -- [--schema DIR] [--seed FILE | --from-strapi-export FILE [--key KEY]] [--drop] [--batch-size N]\n' +
  '  --schema DIR      the content model, in Strapi v4 layout (default: schema)\n' +
  '  --seed FILE       the data to import (default: schema/seed.json, only when --schema is not given)\n' +
  '  --from-strapi-export FILE   an archive made by `strapi export` (.tar, .tar.gz, .tar.gz.enc) instead of a seed\n' +
  '  --key KEY         the archive\'s encryption key (or STRAPI_EXPORT_KEY)\n' +
  `  --uploads DIR     where the archive's uploaded files go (or UPLOADS_DIR; default: ${DEFAULT_UPLOADS_DIR})\n` +
  '  --drop            drop the model\'s collections first\n' +
  `  --batch-size N    documents per write (default: ${DEFAULT_BATCH_SIZE})`;

const WITH_VALUE = ['--schema', '--seed', '--batch-size', '--from-strapi-export', '--key', '--uploads'];

/** @throws ConfigurationError saying what is wrong, with the usage. */
export function parseImportArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ImportConfig | { kind: 'help' } {
  const flags = new Map<string, string>();
  let drop = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--drop') {
      drop = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals < 0 ? arg : arg.slice(0, equals);
    if (!WITH_VALUE.includes(name)) throw new ConfigurationError(`Unknown argument ${arg}.${didYouMean(name, [...WITH_VALUE, '--drop', '--help'], (flag) => flag)}\n${IMPORT_USAGE}`);
    const value = equals < 0 ? argv[++i] : arg.slice(equals + 1);
    if (value === undefined || value === '') throw new ConfigurationError(`${name} needs a value\n${IMPORT_USAGE}`);
    flags.set(name, value);
  }
  const schemaDir = flags.get('--schema');
  const archive = flags.get('--from-strapi-export');
  if (archive !== undefined && flags.has('--seed')) throw new ConfigurationError(`Give --seed FILE or --from-strapi-export FILE, not both\n${IMPORT_USAGE}`);
  const seedFile = archive === undefined ? (flags.get('--seed') ?? (schemaDir === undefined ? 'schema/seed.json' : undefined)) : undefined;
  if (seedFile === undefined && archive === undefined) {
    throw new ConfigurationError(`--seed FILE is required with --schema (or --from-strapi-export FILE)\n${IMPORT_USAGE}`);
  }
  const key = flags.get('--key') ?? (env.STRAPI_EXPORT_KEY || undefined);
  const batchText = flags.get('--batch-size');
  const batchSize = batchText === undefined ? DEFAULT_BATCH_SIZE : Number(batchText);
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) {
    throw new ConfigurationError(`--batch-size must be a positive integer; got ${batchText}`);
  }
  const mongodbUri = env.MONGODB_URI;
  if (!mongodbUri) {
    throw new ConfigurationError(`MONGODB_URI is not set: the import writes to MongoDB and needs its address\n${IMPORT_USAGE}`);
  }
  const timeoutText = env.DB_TIMEOUT_MS;
  const timeoutMs = timeoutText === undefined ? undefined : Number(timeoutText);
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
    throw new ConfigurationError(`Invalid DB_TIMEOUT_MS ${timeoutText}: expected milliseconds`);
  }
  return {
    kind: 'import',
    schemaDir: schemaDir ?? 'schema',
    ...(archive === undefined ? { seedFile } : { strapiExport: { file: archive, ...(key === undefined ? {} : { key }) } }),
    uploadsDir: flags.get('--uploads') ?? (env.UPLOADS_DIR || DEFAULT_UPLOADS_DIR),
    drop,
    batchSize,
    mongodbUri,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(env.API_TOKEN_SALT ? { apiTokenSalt: env.API_TOKEN_SALT } : {}),
  };
}
