// Security headers as Strapi's `strapi::security` sends them (the fixture holds what Strapi
// v4.25 answered), on every route, configurable through the config file.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadHttpSettings } from '../../../gateway/config/load-config.ts';
import { blogGateway, graphqlRequest, restRequest } from '../../support/test-gateway.ts';

const strapi = JSON.parse(await readFile('test/fixtures/http/strapi-security-headers.json', 'utf8')).headers as Record<string, string>;

/** A CSP as a set of directives: helmet versions order them differently. */
const directives = (policy: string | null) => new Set((policy ?? '').split(';').map((d) => d.trim()).filter(Boolean));

describe('security headers', () => {
  it.each([
    ['a REST answer', restRequest('/api/articles')],
    ['a REST error', restRequest('/api/nowhere')],
    ['a GraphQL answer', graphqlRequest('{ articles { data { id } } }')],
    ['the health check', restRequest('/_health')],
  ])("are Strapi's on %s", async (_name, request) => {
    const { gateway } = await blogGateway();
    const response = await gateway.fetch(request);
    for (const [name, value] of Object.entries(strapi)) {
      if (name === 'content-security-policy') expect(directives(response.headers.get(name))).toEqual(directives(value));
      else expect(response.headers.get(name)).toBe(value);
    }
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('follow the config file', async () => {
    const http = await loadHttpSettings('test/fixtures/config/security-custom.json');
    const { gateway } = await blogGateway({ extra: { http } });
    const response = await gateway.fetch(restRequest('/api/articles'));
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(directives(response.headers.get('content-security-policy'))).toContain("img-src 'self' https://cdn.example.com");
    expect(response.headers.get('strict-transport-security')).toBe(strapi['strict-transport-security']);
  });

  it('are absent when switched off', async () => {
    const http = await loadHttpSettings('test/fixtures/config/security-off.json');
    const { gateway } = await blogGateway({ extra: { http } });
    const response = await gateway.fetch(restRequest('/api/articles'));
    expect(Object.keys(strapi).filter((name) => response.headers.has(name))).toEqual([]);
  });
});
