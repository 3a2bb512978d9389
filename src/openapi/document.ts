// The content model and its route table -> the OpenAPI 3.1 document of the gateway: every REST route with every
// parameter form as an example, the answers' shapes, the errors, and the routes around them.
// Pure: the same model gives the same document.
import type { ContentModel } from '../model/types.ts';
import { routeTable } from '../routes/api.ts';
import type { RouteTable } from '../routes/table.ts';
import { ERROR_RESPONSES, otherPaths, restPaths } from './paths.ts';
import { inputSchemas } from './input-schemas.ts';
import { componentSchemas, ref, schemaNames } from './schemas.ts';

export interface OpenApiOptions {
  /** The route table to document; the model's own when absent. */
  routes?: RouteTable;
  /** Locale codes for the `locale` examples; the first is shown. */
  locales?: readonly string[];
  /** `info.version`; the package version by default. */
  version?: string;
}

export type OpenApiDocument = Record<string, unknown> & { openapi: '3.1.0'; paths: Record<string, Record<string, unknown>> };

/** The OpenAPI 3.1 document of `model`'s REST API and of the gateway's other routes. */
export function buildOpenApiDocument(model: ContentModel, options: OpenApiOptions = {}): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Content API',
      version: options.version ?? '1.0.0',
      description:
        "A Strapi v4 compatible content API. Entries are `{ id, attributes }`; relations, media, components and dynamic zones appear only when populated. " +
        'Writes take `{ data: { ...attributes } }` and answer the written entry as a GET of it would. ' +
        'Examples that populate or filter through a relation assume a role allowed to read the related type.',
    },
    servers: [{ url: '/' }],
    security: [{}, { bearerAuth: [] }],
    tags: [
      ...[...model.contentTypes.values()].map((ct) => ({ name: ct.displayName })),
      { name: 'GraphQL' },
      { name: 'Media' },
      { name: 'Operations' },
    ],
    paths: { ...restPaths(model, options.routes ?? routeTable(model), options.locales ?? ['en']), ...otherPaths() },
    components: {
      schemas: { ...componentSchemas(model), ...inputSchemas(model) },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, { description, schema }]) => [name, { description, content: { 'application/json': { schema: ref(schema ?? schemaNames.error) } } }]),
      ),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token; without one a request acts as the public role' },
      },
    },
  };
}
