// The OpenAPI 3.1 document: valid against the specification's schema, every route (read and
// write) of every content-type as the router takes them, and checked examples: every parameter
// form it shows answers 200 on the demo, with a body its response schema accepts.
import { existsSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContentModel } from '../../src/model/load.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/openapi/document.ts';
import { routeMatcher } from '../../src/routes/api.ts';
import { scalarSchema } from '../../src/openapi/schemas.ts';
import { DEMO_TOKEN, demoGateway } from '../support/demo-gateway.ts';

type Operation = { operationId: string; requestBody?: unknown; parameters?: Array<{ name: string; in: string; examples?: Record<string, { 'x-query-string'?: string }> }>; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };

const CONFORMANCE_MODEL = '../shared/conformance/fixture/schema';

let document: OpenApiDocument;
beforeAll(async () => {
  const { gateway } = await demoGateway();
  document = await (await gateway.fetch(new Request('http://gateway.test/documentation/openapi.json'))).json();
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Every operation under /api, as `METHOD path`. */
function operations(doc: OpenApiDocument): Array<[string, Operation]> {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, item]) => Object.entries(item).filter(([key]) => METHODS.includes(key)).map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation as Operation]));
}

const documentedRoutes = (doc: OpenApiDocument) => operations(doc).map(([route]) => route);

/** users-permissions' routes: the users' reads and writes, sign-in and the password routes, roles. */
const USERS_PERMISSIONS_ROUTES = [
  'GET /api/users', 'POST /api/users', 'GET /api/users/me', 'GET /api/users/count', 'GET /api/users/{id}', 'PUT /api/users/{id}', 'DELETE /api/users/{id}',
  'POST /api/auth/local', 'GET /api/auth/{provider}/callback', 'POST /api/auth/local/register', 'POST /api/auth/change-password',
  'POST /api/auth/forgot-password', 'POST /api/auth/reset-password', 'GET /api/auth/email-confirmation', 'POST /api/auth/send-email-confirmation',
  'GET /api/users-permissions/roles', 'POST /api/users-permissions/roles', 'GET /api/users-permissions/roles/{role}', 'PUT /api/users-permissions/roles/{role}',
  'DELETE /api/users-permissions/roles/{role}', 'GET /api/users-permissions/permissions',
];

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
  it.each(models)('has every route of every content-type of %s, reads and writes', async (dir) => {
    const model = await loadContentModel(dir);
    const doc = buildOpenApiDocument(model);
    const expected = [...model.contentTypes.values()].flatMap((ct) =>
      ct.uid === 'plugin::upload.file' ? ['GET /api/upload/files', 'GET /api/upload/files/{id}', 'POST /api/upload', 'DELETE /api/upload/files/{id}']
        : ct.uid === 'plugin::users-permissions.user' ? USERS_PERMISSIONS_ROUTES
          : !ct.uid.startsWith('api::') ? []
            : ct.kind === 'singleType' ? [`GET /api/${ct.singularName}`, `PUT /api/${ct.singularName}`, `DELETE /api/${ct.singularName}`, ...(ct.localized ? [`POST /api/${ct.singularName}/localizations`] : [])]
              : [
                  `GET /api/${ct.pluralName}`, `POST /api/${ct.pluralName}`,
                  `GET /api/${ct.pluralName}/{id}`, `PUT /api/${ct.pluralName}/{id}`, `DELETE /api/${ct.pluralName}/{id}`,
                  ...(ct.localized ? [`POST /api/${ct.pluralName}/{id}/localizations`] : []),
                ]);
    expect(expected).toEqual(expect.arrayContaining(['GET /api/users', 'GET /api/upload/files']));
    expect(documentedRoutes(doc).sort()).toEqual(expected.sort());
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/graphql', '/_health', '/_health/live', '/metrics', '/uploads/{file}']));
  });

  it.each(models)('documents exactly the methods the router takes on each path of %s', async (dir) => {
    const model = await loadContentModel(dir);
    const doc = buildOpenApiDocument(model);
    for (const path of Object.keys(doc.paths).filter((p) => p.startsWith('/api/'))) {
      const documented = Object.keys(doc.paths[path]).filter((key) => METHODS.includes(key)).map((m) => m.toUpperCase());
      const taken = routeMatcher(model).allowed(path.replace('{id}', '1')).filter((m) => m !== 'HEAD');
      expect({ path, methods: documented.sort() }).toEqual({ path, methods: taken.sort() });
    }
  });

  it('describes errors in Strapi’s envelope on every REST route, a body’s with every invalid attribute', () => {
    for (const [route, operation] of operations(document)) {
      const writesBody = operation.requestBody !== undefined;
      // A success is 200, or 201 (a new user) or 302 (the email confirmation's redirect).
      expect(Object.keys(operation.responses).filter((status) => ['200', '201', '302'].includes(status)), route).toHaveLength(1);
      expect(Object.keys(operation.responses), route).toEqual(expect.arrayContaining(['400', '401', '403', '503', ...(writesBody ? ['413'] : [])]));
      expect(operation.responses['400'], route).toEqual({ $ref: `#/components/responses/${writesBody ? 'InvalidBody' : 'BadRequest'}` });
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
