// `sort` through to-one relations, owning (`sections?sort=editor.name`) and inverse
// (`writers?sort=editedSection.position`, a `mappedBy`), against a real Strapi v4.25's answers
// recorded on the demo model: same entries, same order, entries without a related one included.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { demoGateway } from '../support/demo-gateway.ts';
import { restRequest } from '../support/test-gateway.ts';

interface RecordedCase {
  url: string;
  status: number;
  body: unknown;
}

/** A case whose answer Strapi gets wrong (docs/decisions.md), kept for its order alone. */
interface OrderCase {
  url: string;
  ids: number[];
}

const { cases, orderOnly } = JSON.parse(readFileSync('test/fixtures/rest/strapi-sort-to-one.json', 'utf8')) as { cases: RecordedCase[]; orderOnly: OrderCase[] };

let gateway: Gateway;
beforeAll(async () => {
  gateway = (await demoGateway()).gateway;
});

describe('sort through a to-one relation', () => {
  it.each(cases.map((c) => [c.url, c] as const))('%s answers as Strapi v4.25 does', async (_url, c) => {
    const response = await gateway.fetch(restRequest(c.url));
    expect({ status: response.status, body: await response.json() }).toEqual({ status: c.status, body: c.body });
  });

  it.each(orderOnly.map((c) => [c.url, c] as const))('%s orders the entries as Strapi v4.25 does, an entry whose relation leads nowhere last', async (_url, c) => {
    const response = await gateway.fetch(restRequest(c.url));
    expect((await response.json()).data.map((entry: { id: number }) => entry.id)).toEqual(c.ids);
  });
});
