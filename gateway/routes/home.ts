// GET / -> for a browser (Accept naming text/html), a small page linking what the gateway serves;
// for any other client, the 404 envelope it always had. No script, inline or not: the CSP holds.
import { MethodNotAllowedError, NotFoundError } from '../../src/errors/errors.ts';
import { toRestError } from '../../src/errors/map.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { jsonResponse, textResponse } from '../http/responses.ts';
import { DOCS_PATH, OPENAPI_PATH } from './docs.ts';

export const HOME_PATH = '/';

/** What the page links: each part as it is switched on. */
export interface HomeFacts {
  graphiql: boolean;
  docs: boolean;
  /** An example REST path (`/api/posts`), when the model has a collection type. */
  restExample?: string;
}

/** An example REST path (`/api/posts`): the model's first collection type of its own, if any. */
export function restExampleOf(model: ContentModel): string | undefined {
  const first = [...model.contentTypes.values()].find((ct) => ct.uid.startsWith('api::') && ct.kind === 'collectionType');
  return first && `/api/${first.pluralName}`;
}

/** What is served and what is not yet; README.md's first screen says the same. */
export const SERVED = 'content REST and GraphQL reads and writes, API tokens, sign-in, registration, users and roles, uploads (REST and GraphQL, to the uploads folder or S3), webhooks';
export const NOT_YET = 'the editor';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function link(href: string, label: string, note: string): string {
  return `      <li><a href="${escape(href)}">${escape(label)}</a> ${escape(note)}</li>`;
}

/** The page's list: one line per part, a part switched off saying which flag turns it on. */
function items(facts: HomeFacts): string[] {
  return [
    facts.docs ? link(DOCS_PATH, 'API reference', '(every REST route, tried in the browser)') : `      <li>API reference: off (--docs turns it on)</li>`,
    link(OPENAPI_PATH, 'OpenAPI document', '(for tools and generated clients)'),
    facts.graphiql ? link('/graphql', 'GraphiQL', '(GraphQL, with the schema to explore)') : `      <li>GraphiQL: off (--graphiql turns it on); GraphQL answers at /graphql</li>`,
    ...(facts.restExample ? [link(facts.restExample, `REST: ${facts.restExample}`, '(JSON, as Strapi v4 answers)')] : []),
    link('/_health', 'Health', '(204 when ready)'),
    '      <li>Editor: not served yet</li>',
  ];
}

/** The page, made once per gateway. */
export function homePage(facts: HomeFacts): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
    '    <title>Content API gateway</title>',
    '  </head>',
    '  <body>',
    '    <h1>Content API gateway</h1>',
    '    <p>A Strapi v4 compatible content API.</p>',
    '    <ul>',
    ...items(facts),
    '    </ul>',
    `    <p>Served: ${escape(SERVED)}. Not yet: ${escape(NOT_YET)}.</p>`,
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

/** Whether the client asks for HTML by name, as browsers do (`*\/*` alone is not a browser). */
export function wantsHtml(request: Request): boolean {
  return (request.headers.get('accept') ?? '')
    .split(',')
    .some((part) => {
      const [type, ...parameters] = part.trim().toLowerCase().split(';');
      return (type === 'text/html' || type === 'application/xhtml+xml') && !parameters.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
}

/** GET and HEAD /: the page for a browser, Strapi's 404 envelope for anyone else. */
export function homeRoute(facts: HomeFacts): (request: Request) => Promise<Response> {
  const page = homePage(facts);
  const vary = { vary: 'Accept' };
  const refusal = (error: Error, headers: Record<string, string>) => {
    const { status, body } = toRestError(error);
    return jsonResponse(status, body, headers);
  };
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refusal(new MethodNotAllowedError('Method Not Allowed', { allow: ['GET', 'HEAD'] }), { allow: 'GET, HEAD' });
    }
    if (wantsHtml(request)) return textResponse(200, page, 'text/html; charset=utf-8', { 'cache-control': 'no-cache', ...vary });
    return refusal(new NotFoundError('Not Found'), vary);
  };
}
