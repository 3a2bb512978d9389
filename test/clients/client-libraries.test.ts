// Maintained client libraries against the gateway on a port, as an app would use them:
// strapi-sdk-js (a Strapi v4 REST SDK; it builds query strings with qs, so a `Date` is sent as ISO
// 8601 and a number as its digits) and graphql-request. Date cases answer as the recorded Strapi
// v4.25 did (test/fixtures/dates, see test/dates/record.ts); the rest as the same request by hand.
import { readFileSync } from 'node:fs';
import { ClientError, request } from 'graphql-request';
import * as strapiSdk from 'strapi-sdk-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/app.ts';
import { listen, type RunningServer } from '../../gateway/server.ts';
import { normalise, type Answer, type Case } from '../support/strapi-answers.ts';
import { demoGateway } from '../support/demo-gateway.ts';
import { modelGateway } from '../support/test-gateway.ts';
import { DATES_FOLDER, DATES_MODEL, DATES_SEED } from '../dates/cases.ts';
import { comparable } from '../dates/compare.ts';

const read = (file: string) => JSON.parse(readFileSync(`${DATES_FOLDER}/${file}`, 'utf8'));
const strapiAnswers = read('strapi.json') as Record<string, Answer>;
const deviations = read('deviations.json') as Record<string, { answer: Answer }>;
const caseNamed = new Map((read('cases.json') as Case[]).map((c) => [c.name, c]));

// strapi-sdk-js ships ES module code under CommonJS types: at run time its class is the default export.
const Strapi = (strapiSdk as unknown as { default: typeof strapiSdk.default.default }).default;
type Strapi = InstanceType<typeof Strapi>;

type Body = { data: any; meta: any };
const servers: RunningServer[] = [];
async function serve(gateway: Gateway): Promise<string> {
  const server = await listen(gateway, 0, '127.0.0.1');
  servers.push(server);
  return `http://127.0.0.1:${server.port}`;
}
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describe('strapi-sdk-js on the date model', () => {
  let sdk: Strapi;
  beforeAll(async () => {
    sdk = new Strapi({ url: await serve((await modelGateway(DATES_MODEL, DATES_SEED)).gateway), prefix: '/api' });
  });

  const instant = '2024-04-15T00:00:00.000Z';
  const entry1 = { startsAt: '2024-04-10T09:30:00.000Z', lastSeenAt: '2024-05-02T18:45:00.000Z', publishedAt: '2024-04-09T12:00:00.000Z' };
  const entry2 = { startsAt: '2024-05-02T14:00:00.000Z', lastSeenAt: '2024-05-03T08:00:00.000Z', publishedAt: '2024-04-20T08:00:00.000Z' };
  const ms = (iso: string) => new Date(iso).getTime();
  const rows: Array<[string, string, Record<string, unknown>]> = [];
  for (const field of ['startsAt', 'lastSeenAt', 'publishedAt', 'createdAt', 'updatedAt']) {
    rows.push([`rest ${field} $lt iso`, `${field} $lt a Date`, { [field]: { $lt: new Date(instant) } }]);
    rows.push([`rest ${field} $lt epoch-ms`, `${field} $lt epoch milliseconds`, { [field]: { $lt: ms(instant) } }]);
  }
  for (const field of ['startsAt', 'lastSeenAt', 'publishedAt'] as const) {
    const [one, two] = [entry1[field], entry2[field]];
    rows.push([`rest ${field} form 0 $eq`, `${field} $eq a Date`, { [field]: { $eq: new Date(one) } }]);
    rows.push([`rest ${field} form 1 $eq`, `${field} $eq epoch milliseconds`, { [field]: { $eq: ms(one) } }]);
    rows.push([`rest ${field} form 0 $between`, `${field} $between two Dates`, { [field]: { $between: [new Date(one), new Date(two)] } }]);
    rows.push([`rest ${field} form 1 $in two`, `${field} $in epoch milliseconds`, { [field]: { $in: [ms(one), ms(two)] } }]);
    rows.push([`rest ${field} form 1 $notIn two`, `${field} $notIn epoch milliseconds`, { [field]: { $notIn: [ms(one), ms(two)] } }]);
  }

  it.each(rows)('answers the recorded case "%s" to find with %s', async (recorded, _what, filters) => {
    const body = await sdk.find<Body['data']>('events', { fields: ['title'], sort: ['id'], filters });
    expect(normalise(body)).toEqual(strapiAnswers[recorded].body);
  });

  it('refuses a date filter it cannot read with Strapi\'s 400, which the SDK throws', async () => {
    const refused = await sdk.find('events', { filters: { startsAt: { $lt: 'soon' } } }).catch((error: unknown) => error);
    expect(comparable({ status: 400, body: refused })).toEqual(comparable(strapiAnswers['rest startsAt $lt junk']));
  });

  it('reads every date kind as Strapi answers them, timestamps as epoch milliseconds', async () => {
    const body = await sdk.find<Body['data']>('events', { sort: ['id'], locale: 'all' as 'en', publicationState: 'preview' });
    expect(normalise(body)).toEqual(strapiAnswers['rest list every locale'].body);
    const one = await sdk.findOne<Body['data']>('events', 1);
    expect(new Date(Number(one.data.attributes.lastSeenAt)).toISOString()).toBe('2024-05-02T18:45:00.000Z');
  });
});

describe('graphql-request on the date model', () => {
  let url: string;
  beforeAll(async () => {
    url = `${await serve((await modelGateway(DATES_MODEL, DATES_SEED)).gateway)}/graphql`;
  });

  /** The client's result, or the errors it throws, as the recorded answers have them. */
  async function answer(name: string, variables: Record<string, unknown>): Promise<Answer> {
    const document = caseNamed.get(name)?.graphql as string;
    try {
      return { body: normalise({ data: await request(url, document, variables) }) };
    } catch (error) {
      if (!(error instanceof ClientError)) throw error;
      const errors = (error.response.errors ?? []).map((e) => ({ message: e.message, code: (e.extensions?.code as string) ?? null, path: e.path ?? null }));
      const { data } = error.response;
      return { body: data === undefined ? { errors } : { data, errors } };
    }
  }

  it.each([
    ['graphql startsAt lt iso variable', 'a Date', new Date('2024-04-15T00:00:00.000Z')],
    ['graphql lastSeenAt lt iso variable', 'a Date', new Date('2024-04-15T00:00:00.000Z')],
    ['graphql publishedAt lt iso variable', 'a Date', new Date('2024-04-15T00:00:00.000Z')],
    ['graphql startsAt lt number variable', 'epoch milliseconds', 1713139200000],
    ['graphql lastSeenAt lt epoch-ms variable', 'epoch milliseconds as text', '1713139200000'],
    ['graphql day lt iso variable', 'a Date for a date attribute', new Date('2024-04-15T10:00:00.000Z')],
    ['graphql day lt date variable', 'a calendar date', '2024-04-15'],
    ['graphql opensAt lt seconds variable', 'a time', '12:00:00'],
  ])('answers the recorded case "%s" (%s)', async (name, _what, v) => {
    expect(comparable(await answer(name, { v }))).toEqual(comparable(strapiAnswers[name]));
  });

  it('reads a timestamp attribute as an ISO date-time, where Strapi fails', async () => {
    const got = await answer('graphql entry whose timestamp is set', {});
    expect(got).toEqual(deviations['graphql entry whose timestamp is set'].answer);
    expect(new Date((got.body as any).data.event.data.attributes.lastSeenAt).getTime()).toBe(1714675500000);
  });
});

describe('strapi-sdk-js and graphql-request on the demo model', () => {
  let base: string;
  let sdk: Strapi;
  beforeAll(async () => {
    base = await serve((await demoGateway()).gateway);
    sdk = new Strapi({ url: base, prefix: '/api' });
  });
  const byHand = async (path: string) => (await fetch(`${base}${path}`)).json();

  it.each([
    ['find with fields, sort, pagination and populate', () => sdk.find('posts', { fields: ['title'], sort: ['title:desc'], pagination: { page: 1, pageSize: 2 }, populate: { writer: { fields: ['name'] } } }),
      '/api/posts?fields[0]=title&sort[0]=title:desc&pagination[page]=1&pagination[pageSize]=2&populate[writer][fields][0]=name'],
    ['find in a locale, by offset', () => sdk.find('posts', { fields: ['title', 'locale'], locale: 'de', pagination: { start: 0, limit: 1 } }),
      '/api/posts?fields[0]=title&fields[1]=locale&locale=de&pagination[start]=0&pagination[limit]=1'],
    ['find filtered by a relation and a date given as a Date', () => sdk.find('posts', { fields: ['title'], filters: { writer: { name: { $eq: 'Mira Okafor' } }, publishedAt: { $lt: new Date('2030-01-01T00:00:00.000Z') } } }),
      '/api/posts?fields[0]=title&filters[writer][name][$eq]=Mira%20Okafor&filters[publishedAt][$lt]=2030-01-01T00:00:00.000Z'],
    ['find filtered by epoch milliseconds', () => sdk.find('posts', { fields: ['title'], filters: { embargoUntil: { $gte: 1712296800000 } } }),
      '/api/posts?fields[0]=title&filters[embargoUntil][$gte]=2024-04-05T06:00:00.000Z'],
    ['findOne with populate', () => sdk.findOne('writers', 1, { populate: ['socials', 'avatar'] }), '/api/writers/1?populate[0]=socials&populate[1]=avatar'],
  ])('%s answers as the same request by hand', async (_name, call, path) => {
    const [got, expected] = await Promise.all([call(), byHand(path)]);
    expect((expected as Body).data).not.toEqual([]);
    expect(got).toEqual(expected);
  });

  it('shows a writer\'s lastSeenAt timestamp as epoch milliseconds over REST and ISO 8601 over GraphQL', async () => {
    const rest = await sdk.findOne<Body['data']>('writers', 1, { fields: ['lastSeenAt'] });
    const graphql = await request<{ writer: Body }>(`${base}/graphql`, '{ writer(id: 1) { data { attributes { lastSeenAt } } } }');
    expect(rest.data.attributes.lastSeenAt).toBe('1714675500000');
    expect(graphql.writer.data.attributes.lastSeenAt).toBe('2024-05-02T18:45:00.000Z');
  });
});
