// `npm run types` arguments -> what to generate from and where to write. Pure: takes argv.
import { parseArgs } from 'node:util';
import { ConfigurationError } from '../src/errors/errors.ts';

export interface TypesConfig {
  kind: 'types';
  schemaDir: string;
  outDir: string;
}

export const TYPES_USAGE =
  'usage: npm run types -- [--schema DIR] [--out DIR]\n' +
  '  writes, for client teams, the TypeScript types of the REST and GraphQL shapes of a content model:\n' +
  '  rest.ts (openapi-typescript), graphql.ts (graphql-codegen), openapi.json and schema.graphql\n' +
  "  --schema DIR   the content model in Strapi v4's layout (default: schema)\n" +
  '  --out DIR      where to write the files (default: client-types)\n' +
  '  --help         print this and exit';

/** @throws ConfigurationError saying what is wrong, with the usage. */
export function parseTypesArgs(argv: readonly string[]): TypesConfig | { kind: 'help' } {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { schema: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) return { kind: 'help' };
    return { kind: 'types', schemaDir: values.schema ?? 'schema', outDir: values.out ?? 'client-types' };
  } catch (error) {
    throw new ConfigurationError(`${(error as Error).message}\n${TYPES_USAGE}`);
  }
}
