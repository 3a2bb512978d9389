// A dynamic zone whose components share field names of different types (`body: String!` and
// `String`, a different enumeration `theme` in each, `link` single in one and repeatable in
// another) answers in every populate form, as Strapi shapes it.
import { beforeAll, describe, expect, it } from 'vitest';
import { modelGateway, restRequest, type TestGateway } from '../support/test-gateway.ts';

let subject: TestGateway;
beforeAll(async () => {
  subject = await modelGateway('test/fixtures/schemas/zone-conflicts', 'test/fixtures/seeds/zone-conflicts.json');
});

const sections = async (query: string) => {
  const response = await subject.gateway.fetch(restRequest(`/api/pages/1?${query}`));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { attributes: { sections: Array<Record<string, unknown>> } } };
  return body.data.attributes.sections.map(({ id: _id, ...item }) => item);
};

const quote = { __component: 'sections.quote', title: 'Q', body: 'Said once.', theme: 'dark' };
const richText = { __component: 'sections.rich-text', title: null, body: '# Hi', theme: 'primary' };
const hero = { __component: 'sections.hero', heading: 'Welcome' };

describe('a zone whose components share field names of different types', () => {
  it.each([
    ['populate=*', 'populate=*'],
    ['the array form', 'populate[0]=sections'],
    ['populate[zone]=true', 'populate[sections]=true'],
  ])('answers the first level with %s', async (_name, query) => {
    expect(await sections(query)).toEqual([quote, richText, hero]);
  });

  it('answers the shared strategy, nested components and media of each part', async () => {
    const items = await sections('populate[sections][populate]=*');
    expect(items.map((item) => item.link)).toEqual([
      { id: expect.any(Number), url: '/q', label: 'more' },
      [{ id: expect.any(Number), url: '/a', label: null }, { id: expect.any(Number), url: '/b', label: 'b' }],
      { id: expect.any(Number), url: '/h', label: null },
    ]);
    expect(items[2].picture).toMatchObject({ data: { id: 1, attributes: { url: '/uploads/a_1.jpg' } } });
  });

  it('answers the detailed strategy with different fields of one name per part', async () => {
    const items = await sections(
      'populate[sections][on][sections.quote][fields][0]=body&populate[sections][on][sections.rich-text][fields][0]=body&populate[sections][on][sections.rich-text][populate][link][fields][0]=label',
    );
    expect(items).toEqual([
      { __component: 'sections.quote', body: 'Said once.' },
      { __component: 'sections.rich-text', body: '# Hi', link: [{ id: expect.any(Number), label: null }, { id: expect.any(Number), label: 'b' }] },
    ]);
  });

  it('logs no error while answering', () => {
    expect(subject.logged).toEqual([]);
  });
});
