// The API reference: the OpenAPI document of the REST API (/documentation/openapi.json), and a
// page rendering it with Swagger UI (/documentation), whose files come from swagger-ui-dist.
import { createRequire } from 'node:module';
import path from 'node:path';
import { openLazyFile } from '@remix-run/fs';
import { createFileResponse } from '@remix-run/response/file';
import { NotFoundError } from '../../src/errors/errors.ts';
import { jsonResponse, textResponse } from '../http/responses.ts';

export const DOCS_PATH = '/documentation';
export const OPENAPI_PATH = `${DOCS_PATH}/openapi.json`;
const ASSETS_PREFIX = `${DOCS_PATH}/assets/`;

const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_VERSION = (require('swagger-ui-dist/package.json') as { version: string }).version;
const SWAGGER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);
const ASSETS_BASE = `${ASSETS_PREFIX}${SWAGGER_VERSION}`;

/**
 * Starts Swagger UI on the document; no validator badge (it would call validator.swagger.io).
 * Swagger UI sends a nested `deepObject` value as JSON (`populate[writer]={"fields":["name"]}`);
 * the interceptor spells it in brackets, as Strapi's `qs` syntax has it.
 */
const INIT_SCRIPT = `(function () {
  function expand(key, value, pairs) {
    if (Array.isArray(value)) value.forEach(function (item, i) { expand(key + '[' + i + ']', item, pairs); });
    else if (value !== null && typeof value === 'object') Object.keys(value).forEach(function (name) { expand(key + '[' + name + ']', value[name], pairs); });
    else pairs.push([key, String(value)]);
  }
  function bracketed(url) {
    var parsed = new URL(url, window.location.href);
    var pairs = [];
    parsed.searchParams.forEach(function (value, key) {
      var json;
      if (/^[[{]/.test(value)) { try { json = JSON.parse(value); } catch (e) { json = undefined; } }
      if (json !== null && typeof json === 'object') expand(key, json, pairs); else pairs.push([key, value]);
    });
    parsed.search = new URLSearchParams(pairs).toString();
    return parsed.href;
  }
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    requestInterceptor: function (request) { request.url = bracketed(request.url); return request; },
  });
})();
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>API reference</title>
    <link rel="icon" type="image/png" href="${ASSETS_BASE}/favicon-32x32.png" />
    <link rel="stylesheet" href="${ASSETS_BASE}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS_BASE}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS_BASE}/init.js"></script>
  </body>
</html>
`;

/** GET /documentation: Swagger UI's page. */
export const docsPage = async () => textResponse(200, PAGE, 'text/html; charset=utf-8', { 'cache-control': 'no-cache' });

/** GET /documentation/openapi.json. */
export function openApiRoute(document: () => unknown): () => Promise<Response> {
  return async () => jsonResponse(200, document(), { 'cache-control': 'no-cache' });
}

/** GET /documentation/assets/<version>/<file>: Swagger UI's files, cached for a year. */
export async function docsAsset(request: Request): Promise<Response> {
  const [version, name, ...rest] = new URL(request.url).pathname.slice(ASSETS_PREFIX.length).split('/');
  if (rest.length > 0 || version !== SWAGGER_VERSION) throw new NotFoundError('Not Found');
  const cacheControl = 'public, max-age=31536000, immutable';
  if (name === 'init.js') return textResponse(200, INIT_SCRIPT, 'text/javascript; charset=utf-8', { 'cache-control': cacheControl });
  if (!SWAGGER_FILES.has(name)) throw new NotFoundError('Not Found');
  return createFileResponse(openLazyFile(path.join(SWAGGER_DIR, name)), request, { cacheControl });
}

export const isDocsAsset = (pathname: string) => pathname.startsWith(ASSETS_PREFIX);
