// The conformance cases of ../shared/conformance, answered by the gateway in process on every
// store, compared with the answers a real Strapi v4.25 gave (normalised as that folder's README says).
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/app.ts';
import { saveSettings, settingsFromSeed } from '../../src/auth/access.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { importSeed } from '../../src/seed/import-seed.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { ensureModelIndexes } from '../../src/store/indexes.ts';
import { availableBackends } from '../support/store-backends.ts';

const SHARED = '../shared/conformance';
const present = existsSync(`${SHARED}/cases.json`);
if (!present) console.warn(`${SHARED} is absent: the conformance cases are skipped`);

interface Case { name: string; path?: string; graphql?: string; variables?: Record<string, unknown> }
const cases: Case[] = present ? JSON.parse(readFileSync(`${SHARED}/cases.json`, 'utf8')) : [];

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The README's normalisation: timestamps and component ids masked; key order is ignored by toEqual. */
function normalise(value: unknown, parentKey?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, parentKey));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const isComponent = 'id' in object && !('attributes' in object) && parentKey !== 'error';
  return Object.fromEntries(Object.entries(object).map(([key, v]) => {
    if ((key === 'createdAt' || key === 'updatedAt') && typeof v === 'string' && TIMESTAMP.test(v)) return [key, '<timestamp>'];
    if (key === 'id' && isComponent && v !== null && /^\d+$/.test(String(v))) return [key, '<id>'];
    return [key, normalise(v, key)];
  }));
}

async function ask(gateway: Gateway, c: Case) {
  const request = c.graphql
    ? new Request('http://gateway.test/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query: c.graphql, variables: c.variables ?? {} }) })
    : new Request(`http://gateway.test${c.path}`, { headers: { accept: 'application/json' } });
  const response = await gateway.fetch(request);
  const body = await response.json();
  if (c.graphql && Array.isArray(body.errors)) {
    body.errors = body.errors.map((e: { message: string; extensions?: { code?: string }; path?: unknown }) => ({ message: e.message, code: e.extensions?.code ?? null, path: e.path ?? null }));
  }
  return { status: c.graphql ? undefined : response.status, body: normalise(body) };
}

for (const backend of availableBackends()) {
  describe.skipIf(!present)(`conformance with Strapi v4 on ${backend.name}`, () => {
    let gateway: Gateway;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const model = await loadContentModel(`${SHARED}/fixture/schema`);
      const seed = await loadSeedFile(`${SHARED}/fixture/seed.json`);
      const opened = await backend.open();
      close = opened.close;
      await ensureModelIndexes(model, opened.store);
      await importSeed(model, seed, opened.store, { drop: true });
      await saveSettings(opened.store, settingsFromSeed(seed));
      const settings = settingsFromSeed(seed);
      gateway = createGateway({ model, schema: buildGraphQLSchema(model), store: opened.store, settings: () => settings });
    });
    afterAll(() => close?.());

    it.each(cases.map((c) => [c.name, c] as const))('answers %s as Strapi did', async (name, c) => {
      const golden = JSON.parse(readFileSync(`${SHARED}/golden/${name}.json`, 'utf8'));
      const got = await ask(gateway, c);
      expect(got.status).toBe(golden.status);
      expect(got.body).toEqual(normalise(golden.body));
    });
  });
}
