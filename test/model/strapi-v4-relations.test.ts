// Every relation form Strapi v4.25 loads (the four kinds with and without their other side, and
// the four kinds inside a component) -> the gateway loads it without a warning and answers a
// populate of each as Strapi v4.25 did on the same model and data (recorded from the reference).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { normalise } from '../support/strapi-answers.ts';
import { modelGateway, restRequest } from '../support/test-gateway.ts';

const SCHEMA = 'test/fixtures/schemas/strapi-v4-relations';
const SEED = 'test/fixtures/seeds/strapi-v4-relations.json';
const recorded = JSON.parse(await readFile('test/fixtures/rest/strapi-v4-relations-populate.json', 'utf8')) as { request: string; status: number; body: unknown };

describe("Strapi v4.25's relation forms", () => {
  it('load without a warning', async () => {
    const { model } = await modelGateway(SCHEMA, SEED);
    expect(model.warnings).toEqual([]);
  });

  it('answer a populate of every one, one-way ones sharing a target included, as Strapi v4.25 answered it', async () => {
    const { gateway } = await modelGateway(SCHEMA, SEED);
    const response = await gateway.fetch(restRequest(recorded.request));
    expect(response.status).toBe(recorded.status);
    expect(normalise(await response.json())).toEqual(normalise(recorded.body));
  });
});
