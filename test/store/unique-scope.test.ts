// Strapi's answers on where a uid is unique (test/fixtures/store/strapi-unique-scope.json) ->
// the same outcome from the unique indexes indexesFor declares, on every store.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import { indexesFor } from '../../src/store/indexes.ts';
import { UniqueViolation, type Doc, type Store } from '../../src/store/store.ts';
import { createMongoStore } from '../../src/store/mongo-store.ts';
import { availableBackends, type Backend } from '../support/store-backends.ts';
import { startWireServer } from '../support/mongo-wire-server/server.ts';

interface ScopeCase {
  name: string;
  existing: Record<string, unknown>;
  candidate: Record<string, unknown>;
  sameEntry?: boolean;
  status: 200 | 400;
}

const fixture = JSON.parse(await readFile(new URL('../fixtures/store/strapi-unique-scope.json', import.meta.url), 'utf8')) as { cases: ScopeCase[] };
const model = await loadContentModel(fileURLToPath(new URL('../fixtures/schemas/every-kind', import.meta.url)));
/** An i18n, draft & publish type with a uid attribute, like Strapi's fixture articles. */
const thing = model.contentTypes.get('api::thing.thing')!;

const replicaSet: Backend = {
  name: 'the MongoDB store on a replica set (wire test server)',
  open: async () => {
    const server = await startWireServer({ replicaSet: 'rs0' });
    const store = createMongoStore({ uri: server.uri, timeoutMs: 2000 });
    const reopen = async () => createMongoStore({ uri: server.uri, timeoutMs: 2000 });
    return { store, reopen, close: async () => { await store.close(); await server.stop(); } };
  },
};

/** A case's entry as stored: its values under the uid attribute, dates as Dates. */
function entry(id: number, values: Record<string, unknown>): Doc {
  const { slug, publishedAt, ...rest } = values;
  return { id, ...rest, ...(publishedAt === undefined ? {} : { publishedAt: publishedAt === null ? null : new Date(String(publishedAt)) }), aUid: slug };
}

describe.each([...availableBackends(), replicaSet])('uniqueness as Strapi holds it, on $name', (backend) => {
  let store: Store;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await backend.open());
  });
  afterAll(async () => close());

  const cases = fixture.cases.map((row, i) => ({ ...row, collection: `scope_${i}` }));

  it.each(cases)('$name: Strapi answered $status', async ({ collection, existing, candidate, sameEntry, status }) => {
    await store.ensureIndexes(collection, indexesFor(thing));
    await store.write([{ op: 'put', collection, doc: entry(1, existing) }]);
    const outcome = await store.write([{ op: 'put', collection, doc: entry(sameEntry ? 1 : 2, candidate) }]).then(
      () => 200,
      (error: unknown) => (error instanceof UniqueViolation ? 400 : error),
    );
    expect(outcome).toBe(status);
    expect(await store.count(collection, {})).toBe(sameEntry || status === 400 ? 1 : 2);
  });
});
