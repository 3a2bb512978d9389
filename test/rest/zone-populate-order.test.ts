// A dynamic zone's shared `[populate]` -> each item's populated keys in the order a real Strapi
// v4.25 writes them (recorded on FoodAdvisor): an object or `*` merged over the zone's components
// in their order, names in the order asked, `[on]` each component's own.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { keyOrder } from '../support/strapi-answers.ts';
import { modelGateway, restRequest } from '../support/test-gateway.ts';

interface OrderCase {
  url: string;
  status: number;
  keyOrder: string[];
}

const FOODADVISOR = '../shared/models/foodadvisor';
const SEED = 'test/fixtures/differential/foodadvisor-61/seed.json';
const { cases } = JSON.parse(readFileSync('test/fixtures/rest/strapi-zone-populate-order.json', 'utf8')) as { cases: OrderCase[] };

if (!existsSync(FOODADVISOR)) console.warn('SKIPPED: the dynamic zone key order needs ../shared beside the project');

describe.skipIf(!existsSync(FOODADVISOR))('populated keys of dynamic zone items', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = (await modelGateway(FOODADVISOR, SEED)).gateway;
  });

  it.each(cases.map((c) => [c.url, c] as const))('%s lists its keys as Strapi v4.25 does', async (_url, c) => {
    const response = await gateway.fetch(restRequest(c.url));
    expect(response.status).toBe(c.status);
    expect(keyOrder((await response.json()).data)).toEqual(c.keyOrder);
  });
});
