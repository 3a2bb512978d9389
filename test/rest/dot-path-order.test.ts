// Dot-path populates (`populate=seo.shareImage,seo.socialCards`) -> populated keys in the order a
// real Strapi v4.25 writes them, checked against its answers recorded on the demo model.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { demoGateway } from '../support/demo-gateway.ts';
import { restRequest } from '../support/test-gateway.ts';

interface OrderCase {
  url: string;
  status: number;
  keyOrder: string[];
}

const { cases } = JSON.parse(readFileSync('test/fixtures/rest/strapi-dot-path-order.json', 'utf8')) as { cases: OrderCase[] };

/** Every object of `value`, by path, with its keys in the order the answer lists them: `.attributes.seo: id,metaTitle`. */
function keyOrder(value: unknown, where = '', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item, i) => keyOrder(item, `${where}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    out.push(`${where || '.'}: ${Object.keys(value).join(',')}`);
    for (const [key, item] of Object.entries(value)) keyOrder(item, `${where}.${key}`, out);
  }
  return out;
}

let gateway: Gateway;
beforeAll(async () => {
  gateway = (await demoGateway()).gateway;
});

describe('populated keys asked by dot paths', () => {
  it.each(cases.map((c) => [c.url, c] as const))('%s lists its keys as Strapi v4.25 does', async (_url, c) => {
    const response = await gateway.fetch(restRequest(c.url));
    expect(response.status).toBe(c.status);
    expect(keyOrder((await response.json()).data)).toEqual(c.keyOrder);
  });
});
