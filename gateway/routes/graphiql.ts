// GraphiQL from the gateway itself, never from a CDN: the page graphql-yoga shows a browser on
// GET /graphql, and its assets (GraphiQL, Monaco's workers) from @graphql-yoga/render-graphiql,
// served as cacheable files under /graphiql/<content hash>/. Loaded on first use only.
import { createHash } from 'node:crypto';
import type { GraphiQLOptions } from 'graphql-yoga';
import { NotFoundError } from '../../src/errors/errors.ts';
import { textResponse } from '../http/responses.ts';

export const GRAPHIQL_PREFIX = '/graphiql/';

interface Asset {
  body: string | Buffer;
  type: string;
}

const JS = 'text/javascript; charset=utf-8';

/** Runs before GraphiQL loads: Monaco asks this where each of its workers lives. */
const ENV_SCRIPT = `(function () {
  var base = document.currentScript.src.replace(/[^/]*$/, '');
  var workers = { editorWorkerService: 'editor.worker.js', json: 'json.worker.js', graphql: 'graphql.worker.js' };
  self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: function (moduleId, label) { return base + workers[label]; } };
})();
`;

/** Runs after GraphiQL loads: renders it with the options the page carries as JSON. */
const START_SCRIPT = `(function () {
  var options = JSON.parse(document.getElementById('graphiql-options').textContent);
  YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), options);
})();
`;

interface Assets {
  hash: string;
  files: Map<string, Asset>;
}

let loading: Promise<Assets> | undefined;

/** The assets, read from the package once (about 9 MB of strings, so only when GraphiQL is on). */
function assets(): Promise<Assets> {
  loading ??= import('@graphql-yoga/render-graphiql/graphiql').then((bundle) => {
    const favicon = /^data:[^;]+;base64,(.*)$/.exec(bundle.favicon)?.[1];
    const files = new Map<string, Asset>([
      ['graphiql.js', { body: bundle.js, type: JS }],
      ['graphiql.css', { body: bundle.css, type: 'text/css; charset=utf-8' }],
      ['editor.worker.js', { body: bundle.editorWorkerService, type: JS }],
      ['json.worker.js', { body: bundle.jsonWorker, type: JS }],
      ['graphql.worker.js', { body: bundle.graphqlWorker, type: JS }],
      ['env.js', { body: ENV_SCRIPT, type: JS }],
      ['start.js', { body: START_SCRIPT, type: JS }],
      ...(favicon ? [['favicon.ico', { body: Buffer.from(favicon, 'base64'), type: 'image/x-icon' }] as [string, Asset]] : []),
    ]);
    const digest = createHash('sha256');
    for (const { body } of files.values()) digest.update(body);
    return { hash: digest.digest('hex').slice(0, 12), files };
  });
  return loading;
}

/** JSON inside a <script> element: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The GraphiQL page: no inline script, so the default Content-Security-Policy holds. */
export async function renderGraphiQLPage(options: GraphiQLOptions = {}): Promise<string> {
  const base = `${GRAPHIQL_PREFIX}${(await assets()).hash}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options.title ?? 'GraphiQL')}</title>
    <link rel="icon" href="${base}/favicon.ico" />
    <link rel="stylesheet" href="${base}/graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>GraphiQL needs JavaScript.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${scriptJson(options)}</script>
    <script src="${base}/env.js"></script>
    <script src="${base}/graphiql.js"></script>
    <script src="${base}/start.js"></script>
  </body>
</html>
`;
}

/** GET /graphiql/<hash>/<file>: an asset, cached for a year since its name changes with it. */
export async function graphiqlAsset(request: Request): Promise<Response> {
  const [hash, name, ...rest] = new URL(request.url).pathname.slice(GRAPHIQL_PREFIX.length).split('/');
  const { hash: current, files } = await assets();
  const asset = rest.length === 0 && hash === current ? files.get(name) : undefined;
  if (!asset) throw new NotFoundError('Not Found');
  const headers = { 'cache-control': 'public, max-age=31536000, immutable' };
  if (typeof asset.body === 'string') return textResponse(200, asset.body, asset.type, headers);
  return new Response(new Uint8Array(asset.body), { status: 200, headers: { ...headers, 'content-type': asset.type, 'content-length': String(asset.body.byteLength) } });
}
