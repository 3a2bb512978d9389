// `npm start` argv and env -> GatewayConfig: the Strapi export and uploads flags.
import { describe, expect, it } from 'vitest';
import { parseGatewayArgs } from '../../gateway/args.ts';

describe('parsing the start command line', () => {
  it.each<[string, string[], Record<string, string>, object]>([
    ['imports a Strapi export instead of the demo seed', ['--schema', 'cms', '--strapi-export', 'export.tar.gz'], {}, { seedFile: undefined, strapiExport: { file: 'export.tar.gz' } }],
    ['keeps an "=" inside a value', ['--strapi-export=x.tar.gz.enc', '--key=a=b'], {}, { strapiExport: { file: 'x.tar.gz.enc', key: 'a=b' } }],
    ['takes the key from STRAPI_EXPORT_KEY', ['--strapi-export', 'x.tar.gz.enc'], { STRAPI_EXPORT_KEY: 'k' }, { strapiExport: { file: 'x.tar.gz.enc', key: 'k' } }],
    ['puts uploaded files in public/uploads by default', [], {}, { uploadsDir: 'public/uploads' }],
    ['takes the uploads folder from --uploads before UPLOADS_DIR', ['--uploads', 'files'], { UPLOADS_DIR: 'other' }, { uploadsDir: 'files' }],
  ])('%s', (_, argv, env, expected) => {
    expect(parseGatewayArgs(argv, env)).toMatchObject(expected);
  });

  it('refuses a seed and a Strapi export together', () => {
    expect(() => parseGatewayArgs(['--seed', 'a.json', '--strapi-export', 'b.tar.gz'], {})).toThrow(/Give --seed FILE or --strapi-export FILE, not both/);
  });
});
