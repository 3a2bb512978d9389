// The OpenAPI 3.1 document: valid against the specification's schema, a route for every
// content-type, and checked examples: every parameter form it shows answers 200 on the demo,
// with a body its response schema accepts.
import { existsSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/openapi/document.ts';
import { scalarSchema } from '../../src/openapi/schemas.ts';
import { DEMO_TOKEN, demoGateway } from '../support/demo-gateway.ts';

type Operation = { operationId: string; parameters?: Array<{ name: string; in: string; examples?: Record<string, { 'x-query-string'?: string }> }>; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

const CONFORMANCE_MODEL = '../shared/conformance/fixture/schema';

let document: OpenApiDocument;
beforeAll(async () => {
  const { gateway } = await demoGateway();
  document = await (await gateway.fetch(new Request('http://gateway.test/documentation/openapi.json'))).json();
});

/** Every GET under /api with each example query string of each of its parameters. */
function exampleRequests(doc: OpenApiDocument): Array<[string, string, Operation]> {
  const requests: Array<[string, string, Operation]> = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const operation = item.get as Operation | undefined;
    if (!path.startsWith('/api/') || !operation) continue;
    const concrete = path.replace('{id}', '1');
    for (const parameter of operation.parameters ?? []) {
      for (const [name, example] of Object.entries(parameter.examples ?? {})) {
        if (example['x-query-string']) requests.push([`${operation.operationId} ${name}`, `${concrete}?${example['x-query-string']}`, operation]);
      }
    }
  }
  return requests;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  // ../shared (the conformance fixture) is not beside every clone.
  const models = ['schema', 'test/fixtures/blog', ...(existsSync(CONFORMANCE_MODEL) ? [CONFORMANCE_MODEL] : [])];
  it.each(models)('has a route for every content-type of %s', async (dir) => {
    const model = await loadContentModel(dir);
    const doc = buildOpenApiDocument(model);
    const expected = [...model.contentTypes.values()].flatMap((ct) =>
      ct.uid === 'plugin::upload.file' ? ['/api/upload/files', '/api/upload/files/{id}']
        : ct.uid === 'plugin::users-permissions.user' ? ['/api/users', '/api/users/me', '/api/users/{id}']
          : !ct.uid.startsWith('api::') ? []
            : ct.kind === 'collectionType' ? [`/api/${ct.pluralName}`, `/api/${ct.pluralName}/{id}`] : [`/api/${ct.singularName}`]);
    expect(expected).toEqual(expect.arrayContaining(['/api/users', '/api/upload/files']));
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/')).sort()).toEqual(expected.sort());
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/graphql', '/_health', '/_health/live', '/metrics', '/uploads/{file}']));
  });

  it('describes errors in Strapi’s envelope on every REST route', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/')) continue;
      const responses = (item.get as Operation).responses;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '503']));
      expect(responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
    }
  });

  it('never shows a private or password attribute', () => {
    const writer = JSON.stringify((document.components as Record<string, Record<string, unknown>>).schemas.WriterEntry);
    expect(writer).toContain('"email"');
    expect(writer).not.toContain('"password"');
  });

  it('shows every form of every parameter of a list route', () => {
    const list = document.paths['/api/posts'].get as Operation;
    expect(list.parameters!.map((p) => p.name)).toEqual(['fields', 'populate', 'filters', 'sort', 'locale', 'publicationState', 'pagination']);
    const queries = list.parameters!.flatMap((p) => Object.values(p.examples ?? {}).map((e) => e['x-query-string']));
    expect(queries).toEqual(expect.arrayContaining([
      'fields[0]=title&fields[1]=slug', 'fields=title', 'fields=title,slug', 'fields=*',
      'populate=*', 'populate[writer][fields][0]=name', 'populate[content][populate]=*',
      'filters[title]=example', 'filters[title][$containsi]=a', 'filters[writer][name][$containsi]=a',
      'sort=title:desc', 'sort[0]=title:asc&sort[1]=id:desc', 'sort=writer.name:asc',
      'pagination[page]=1&pagination[pageSize]=10', 'pagination[start]=0&pagination[limit]=5',
      'locale=all', 'publicationState=preview',
    ]));
  });

  it.each([
    ['string', { type: 'string' }],
    ['email', { type: 'string', format: 'email' }],
    ['integer', { type: 'integer' }],
    ['biginteger', { type: 'string', pattern: '^-?\\d+$' }],
    ['decimal', { type: 'number' }],
    ['datetime', { type: 'string', format: 'date-time' }],
    ['date', { type: 'string', format: 'date' }],
    ['boolean', { type: 'boolean' }],
  ] as const)('describes a %s as answered', (type, expected) => {
    expect(scalarSchema({ type })).toMatchObject(expected);
  });
});

describe('the examples of the OpenAPI document', async () => {
  const { gateway } = await demoGateway();
  const doc = await (await gateway.fetch(new Request('http://gateway.test/documentation/openapi.json'))).json() as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components } as object);

  it.each(exampleRequests(doc))('%s answers 200 with a body its schema accepts (%s)', async (_name, url, operation) => {
    const response = await gateway.fetch(new Request(`http://gateway.test${url}`, { headers: { authorization: `Bearer ${DEMO_TOKEN}` } }));
    const body = await response.json();
    expect({ status: response.status, error: body.error }).toEqual({ status: 200, error: undefined });
    const schema = JSON.parse(JSON.stringify(operation.responses['200'].content!['application/json'].schema).replaceAll('"#/components', '"doc#/components'));
    const valid = ajv.validate(schema, body);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });
});
