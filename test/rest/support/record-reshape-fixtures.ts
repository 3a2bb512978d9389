// Records the fixtures reshape.test.ts reads: for each case, the GraphQL result the REST
// pipeline's document gets on the fixture (executed in process), beside the body Strapi gave.
// Run from the project root when the schema or seed changes, then review the diff:
//   npx tsx test/rest/support/record-reshape-fixtures.ts ../shared/conformance/golden
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execute } from 'graphql';
import { settingsFromSeed } from '../../../src/seed/seed-settings.ts';
import { authenticate } from '../../../src/auth/credentials.ts';
import { buildGraphQLSchema } from '../../../src/graphql/build-schema.ts';
import { scopeFor } from '../../support/scope.ts';
import { importSeed } from '../../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../../src/seed/load-seed.ts';
import { EmbeddedStore } from '../../../src/store/embedded-store.ts';
import { SEED_FILE, fixtureModel, translate } from './fixture.ts';
import { RESHAPE_CASES, RESHAPE_FIXTURES } from './reshape-cases.ts';

const goldenDir = process.argv[2] ?? '../shared/conformance/golden';
const model = await fixtureModel();
const seed = await loadSeedFile(SEED_FILE);
const store = new EmbeddedStore();
await importSeed(model, seed, store, { now: new Date('2024-06-01T00:00:00.000Z') });
const settings = settingsFromSeed(seed);
const schema = buildGraphQLSchema(model);

for (const name of RESHAPE_CASES) {
  const golden = JSON.parse(await readFile(join(goldenDir, `${name}.json`), 'utf8'));
  const { built } = translate(model, golden.request.path);
  const context = scopeFor({ model, store, role: (await authenticate(null, { settings, user: async () => undefined })).role, locales: settings.locales });
  const result = await execute({ schema, document: built.document, variableValues: built.variables, contextValue: context });
  if (result.errors?.length) throw new Error(`${name}: ${result.errors.map((e) => e.message).join('; ')}`);
  const fixture = { path: golden.request.path, graphql: result.data, expected: golden.body };
  await writeFile(join(RESHAPE_FIXTURES, `${name}.json`), `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(`recorded ${name}`);
}
