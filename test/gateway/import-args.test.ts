// `npm run import` argv and env -> ImportConfig, or a ConfigurationError with the usage.
import { describe, expect, it } from 'vitest';
import { parseImportArgs } from '../../gateway/import-args.ts';

const ENV = { MONGODB_URI: 'mongodb://db:27017/cms' };

describe('parsing the import command line', () => {
  it.each<[string, string[], Record<string, string>, object]>([
    ['uses the demo model and seed when nothing is given', [], ENV, { schemaDir: 'schema', seedFile: 'schema/seed.json', drop: false, batchSize: 500 }],
    ['reads --schema, --seed, --drop and --batch-size', ['--schema', 'cms/src', '--seed', 'data.json', '--drop', '--batch-size', '50'], ENV, { schemaDir: 'cms/src', seedFile: 'data.json', drop: true, batchSize: 50 }],
    ['reads the --flag=value form', ['--schema=cms', '--seed=data.json', '--batch-size=7'], ENV, { schemaDir: 'cms', seedFile: 'data.json', batchSize: 7 }],
    ['takes the database from MONGODB_URI', [], ENV, { mongodbUri: 'mongodb://db:27017/cms' }],
    ['takes a timeout from DB_TIMEOUT_MS', [], { ...ENV, DB_TIMEOUT_MS: '2500' }, { timeoutMs: 2500 }],
    ['reads a Strapi export and its key instead of a seed', ['--schema', 'cms', '--from-strapi-export', 'export.tar.gz.enc', '--key=a=b'], ENV, { strapiExport: { file: 'export.tar.gz.enc', key: 'a=b' } }],
    ['takes the key from STRAPI_EXPORT_KEY', ['--schema', 'cms', '--from-strapi-export', 'x.tar.gz.enc'], { ...ENV, STRAPI_EXPORT_KEY: 'k' }, { strapiExport: { file: 'x.tar.gz.enc', key: 'k' } }],
    ['puts uploaded files in public/uploads by default', [], ENV, { uploadsDir: 'public/uploads' }],
    ['takes the uploads folder from --uploads, then UPLOADS_DIR', ['--uploads', 'files'], { ...ENV, UPLOADS_DIR: 'other' }, { uploadsDir: 'files' }],
    ['takes the uploads folder from UPLOADS_DIR', [], { ...ENV, UPLOADS_DIR: 'other' }, { uploadsDir: 'other' }],
  ])('%s', (_, argv, env, expected) => {
    expect(parseImportArgs(argv, env)).toMatchObject({ kind: 'import', ...expected });
  });

  it('answers --help without needing MONGODB_URI', () => {
    expect(parseImportArgs(['--help'], {})).toEqual({ kind: 'help' });
  });

  it.each<[string, string[], Record<string, string>, RegExp]>([
    ['a missing MONGODB_URI', [], {}, /MONGODB_URI is not set/],
    ['an unknown flag', ['--force'], ENV, /Unknown argument --force\.\n/],
    ['a flag misspelt, naming the one meant', ['--shema', 'x'], ENV, /Unknown argument --shema\. Did you mean --schema\?/],
    ['a flag without its value', ['--seed'], ENV, /--seed needs a value/],
    ['a model given without a seed', ['--schema', 'cms'], ENV, /--seed FILE is required with --schema \(or --from-strapi-export FILE\)/],
    ['a seed and a Strapi export together', ['--seed', 'a.json', '--from-strapi-export', 'b.tar.gz'], ENV, /Give --seed FILE or --from-strapi-export FILE, not both/],
    ['a batch size that is not a positive integer', ['--batch-size', '0'], ENV, /--batch-size must be a positive integer; got 0/],
    ['a timeout that is not milliseconds', [], { ...ENV, DB_TIMEOUT_MS: 'soon' }, /Invalid DB_TIMEOUT_MS soon/],
  ])('rejects %s', (_, argv, env, message) => {
    expect(() => parseImportArgs(argv, env)).toThrow(message);
  });
});
