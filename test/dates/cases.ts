// The date-kind requests asked of Strapi v4.25 and the gateway on test/fixtures/schemas/dates:
// every value form (ISO with and without a zone, date only, epoch milliseconds or seconds, negative,
// junk) under each date kind and system date, every filter operator, both protocols, and the reads.
import type { Case } from '../support/strapi-answers.ts';

export const DATES_MODEL = 'test/fixtures/schemas/dates';
export const DATES_SEED = 'test/fixtures/seeds/dates.json';
export const DATES_FOLDER = 'test/fixtures/dates';

const INSTANT_FIELDS = ['startsAt', 'lastSeenAt', 'publishedAt', 'createdAt', 'updatedAt'];

/** 2024-04-15T00:00:00Z written every way a client might, and the junk beside it. */
const INSTANT_FORMS: ReadonlyArray<readonly [string, string]> = [
  ['iso', '2024-04-15T00:00:00.000Z'],
  ['iso-seconds', '2024-04-15T00:00:00Z'],
  ['iso-offset', '2024-04-15T02:00:00+02:00'],
  ['iso-no-zone', '2024-04-15T00:00:00'],
  ['iso-space', '2024-04-15 00:00:00'],
  ['date-only', '2024-04-15'],
  ['epoch-ms', '1713139200000'],
  ['epoch-seconds', '1713139200'],
  ['epoch-negative', '-500'],
  ['epoch-zero', '0'],
  ['four-digits', '2024'],
  ['four-digits-1969', '1969'],
  ['two-digits', '12'],
  ['epoch-negative-four-digits', '-1000'],
  ['year-month', '2024-04'],
  ['offset-without-minutes', '2024-04-15T02:00:00+02'],
  ['epoch-fraction', '1713139200000.5'],
  ['basic-iso', '20240415'],
  ['not-on-calendar', '2024-02-30T00:00:00Z'],
  ['junk', 'soon'],
  ['empty', ''],
];

const DATE_FORMS: ReadonlyArray<readonly [string, string]> = [
  ['date', '2024-04-15'],
  ['iso', '2024-04-15T10:00:00.000Z'],
  ['iso-no-zone', '2024-04-15T10:00:00'],
  ['epoch-ms', '1713139200000'],
  ['basic-iso', '20240415'],
  ['short-parts', '2024-4-15'],
  ['not-on-calendar', '2024-02-30'],
  ['junk', 'soon'],
  ['empty', ''],
];

const TIME_FORMS: ReadonlyArray<readonly [string, string]> = [
  ['minutes', '12:00'],
  ['seconds', '12:00:00'],
  ['millis', '12:00:00.000'],
  ['fraction', '12:00:00.5'],
  ['zone', '12:00:00Z'],
  ['hour-only', '12'],
  ['epoch-ms', '1713139200000'],
  ['off-the-clock', '25:00:00'],
  ['junk', 'soon'],
  ['empty', ''],
];

/** A value of entry 1 (or of entries 1 and 2) in every field, for the operators' cases. */
const OPERATOR_VALUES: Record<string, { one: string[]; two: string[] }> = {
  startsAt: { one: ['2024-04-10T09:30:00.000Z', '1712741400000'], two: ['2024-05-02T14:00:00.000Z', '1714658400000'] },
  lastSeenAt: { one: ['2024-05-02T18:45:00.000Z', '1714675500000'], two: ['2024-05-03T08:00:00.000Z', '1714723200000'] },
  publishedAt: { one: ['2024-04-09T12:00:00.000Z', '1712664000000'], two: ['2024-04-20T08:00:00.000Z', '1713600000000'] },
  day: { one: ['2024-04-10'], two: ['2024-05-02'] },
  opensAt: { one: ['09:30:00.000', '09:30'], two: ['14:00:00.000', '14:00'] },
};

const LIST = '/api/events?fields[0]=title&sort[0]=id';
const enc = encodeURIComponent;

function restFormCases(): Case[] {
  const cases: Case[] = [];
  const add = (field: string, form: string, value: string) =>
    cases.push({ name: `rest ${field} $lt ${form}`, category: 'rest-form', path: `${LIST}&filters[${field}][$lt]=${enc(value)}` });
  for (const field of INSTANT_FIELDS) for (const [form, value] of INSTANT_FORMS) add(field, form, value);
  for (const [form, value] of DATE_FORMS) add('day', form, value);
  for (const [form, value] of TIME_FORMS) add('opensAt', form, value);
  return cases;
}

function restOperatorCases(): Case[] {
  const cases: Case[] = [];
  for (const [field, { one, two }] of Object.entries(OPERATOR_VALUES)) {
    one.forEach((value, i) => {
      const other = two[i];
      const tag = `${field} form ${i}`;
      const add = (op: string, query: string) => cases.push({ name: `rest ${tag} ${op}`, category: 'rest-operator', path: `${LIST}&${query}` });
      for (const op of ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte']) add(op, `filters[${field}][${op}]=${enc(value)}`);
      add('bare value', `filters[${field}]=${enc(value)}`);
      add('$in one', `filters[${field}][$in][0]=${enc(value)}`);
      add('$in two', `filters[${field}][$in][0]=${enc(value)}&filters[${field}][$in][1]=${enc(other)}`);
      add('$notIn one', `filters[${field}][$notIn][0]=${enc(value)}`);
      add('$notIn two', `filters[${field}][$notIn][0]=${enc(value)}&filters[${field}][$notIn][1]=${enc(other)}`);
      add('$between', `filters[${field}][$between][0]=${enc(value)}&filters[${field}][$between][1]=${enc(other)}`);
      add('$not $lt', `filters[${field}][$not][$lt]=${enc(value)}`);
    });
    cases.push({ name: `rest ${field} $null`, category: 'rest-operator', path: `${LIST}&filters[${field}][$null]=true` });
    cases.push({ name: `rest ${field} $notNull`, category: 'rest-operator', path: `${LIST}&filters[${field}][$notNull]=true` });
  }
  return cases;
}

const SCALAR: Record<string, string> = { startsAt: 'DateTime', lastSeenAt: 'DateTime', publishedAt: 'DateTime', createdAt: 'DateTime', updatedAt: 'DateTime', day: 'Date', opensAt: 'Time' };

function graphqlCases(): Case[] {
  const cases: Case[] = [];
  const list = (filter: string, head = '') => `${head}{ events(filters: ${filter}, sort: "id") { data { id attributes { title } } } }`;
  const literal = (field: string, op: string, value: string) => list(`{ ${field}: { ${op}: ${value} } }`);
  const byVariable = (field: string, op: string) => list(`{ ${field}: { ${op}: $v } }`, `query($v: ${SCALAR[field]}) `);
  const forms: Record<string, ReadonlyArray<readonly [string, string]>> = { day: DATE_FORMS, opensAt: TIME_FORMS };
  for (const field of [...INSTANT_FIELDS, 'day', 'opensAt']) {
    for (const [form, value] of forms[field] ?? INSTANT_FORMS) {
      cases.push({ name: `graphql ${field} lt ${form} literal`, category: 'graphql-form', graphql: literal(field, 'lt', JSON.stringify(value)) });
      cases.push({ name: `graphql ${field} lt ${form} variable`, category: 'graphql-form', graphql: byVariable(field, 'lt'), variables: { v: value } });
    }
    cases.push({ name: `graphql ${field} lt number literal`, category: 'graphql-form', graphql: literal(field, 'lt', '1713139200000') });
    cases.push({ name: `graphql ${field} lt small number literal`, category: 'graphql-form', graphql: literal(field, 'lt', '1000') });
    cases.push({ name: `graphql ${field} lt number variable`, category: 'graphql-form', graphql: byVariable(field, 'lt'), variables: { v: 1713139200000 } });
  }
  for (const [field, { one, two }] of Object.entries(OPERATOR_VALUES)) {
    const [value, other] = [JSON.stringify(one[0]), JSON.stringify(two[0])];
    for (const op of ['eq', 'ne', 'lt', 'lte', 'gt', 'gte']) cases.push({ name: `graphql ${field} ${op}`, category: 'graphql-operator', graphql: literal(field, op, value) });
    for (const op of ['in', 'notIn', 'between']) cases.push({ name: `graphql ${field} ${op}`, category: 'graphql-operator', graphql: literal(field, op, `[${value}, ${other}]`) });
    cases.push({ name: `graphql ${field} null`, category: 'graphql-operator', graphql: literal(field, 'null', 'true') });
    cases.push({ name: `graphql ${field} not lt`, category: 'graphql-operator', graphql: list(`{ ${field}: { not: { lt: ${value} } } }`) });
  }
  return cases;
}

const ATTRIBUTES = 'day opensAt startsAt lastSeenAt publishedAt locale';

function readCases(): Case[] {
  return [
    { name: 'rest list every locale', category: 'read', path: '/api/events?sort[0]=id&locale=all&publicationState=preview' },
    { name: 'rest one entry with values', category: 'read', path: '/api/events/1' },
    { name: 'rest one entry without values', category: 'read', path: '/api/events/3' },
    { name: 'rest fields of date kinds', category: 'read', path: '/api/events?fields[0]=day&fields[1]=opensAt&fields[2]=startsAt&fields[3]=lastSeenAt&sort[0]=lastSeenAt:desc' },
    { name: 'graphql list with a timestamp attribute', category: 'read', graphql: `{ events(sort: "id") { data { id attributes { ${ATTRIBUTES} } } } }` },
    { name: 'graphql list without the timestamp attribute', category: 'read', graphql: `{ events(sort: "id") { data { id attributes { day opensAt startsAt publishedAt } } } }` },
    { name: 'graphql entry whose timestamp is null', category: 'read', graphql: `{ event(id: 3) { data { id attributes { ${ATTRIBUTES} } } } }` },
    { name: 'graphql entry whose timestamp is set', category: 'read', graphql: `{ event(id: 1) { data { id attributes { ${ATTRIBUTES} } } } }` },
  ];
}

/** Every case, in a stable order. */
export function dateCases(): Case[] {
  return [...readCases(), ...restFormCases(), ...restOperatorCases(), ...graphqlCases()];
}
