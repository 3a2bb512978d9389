// CORS on every route as Strapi's `strapi::cors` does it: preflights answered (204) on /api and
// /graphql alike, any origin without credentials by default, an allow-list with credentials when
// configured, and nothing for requests that carry no Origin.
import { describe, expect, it } from 'vitest';
import { loadHttpSettings } from '../../../gateway/config/load-config.ts';
import { blogGateway, graphqlRequest, restRequest } from '../../support/test-gateway.ts';

const preflight = (path: string, origin: string) =>
  new Request(`http://gateway.test${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

describe('CORS by default', () => {
  it.each(['/api/articles', '/graphql', '/api/articles/1', '/uploads/a.jpg'])('answers a preflight to %s with 204 for any origin, without credentials', async (path) => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(preflight(path, 'https://page.example'));
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-origin': 'https://page.example',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
      'access-control-allow-headers': 'Content-Type, Authorization, Origin, Accept',
      'access-control-max-age': '31536000',
    });
    expect(response.headers.has('access-control-allow-credentials')).toBe(false);
  });

  it('lets a page on another origin read REST and GraphQL answers, without credentials', async () => {
    const { gateway } = await blogGateway();
    const headers = { origin: 'https://page.example' };
    for (const request of [restRequest('/api/articles', headers), graphqlRequest('{ articles { data { id } } }', {}, headers)]) {
      const response = await gateway.fetch(request);
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://page.example');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
    }
  });

  it('adds the headers to error answers too, so the page can read the error', async () => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(restRequest('/api/articles?fields[0]=nope', { origin: 'https://page.example' }));
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://page.example');
  });

  it('adds nothing but Vary to a request without Origin (beside what the answer varies on already)', async () => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(restRequest('/api/articles'));
    expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(response.headers.get('vary')).toBe('Accept, Authorization, Origin');
  });

  it('leaves an OPTIONS that is not a preflight to the route (405 on /api)', async () => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(new Request('http://gateway.test/api/articles', { method: 'OPTIONS' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
  });
});

describe('CORS from the config file', () => {
  it('allows the listed origins with credentials and exposed headers', async () => {
    const http = await loadHttpSettings('test/fixtures/config/cors-allow-list.json');
    const { gateway } = await blogGateway({ extra: { http } });
    const allowed = await gateway.fetch(preflight('/graphql', 'https://admin.example.com'));
    expect(Object.fromEntries(allowed.headers)).toMatchObject({
      'access-control-allow-origin': 'https://admin.example.com',
      'access-control-allow-credentials': 'true',
      'access-control-max-age': '600',
    });
    const answer = await gateway.fetch(restRequest('/api/articles', { origin: 'https://app.example.com' }));
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(answer.headers.get('access-control-expose-headers')).toBe('X-Request-Id');
  });

  it('does not allow an origin missing from the list', async () => {
    const http = await loadHttpSettings('test/fixtures/config/cors-allow-list.json');
    const { gateway } = await blogGateway({ extra: { http } });
    const response = await gateway.fetch(preflight('/api/articles', 'https://evil.example'));
    expect(response.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  it('sends no CORS headers when switched off, and preflights reach the routes', async () => {
    const http = await loadHttpSettings('test/fixtures/config/cors-off.json');
    const { gateway } = await blogGateway({ extra: { http } });
    const response = await gateway.fetch(preflight('/api/articles', 'https://page.example'));
    expect(response.status).toBe(405);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
