// REST's `publicationState` is the state of the whole request: where a GraphQL field takes no such
// argument (a type without drafts), a relation filter still sees drafts in the preview, as the
// populated relations do, and hides them in the live state.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { demoGateway } from '../support/demo-gateway.ts';

interface Case {
  name: string;
  path: string;
  ids: number[];
  populated?: string;
  populatedId?: number | null;
}

const { cases } = JSON.parse(readFileSync('test/fixtures/rest/preview-relation-filters.json', 'utf8')) as { cases: Case[] };

describe('relation filters and the request\'s publication state', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    ({ gateway } = await demoGateway());
  });

  it.each(cases)('$name', async ({ path, ids, populated, populatedId }) => {
    const response = await gateway.fetch(new Request(`http://gateway.test${path}`));
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Array<{ id: number; attributes: Record<string, { data: { id: number } | null }> }> };
    expect(data.map((entry) => entry.id)).toEqual(ids);
    if (populated) expect(data[0].attributes[populated].data?.id ?? null).toBe(populatedId);
  });
});
