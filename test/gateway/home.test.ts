// GET / -> a browser finds a small page linking what the gateway serves (each part only when it is
// switched on, no script), through the router like every route; a JSON client still gets Strapi's
// 404 envelope; other methods a 405 naming GET and HEAD.
import { describe, expect, it } from 'vitest';
import { homePage, wantsHtml } from '../../gateway/routes/home.ts';
import { blogGateway } from '../support/test-gateway.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function home(accept: string | undefined, extra: { graphiql?: boolean; docs?: boolean } = {}, method = 'GET') {
  const { gateway } = await blogGateway({ extra });
  const response = await gateway.fetch(new Request('http://gateway.test/', { method, headers: accept === undefined ? {} : { accept } }));
  return { response, text: await response.text() };
}

describe('GET / for a browser', () => {
  it('answers a page linking the API reference, the OpenAPI document, GraphiQL, a REST list, health, and a slot for the editor', async () => {
    const { response, text } = await home(BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toMatch(/accept/i);
    const links = [...text.matchAll(/<a href="([^"]+)">/g)].map((match) => match[1]);
    expect(links).toEqual(['/documentation', '/documentation/openapi.json', '/graphql', '/api/articles', '/_health']);
    expect(text).toContain('Editor: not served yet');
  });

  it('holds no script and no inline style or handler, so the Content-Security-Policy holds', async () => {
    const { response, text } = await home(BROWSER);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(text).not.toMatch(/<script|<style|\son[a-z]+=|style=|javascript:/i);
  });

  it.each([
    ['the API reference page off', { docs: false }, 'API reference: off (--docs turns it on)', '/documentation"'],
    ['GraphiQL off', { graphiql: false }, 'GraphiQL: off (--graphiql turns it on)', '/graphql"'],
  ])('says which flag turns a part on when it is off: %s', async (_name, extra, said, link) => {
    const { text } = await home(BROWSER, extra);
    expect(text).toContain(said);
    expect(text).not.toContain(`href="${link}`);
  });
});

describe('GET / for any other client', () => {
  it.each([
    ['JSON', 'application/json'],
    ['anything (curl)', '*/*'],
    ['no Accept', undefined],
    ['HTML refused', 'text/html;q=0, application/json'],
  ])('answers %s with Strapi\'s 404 envelope, as before', async (_name, accept) => {
    const { response, text } = await home(accept);
    expect(response.status).toBe(404);
    expect(JSON.parse(text)).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    expect(response.headers.get('vary')).toMatch(/accept/i);
  });

  it('answers another method 405, naming GET and HEAD', async () => {
    const { response } = await home(BROWSER, {}, 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('whether a client asks for HTML', () => {
  it.each([
    ['a browser', BROWSER, true],
    ['XHTML alone', 'application/xhtml+xml', true],
    ['JSON', 'application/json', false],
    ['anything', '*/*', false],
    ['HTML with q=0', 'text/html; q=0', false],
    ['HTML with a low q', 'text/html;q=0.1', true],
  ])('%s: %s', (_name, accept, expected) => {
    expect(wantsHtml(new Request('http://x/', { headers: { accept } }))).toBe(expected);
  });

  it('escapes what the page is given', () => {
    expect(homePage({ graphiql: true, docs: true, restExample: '/api/<b>' })).toContain('/api/&#60;b&#62;');
  });
});
