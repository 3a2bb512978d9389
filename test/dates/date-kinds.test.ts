// Every date kind (date, time, datetime, timestamp, createdAt, updatedAt, publishedAt) in filters
// and answers, in both protocols: the gateway answers each recorded case as Strapi v4.25 did
// (test/fixtures/dates/strapi.json, recorded by record.ts), or as recorded under a deliberate
// deviation of docs/decisions.md ("Dates").
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { ask, type Answer, type Case } from '../support/strapi-answers.ts';
import { modelGateway } from '../support/test-gateway.ts';
import { DATES_FOLDER, DATES_MODEL, DATES_SEED, dateCases } from './cases.ts';
import { comparable } from './compare.ts';

const read = (file: string) => JSON.parse(readFileSync(`${DATES_FOLDER}/${file}`, 'utf8'));
const cases = read('cases.json') as Case[];
const strapi = read('strapi.json') as Record<string, Answer>;
const deviations = read('deviations.json') as Record<string, { class: string; answer: Answer }>;

/** Each class is a row of docs/decisions.md. */
const DEVIATIONS: Record<string, string> = {
  'graphql-timestamp-error': 'Strapi\'s GraphQL fails on every timestamp attribute that has a value',
  'two-digit-year': 'Strapi reads a two-digit number in a date filter as a century',
};

let gateway: Gateway;
beforeAll(async () => {
  gateway = (await modelGateway(DATES_MODEL, DATES_SEED)).gateway;
});

describe('the recorded date cases', () => {
  it('are the cases cases.ts makes, so a change to them is recorded again', () => {
    expect(cases).toEqual(JSON.parse(JSON.stringify(dateCases())));
  });

  it('deviate only under a documented class', () => {
    for (const [name, deviation] of Object.entries(deviations)) expect(Object.keys(DEVIATIONS), name).toContain(deviation.class);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s: answered as Strapi answers it', async (name, c) => {
    const got = await ask(gateway, c);
    const deviation = deviations[name];
    if (!deviation) {
      expect(comparable(got)).toEqual(comparable(strapi[name]));
      return;
    }
    expect(got).toEqual(deviation.answer);
    expect(comparable(got)).not.toEqual(comparable(strapi[name]));
  });
});
