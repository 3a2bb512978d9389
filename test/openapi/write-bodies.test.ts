// The write routes of the OpenAPI document: each body schema takes every form a body may use and
// refuses wrong ones (a table of bodies, a fixture file), every body example it shows is one its
// schema takes, on each model, and one the demo gateway answers with 200.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { AccessSettings } from '../../src/auth/settings.ts';
import { settingsFromSeed } from '../../src/seed/seed-settings.ts';
import { loadContentModel } from '../../src/model/load.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/openapi/document.ts';
import { loadSeedFile } from '../../src/seed/load-seed.ts';
import { DEMO_TOKEN, demoGateway } from '../support/demo-gateway.ts';

type Content = Record<string, { schema: Record<string, unknown>; examples?: Record<string, { summary: string; value: unknown }> }>;

const BODIES = JSON.parse(await readFile('test/fixtures/openapi/write-bodies.json', 'utf8')) as Array<[string, string, unknown, boolean]>;
const CONFORMANCE_MODEL = '../shared/conformance/fixture/schema';
const MODELS = ['schema', 'test/fixtures/blog', ...(existsSync(CONFORMANCE_MODEL) ? [CONFORMANCE_MODEL] : [])];

/** A validator holding the document's schemas, `$ref`s to them made to resolve. */
function validatorOf(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components } as object);
  const rebased = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components'));
  return (schema: unknown, value: unknown) => {
    const valid = ajv.validate(rebased(schema), value);
    return { valid, errors: ajv.errors ?? [] };
  };
}

/** Every request body example under /api: `METHOD path example`, its schema and value. */
function bodyExamples(doc: OpenApiDocument): Array<[string, unknown, unknown]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      const content = (operation as { requestBody?: { content: Content } }).requestBody?.content['application/json'];
      if (!path.startsWith('/api/') || !content) return [];
      return Object.values(content.examples ?? {}).map((e): [string, unknown, unknown] => [`${method.toUpperCase()} ${path} ${e.summary}`, content.schema, e.value]);
    }),
  );
}

describe('the write bodies of the OpenAPI document', async () => {
  const demo = buildOpenApiDocument(await loadContentModel('schema'), { locales: ['en', 'de'] });
  const validate = validatorOf(demo);

  it.each(BODIES)('describes %s (%s): valid is %s', (_name, schema, body, valid) => {
    const result = validate({ $ref: `#/components/schemas/${schema}` }, body);
    expect(result.valid, JSON.stringify(result.errors)).toBe(valid);
  });

  it('describes every attribute of a content-type, private and password ones too', () => {
    const schemas = (demo.components as { schemas: Record<string, { properties: Record<string, unknown> }> }).schemas;
    expect(Object.keys(schemas.WriterInput.properties)).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    expect(Object.keys(schemas.PostInput.properties)).toEqual(expect.arrayContaining(['title', 'cover', 'gallery', 'writer', 'topics', 'seo', 'content', 'publishedAt']));
  });

  describe.each(MODELS)('the body examples of %s', async (dir) => {
    const doc = buildOpenApiDocument(await loadContentModel(dir), { locales: ['en', 'fr'] });
    const check = validatorOf(doc);
    const examples = bodyExamples(doc);

    it('show a create, an update and (i18n) a localization', () => {
      const routes = examples.map(([name]) => name.split(' ').slice(0, 2).join(' '));
      expect(routes.some((r) => r.startsWith('POST') && !r.endsWith('/localizations'))).toBe(true);
      expect(routes.some((r) => r.startsWith('PUT'))).toBe(true);
    });

    it.each(examples)('%s is a body its schema takes', (_name, schema, value) => {
      const result = check(schema, value);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    });
  });
});

/** The demo's settings, the demo token's role also allowed to write what it may read. */
async function writingSettings(): Promise<AccessSettings> {
  const settings = settingsFromSeed(await loadSeedFile('schema/seed.json'));
  const role = settings.roles.authenticated;
  const writes = role.filter((action) => action.endsWith('.find')).flatMap((action) => ['create', 'update', 'delete'].map((verb) => action.replace(/find$/, verb)));
  return { ...settings, roles: { ...settings.roles, authenticated: [...role, ...writes] } };
}

describe('the write examples of the OpenAPI document, sent to the demo', async () => {
  const settings = await writingSettings();
  const examples = bodyExamples(buildOpenApiDocument(await loadContentModel('schema'), { locales: ['en', 'de'] }));
  const send = (gateway: Awaited<ReturnType<typeof demoGateway>>['gateway'], method: string, path: string, body: unknown) =>
    gateway.fetch(new Request(`http://gateway.test${path}`, {
      method,
      headers: { authorization: `Bearer ${DEMO_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }));

  it.each(examples)('%s answers 200 with the written entry', async (name, _schema, value) => {
    const { gateway } = await demoGateway({ settings: () => settings });
    const [method, path] = name.split(' ');
    let concrete = path.replace('{id}', '1');
    if (path.endsWith('/localizations')) {
      // A new entry: the demo's entry 1 has every locale already.
      const created = await send(gateway, 'POST', path.replace('/{id}/localizations', ''), { data: { title: 'Tides', publishedAt: null } });
      concrete = path.replace('{id}', String((await created.json()).data.id));
    }
    const response = await send(gateway, method, concrete, value);
    const body = await response.json();
    expect({ status: response.status, error: body.error }).toEqual({ status: 200, error: undefined });
    // A new localization is answered flat, as Strapi answers it; every other write as `{ data }`.
    if (path.endsWith('/localizations')) expect(body).toMatchObject({ id: expect.any(Number), locale: expect.any(String), localizations: expect.any(Array) });
    else expect(body.data).toMatchObject({ id: expect.any(Number), attributes: expect.any(Object) });
  });
});
