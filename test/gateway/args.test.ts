// `npm start` flags and environment -> configuration: defaults, flags over variables, the
// production switches of GraphiQL and the docs page, and clear refusals.
import { describe, expect, it } from 'vitest';
import { parseGatewayArgs, START_FLAGS, START_USAGE, type GatewayConfig } from '../../gateway/args.ts';
import { browserUrl } from '../../gateway/banner.ts';

const parse = (argv: string[], env: Record<string, string> = {}) => parseGatewayArgs(argv, env) as GatewayConfig;

describe('npm start arguments', () => {
  it('has defaults a newcomer can run with', () => {
    expect(parse([])).toEqual({
      port: 1337, host: '0.0.0.0', schemaDir: 'schema', seedFile: 'schema/seed.json', seedIsDefault: true, dataDir: '.data', replaceData: false, mongodbUri: undefined, readPreference: undefined, writeConcern: undefined,
      dbTimeoutMs: 5000, dataPollMs: 1000, configFile: undefined, uploadsDir: 'public/uploads', mediaUrl: undefined, graphiql: true, docs: true,
      responseCache: true, drainDeadlineMs: 10_000, logLevel: 'info', secrets: { apiTokenSalt: undefined, jwtSecret: undefined },
    });
  });

  it.each([
    ['--uploads and UPLOADS_DIR', ['--uploads', 'media'], { UPLOADS_DIR: 'other' }, { uploadsDir: 'media' }],
    ['UPLOADS_DIR alone', [], { UPLOADS_DIR: 'other' }, { uploadsDir: 'other' }],
    ['--config and GATEWAY_CONFIG', [], { GATEWAY_CONFIG: 'gateway.json' }, { configFile: 'gateway.json' }],
    ['--media-url', ['--media-url=https://cdn.example.com'], {}, { mediaUrl: 'https://cdn.example.com' }],
    ['--drain-deadline', ['--drain-deadline', '2500'], {}, { drainDeadlineMs: 2500 }],
    ['LOG_LEVEL', [], { LOG_LEVEL: 'warn' }, { logLevel: 'warn' }],
    ['production without GraphiQL and docs page', [], { NODE_ENV: 'production' }, { graphiql: false, docs: false }],
    ['production asking for GraphiQL by flag', ['--graphiql'], { NODE_ENV: 'production' }, { graphiql: true, docs: false }],
    ['production asking for the docs page by variable', [], { NODE_ENV: 'production', API_DOCS: 'true' }, { graphiql: false, docs: true }],
    ['development turning GraphiQL off', ['--no-graphiql'], {}, { graphiql: false }],
    ['GRAPHIQL=0', [], { GRAPHIQL: '0' }, { graphiql: false }],
    ['a schema without seed', ['--schema', 'x'], {}, { schemaDir: 'x', seedFile: undefined }],
    ['a Strapi export instead of the demo seed', ['--schema', 'cms', '--strapi-export', 'export.tar.gz'], {}, { seedFile: undefined, strapiExport: { file: 'export.tar.gz' } }],
    ['an "=" inside a value', ['--strapi-export=x.tar.gz.enc', '--key=a=b'], {}, { strapiExport: { file: 'x.tar.gz.enc', key: 'a=b' } }],
    ['the archive key from STRAPI_EXPORT_KEY', ['--strapi-export', 'x.tar.gz.enc'], { STRAPI_EXPORT_KEY: 'k' }, { strapiExport: { file: 'x.tar.gz.enc', key: 'k' } }],
    ['RESPONSE_CACHE=off', [], { RESPONSE_CACHE: 'off' }, { responseCache: false }],
    ['--no-response-cache over RESPONSE_CACHE=on', ['--no-response-cache'], { RESPONSE_CACHE: 'on' }, { responseCache: false }],
    ['DATA_POLL_MS', [], { DATA_POLL_MS: '250' }, { dataPollMs: 250 }],
    ['MONGODB_WRITE_CONCERN', [], { MONGODB_WRITE_CONCERN: 'majority' }, { writeConcern: 'majority' }],
    ['--data over DATA_DIR', ['--data', 'here'], { DATA_DIR: 'there' }, { dataDir: 'here' }],
    ['DATA_DIR alone', [], { DATA_DIR: ':memory:' }, { dataDir: ':memory:' }],
    ['--replace-data with a seed named by flag', ['--seed', 's.json', '--replace-data'], {}, { replaceData: true, seedFile: 's.json', seedIsDefault: false }],
    ['a seed named by SEED_FILE, not the default', [], { SEED_FILE: 's.json' }, { seedIsDefault: false }],
    ['API_TOKEN_SALT and JWT_SECRET', [], { API_TOKEN_SALT: 's', JWT_SECRET: 'j' }, { secrets: { apiTokenSalt: 's', jwtSecret: 'j' } }],
    ['ADMIN_ACCESS_KEYS', [], { ADMIN_ACCESS_KEYS: `${'a'.repeat(128)}, ${'B'.repeat(128)}` }, { adminAccessKeys: ['a'.repeat(128), 'B'.repeat(128)] }],
  ])('reads %s', (_name, argv, env, expected) => {
    expect(parse(argv, env)).toMatchObject(expected);
  });

  it.each([
    [['--nope'], {}, /Unknown option '--nope'\.\n[\s\S]*usage: npm start/],
    [['--shema', 'x'], {}, /Unknown option '--shema'\. Did you mean --schema\?\n/],
    [['--replace_data'], {}, /Unknown option '--replace_data'\. Did you mean --replace-data\?/],
    [['--no-graphql'], {}, /Unknown option '--no-graphql'\. Did you mean --no-graphiql\?/],
    [['--seed', 'a.json', '--strapi-export', 'b.tar.gz'], {}, /Give --seed FILE or --strapi-export FILE, not both/],
    [['--port', 'x'], {}, /Invalid port x: expected 0-65535/],
    [['--drain-deadline=-1'], {}, /Invalid drain deadline -1/],
    [['--log-level', 'loud'], {}, /Invalid log level loud: expected one of fatal, error/],
    [['--media-url', 'cdn'], {}, /Invalid media URL cdn: expected an absolute URL/],
    [[], { GRAPHIQL: 'maybe' }, /Invalid GRAPHIQL maybe: expected true or false/],
    [[], { RESPONSE_CACHE: 'sometimes' }, /Invalid RESPONSE_CACHE sometimes: expected true or false \(on or off\)/],
    [[], { DATA_POLL_MS: '0' }, /Invalid DATA_POLL_MS 0: expected milliseconds/],
    [[], { ADMIN_ACCESS_KEYS: 'my-admin-token' }, /ADMIN_ACCESS_KEYS: expected comma-separated access keys of 128 hex digits/],
  ])('refuses %j with a message saying what is expected', (argv, env, message) => {
    expect(() => parseGatewayArgs(argv, env)).toThrow(message);
  });

  it('answers --help and -h with the usage', () => {
    expect(parseGatewayArgs(['--help'], {})).toEqual({ kind: 'help' });
    expect(parseGatewayArgs(['-h'], {})).toEqual({ kind: 'help' });
  });

  it.each(START_FLAGS.map((flag) => [flag.name, flag]))('documents --%s in the usage', (name, flag) => {
    expect(START_USAGE).toContain(`--${name}`);
    if (flag.env) expect(START_USAGE).toContain(flag.env);
  });
});

describe('the URL printed at start-up', () => {
  it.each([
    ['0.0.0.0', 'http://localhost:1337'],
    ['::', 'http://localhost:1337'],
    ['127.0.0.1', 'http://127.0.0.1:1337'],
    ['::1', 'http://[::1]:1337'],
    ['gateway.internal', 'http://gateway.internal:1337'],
  ])('for host %s is %s', (host, url) => {
    expect(browserUrl(host, 1337)).toBe(url);
  });
});
