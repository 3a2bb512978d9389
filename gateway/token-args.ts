// `npm run token` arguments and environment -> what to do with Strapi API tokens. Pure.
import { looksLikeAction } from '../src/access/actions.ts';
import { API_TOKEN_TYPES, type ApiTokenType } from '../src/auth/api-tokens.ts';
import { didYouMean } from '../src/errors/did-you-mean.ts';
import { ConfigurationError } from '../src/errors/errors.ts';
import { DEFAULT_DATA_DIR } from './args.ts';

export const TOKEN_USAGE = [
  'usage: npm run token -- create --name NAME [--type read-only|full-access|custom] [--permission ACTION]...',
  '                               [--duration 7|30|90|unlimited] [--description TEXT] [--data DIR | --seed FILE]',
  '       npm run token -- list [--data DIR | --seed FILE]',
  '       npm run token -- revoke --id ID [--data DIR | --seed FILE]',
  '  Tokens are kept as Strapi keeps them: only an HMAC-SHA512 with API_TOKEN_SALT (which must be set,',
  '  to the value the gateway runs with). With MONGODB_URI set they are written to that database;',
  '  otherwise to the embedded store in the data folder (--data DIR, else DATA_DIR, else .data), which',
  '  no gateway may hold meanwhile: stop it, run this, start it again.',
  '  --seed FILE  changes the "apiTokens" of a seed file instead: they reach a data folder only when one',
  '               is made from it (a new folder, or --replace-data), never one that already holds data',
  '  --type       read-only (default) reads every content-type, full-access reads and writes them all; custom does what --permission lists',
  '  --permission an action such as api::article.article.find, api::article.article.create or plugin::upload.content-api.findOne (repeatable)',
  '  --duration   days until the token expires (7, 30, 90) or unlimited (default)',
].join('\n');

export type TokenTarget = { kind: 'mongodb'; uri: string } | { kind: 'data'; dir: string } | { kind: 'seed'; file: string };

export type TokenCommand =
  | { kind: 'help' }
  | { kind: 'create'; target: TokenTarget; salt: string; name: string; description: string; type: ApiTokenType; permissions: string[]; durationDays: number | null }
  | { kind: 'list'; target: TokenTarget }
  | { kind: 'revoke'; target: TokenTarget; id: number };

const DURATIONS = ['7', '30', '90', 'unlimited'];
const TOKEN_FLAGS = ['--name', '--type', '--permission', '--duration', '--description', '--seed', '--data', '--id'];

/** @throws ConfigurationError saying what is wrong, with the usage. */
export function parseTokenArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): TokenCommand {
  const [verb, ...rest] = argv;
  if (verb === undefined || verb === '--help' || verb === '-h' || rest.includes('--help')) return { kind: 'help' };
  const fail = (text: string): never => {
    throw new ConfigurationError(`${text}\n${TOKEN_USAGE}`);
  };
  const flags = new Map<string, string[]>();
  for (let i = 0; i < rest.length; i++) {
    const [name, inline] = rest[i].split(/=(.*)/s, 2);
    if (!TOKEN_FLAGS.includes(name)) fail(`Unknown argument ${rest[i]}.${didYouMean(name, TOKEN_FLAGS, (flag) => flag)}`);
    const value = inline ?? rest[++i];
    if (value === undefined || value === '') fail(`${name} needs a value`);
    flags.set(name, [...(flags.get(name) ?? []), value]);
  }
  const one = (name: string) => flags.get(name)?.at(-1);
  const seed = one('--seed');
  const data = one('--data');
  if (seed !== undefined && data !== undefined) fail('--data and --seed name two places for the token: give one');
  if (env.MONGODB_URI && (seed !== undefined || data !== undefined)) fail(`MONGODB_URI is set: tokens go to that database, not to ${seed ?? data}`);
  const target: TokenTarget = env.MONGODB_URI
    ? { kind: 'mongodb', uri: env.MONGODB_URI }
    : seed !== undefined
      ? { kind: 'seed', file: seed }
      : { kind: 'data', dir: data ?? (env.DATA_DIR || DEFAULT_DATA_DIR) };
  switch (verb) {
    case 'list':
      return { kind: 'list', target };
    case 'revoke': {
      const id = Number(one('--id'));
      if (!Number.isSafeInteger(id) || id < 1) fail('--id must be the id of a token (npm run token -- list shows them)');
      return { kind: 'revoke', target, id };
    }
    case 'create': {
      const salt = env.API_TOKEN_SALT || fail('API_TOKEN_SALT is not set: tokens are stored as an HMAC with it, as Strapi stores them');
      const name = one('--name') ?? fail('--name is required');
      const type = (one('--type') ?? 'read-only') as ApiTokenType;
      if (!API_TOKEN_TYPES.includes(type)) fail(`--type must be one of ${API_TOKEN_TYPES.join(', ')}; got ${type}`);
      const permissions = flags.get('--permission') ?? [];
      for (const permission of permissions) if (!looksLikeAction(permission)) fail(`--permission ${permission} is not an action (e.g. api::article.article.find, api::article.article.create, plugin::upload.content-api.upload)`);
      if (type === 'custom' && permissions.length === 0) fail('a custom token needs at least one --permission');
      if (type !== 'custom' && permissions.length > 0) fail('--permission applies to custom tokens only');
      const duration = one('--duration') ?? 'unlimited';
      if (!DURATIONS.includes(duration)) fail(`--duration must be one of ${DURATIONS.join(', ')}; got ${duration}`);
      return { kind: 'create', target, salt, name, description: one('--description') ?? '', type, permissions, durationDays: duration === 'unlimited' ? null : Number(duration) };
    }
    default:
      return fail(`Unknown command ${verb}`);
  }
}
