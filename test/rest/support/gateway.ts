// The REST handler over the fixture, in process: the fixture model, the lead's GraphQL schema,
// an embedded store holding the seed, and the seed's roles. For tests that go through HTTP.
import { settingsFromSeed } from '../../../src/seed/seed-settings.ts';
import { authenticate } from '../../../src/auth/credentials.ts';
import { buildGraphQLSchema } from '../../../src/graphql/build-schema.ts';
import { baseFor } from '../../support/scope.ts';
import { costModel } from '../../../src/graphql/cost.ts';
import { createRestHandler } from '../../../src/rest/handler.ts';
import { importSeed } from '../../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../../src/seed/load-seed.ts';
import { measureStore } from '../../../src/store/measure-store.ts';
import { EmbeddedStore } from '../../../src/store/embedded-store.ts';
import { CountingStore } from '../../support/counting-store.ts';
import { SEED_FILE, fixtureModel } from './fixture.ts';

export interface FixtureGateway {
  /** The REST handler; `path` may be relative (`/api/articles?…`). */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  handle(request: Request): Promise<Response>;
  /** Unexpected errors the handler logged (answered as 500). */
  logged: unknown[];
  /** The store, counting the reads each request sends. */
  store: CountingStore;
}

export async function fixtureGateway(): Promise<FixtureGateway> {
  const model = await fixtureModel();
  const seed = await loadSeedFile(SEED_FILE);
  const store = new CountingStore(new EmbeddedStore());
  await importSeed(model, seed, store, { now: new Date('2024-06-01T00:00:00.000Z') });
  // As start-up does: the entry estimate bounded by what the data holds.
  const costs = costModel(model, await measureStore(model, store));
  store.reset();
  const settings = settingsFromSeed(seed);
  const logged: unknown[] = [];
  const handle = createRestHandler({
    model,
    schema: buildGraphQLSchema(model),
    baseFor: async (request) =>
      baseFor({ model, store, role: (await authenticate(request.headers.get('authorization'), { settings, user: async () => undefined })).role, locales: settings.locales }),
    log: (error) => logged.push(error),
    costs: () => costs,
  });
  return {
    handle,
    get: (path, headers) => handle(new Request(new URL(path, 'http://gateway.test'), { headers })),
    logged,
    store,
  };
}
