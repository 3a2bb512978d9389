// Plans are made once per request shape and reused: the same plan for the same caller class and
// query string, another for another class (roles validate differently), by-id plans for every id.
import { roleGranting } from '../support/roles.ts';
import { accessOf } from '../support/scope.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../src/auth/roles.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { DEFAULT_CACHE_BOUNDS } from '../../src/limits/byte-cache.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { print } from 'graphql';
import { buildDocument, operationFor } from '../../src/rest/document.ts';
import { parseQueryString } from '../../src/rest/parse.ts';
import { PlanCache, variablesFor } from '../../src/rest/plan.ts';
import { readRouteAt } from '../support/read-route.ts';
import { validateQuery } from '../../src/rest/validate.ts';
import { blogGateway, restRequest, type TestGateway } from '../support/test-gateway.ts';
import { fixtureModel } from './support/fixture.ts';

let model: ContentModel;
let plans: PlanCache;
beforeAll(async () => {
  model = await fixtureModel();
  plans = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
});

const everything = roleGranting('reader', { find: ['api::article.article', 'api::tag.tag', 'api::author.author'], findOne: ['api::article.article'] });
const scope = (role = everything) => ({ model, access: accessOf(model, role), locales: ['en', 'fr'] });

describe('the plan cache', () => {
  it('stays within its bound in bytes after many distinct long query strings', () => {
    const bounded = new PlanCache(model, buildGraphQLSchema(model), 2_000_000);
    const route = readRouteAt(model, 'GET', '/api/articles');
    for (let i = 0; i < 300; i++) bounded.planFor(route, `?filters[title][$eq]=${`${i}-`.padEnd(8000, 'x')}`, scope(), 'role:reader');
    const size = bounded.size();
    expect(size.bytes).toBeLessThanOrEqual(2_000_000);
    expect(size.entries).toBeGreaterThan(1);
    expect(size.entries).toBeLessThan(300);
  });

  it.each([
    ['pages', '?pagination[page]=2', '?pagination[page]=7000'],
    ['thresholds', '?filters[views][$gte]=5&sort=views:desc', '?filters[views][$gte]=90000&sort=views:desc'],
  ])('shares one document between query strings that differ only in values (%s), each with its own variables', (_name, a, b) => {
    const route = readRouteAt(model, 'GET', '/api/articles');
    const [first, second] = [a, b].map((search) => plans.planFor(route, search, scope(), 'role:reader'));
    expect(second).not.toBe(first);
    expect(second.built.document).toBe(first.built.document);
    expect(second.built.variables).not.toEqual(first.built.variables);
  });

  it('serves every page number and start of a list with one plan: one entry kept, one budget check', () => {
    const fresh = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
    const route = readRouteAt(model, 'GET', '/api/articles');
    const pages = Array.from({ length: 500 }, (_, i) => fresh.planFor(route, `?populate=tags&pagination[page]=${i + 1}`, scope(), 'role:reader'));
    expect(fresh.size().entries).toBe(1);
    expect(new Set(pages.map((plan) => plan.budget)).size).toBe(1);
    expect(pages.map((plan) => (plan.built.variables.pagination as { page: number }).page)).toEqual(pages.map((_, i) => i + 1));
  });

  it('serves every page size and limit of a list with one plan, a budget check per size', () => {
    const fresh = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
    const route = readRouteAt(model, 'GET', '/api/articles');
    const asked = Array.from({ length: 100 }, (_, i) => `?populate=tags&pagination[page]=${(i % 7) + 1}&pagination[pageSize]=${(i % 10) + 1}`);
    const sized = asked.map((search) => fresh.planFor(route, search, scope(), 'role:reader'));
    const limited = asked.map((search) => fresh.planFor(route, search.replace('page]', 'start]').replace('pageSize]', 'limit]'), scope(), 'role:reader'));
    expect(fresh.size().entries).toBe(2);
    expect(new Set(sized.map((plan) => plan.budget)).size).toBe(10);
    expect(new Set(limited.map((plan) => plan.budget)).size).toBe(10);
    expect(sized.map((plan) => plan.built.variables.pagination)).toEqual(asked.map((_, i) => ({ page: (i % 7) + 1, pageSize: (i % 10) + 1 })));
    expect(limited.map((plan) => plan.built.variables.pagination)).toEqual(asked.map((_, i) => ({ start: (i % 7) + 1, limit: (i % 10) + 1 })));
  });

  // Each request's plan is the one its own query string makes, whether it came from a shared plan or not.
  it.each([
    ['a page size alone', '?pagination[pageSize]=7'],
    ['a limit alone', '?pagination[limit]=3&sort=title:asc'],
    ['the largest page size', '?pagination[pageSize]=100'],
    ['a page size past the largest (lowered to it)', '?pagination[pageSize]=101'],
    ['a page size of 0 (counts as 1)', '?pagination[page]=2&pagination[pageSize]=0'],
    ['a limit of -1 (as many as allowed)', '?pagination[start]=2&pagination[limit]=-1'],
    ['a page size written with a leading zero', '?pagination[page]=2&pagination[pageSize]=05'],
    ['the default page size said', '?pagination[page]=2&pagination[pageSize]=25'],
    ['a page', '?pagination[page]=7&pagination[pageSize]=10'],
    ['a page, brackets percent-encoded', '?pagination%5Bpage%5D=7&pagination%5BpageSize%5D=10'],
    ['a start', '?pagination[start]=40&pagination[limit]=5'],
    ['a page before other parameters', '?pagination[page]=3&sort=title:asc&fields[0]=title'],
    ['a page without a count', '?pagination[page]=3&pagination[withCount]=false'],
    ['page 0 (counts as 1)', '?pagination[page]=0'],
    ['a page written with leading zeros', '?pagination[page]=007'],
    ['the largest page', '?pagination[page]=2147483647'],
    ['a start of 0', '?pagination[start]=0'],
    ['a list value that looks like a page', '?filters[title][$in][0]=a?pagination[page]=3'],
  ])('plans %s as its own query string says', (_name, search) => {
    const route = readRouteAt(model, 'GET', '/api/articles');
    const query = validateQuery(parseQueryString(search), route.target, scope(), route.kind);
    const expected = buildDocument(model, route.target, operationFor(route.target, route.operation, query), query);
    for (const ask of [search, search]) {
      const plan = plans.planFor(route, ask, scope(), 'role:reader');
      expect([plan.query, plan.built.variables, print(plan.built.document)]).toEqual([query, expected.variables, print(expected.document)]);
    }
  });

  it.each([
    ['a page past the largest', '?pagination[page]=2147483648', 'Invalid parameter pagination[page]: expected a whole number ≤ 2147483647, received "2147483648"'],
    ['a page given twice', '?pagination[page]=2&pagination[page]=3', 'pagination[page]'],
    ['a page and a start', '?pagination[page]=2&pagination[start]=3', 'Expected either start/limit or page/pageSize'],
    ['a page and a limit', '?pagination[page]=2&pagination[limit]=3', 'Expected either start/limit or page/pageSize'],
    ['a page size given twice', '?pagination[pageSize]=2&pagination[pageSize]=3', 'pagination[pageSize]'],
  ])('refuses %s with the error its own query string gives', (_name, search, message) => {
    const route = readRouteAt(model, 'GET', '/api/articles');
    expect(() => validateQuery(parseQueryString(search), route.target, scope(), route.kind)).toThrow(message);
    expect(() => plans.planFor(route, search, scope(), 'role:reader')).toThrow(message);
  });

  it('serves every filter value of a shape with one plan: one template, one budget, each request with its own values', () => {
    const fresh = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
    const route = readRouteAt(model, 'GET', '/api/articles');
    const asked = Array.from({ length: 300 }, (_, i) => `?filters[slug][$eq]=post-${i}&filters[views][$gte]=${i * 7}&populate=tags&pagination[page]=${(i % 5) + 1}`);
    const planned = asked.map((search) => fresh.planFor(route, search, scope(), 'role:reader'));
    // The first request's plan, and the template that shares it.
    expect(fresh.size().entries).toBe(2);
    expect(new Set(planned.map((plan) => plan.budget)).size).toBe(1);
    expect(new Set(planned.map((plan) => plan.built.document)).size).toBe(1);
    expect(planned.map((plan) => [plan.built.variables.filters, (plan.built.variables.pagination as { page: number }).page])).toEqual(
      asked.map((_, i) => [{ slug: { eq: `post-${i}` }, views: { gte: i * 7 } }, (i % 5) + 1]),
    );
  });

  // Each row: a request of a shape planned first with other values, then the request itself, through
  // one cache: its document and variables are those its own query string makes.
  it.each([
    ['a string', '?filters[title][$eq]=Hello', '?filters[title][$eq]=World'],
    ['an integer threshold and a sort', '?filters[views][$gte]=5&sort=views:desc', '?filters[views][$gte]=90000&sort=views:desc'],
    ['a value with + and percent escapes', '?filters[title][$containsi]=x', '?filters[title][$containsi]=a+b%20c%C3%A9'],
    ['a value with a malformed escape', '?filters[title][$eq]=x', '?filters[title][$eq]=100%'],
    ['an empty value', '?filters[title][$eq]=x', '?filters[title][$eq]='],
    ['a relation field', '?filters[author][name][$eq]=Ann', '?filters[author][name][$eq]=Bob'],
    ['a relation id', '?filters[author][id][$eq]=1', '?filters[author][id][$eq]=2'],
    ['a component field', '?filters[seo][metaTitle][$startsWith]=a', '?filters[seo][metaTitle][$startsWith]=b'],
    ['an $or of two', '?filters[$or][0][title][$eq]=a&filters[$or][1][views][$lt]=5', '?filters[$or][0][title][$eq]=b&filters[$or][1][views][$lt]=9'],
    ['an entry $not', '?filters[$not][title][$eq]=a', '?filters[$not][title][$eq]=b'],
    ['a field $not', '?filters[title][$not][$eq]=a', '?filters[title][$not][$eq]=b'],
    ['a page, a size and a value', '?filters[views][$gt]=3&pagination[page]=2&pagination[pageSize]=5', '?filters[views][$gt]=8&pagination[page]=4&pagination[pageSize]=9'],
    ['a date', '?filters[publishDate][$gte]=2020-01-01', '?filters[publishDate][$gte]=2024-02-29'],
    ['a date-time', '?filters[scheduledAt][$lt]=2020-01-01T00:00:00Z', '?filters[scheduledAt][$lt]=1700000000000'],
    ['a boolean', '?filters[featured][$eq]=true', '?filters[featured][$eq]=F'],
    ['a big integer', '?filters[bigViews][$gt]=1', '?filters[bigViews][$gt]=9007199254740993'],
    ['a decimal', '?filters[price][$lte]=1.5', '?filters[price][$lte]=-2e3'],
    ['brackets percent-encoded', '?filters%5Btitle%5D%5B%24eq%5D=a', '?filters%5Btitle%5D%5B%24eq%5D=b'],
    ['a shorthand beside a value', '?filters[views]=5&filters[title][$eq]=a', '?filters[views]=5&filters[title][$eq]=b'],
    ['a value that looks like a page', '?filters[title][$eq]=a', '?filters[title][$eq]=b?pagination[page]=3'],
    ['a list beside a value', '?filters[id][$in][0]=1&filters[title][$eq]=a', '?filters[id][$in][0]=7&filters[title][$eq]=b'],
    ['a list of three', '?filters[id][$in][0]=1&filters[id][$in][1]=2&filters[id][$in][2]=3', '?filters[id][$in][0]=9&filters[id][$in][1]=8&filters[id][$in][2]=7'],
    ['a between', '?filters[views][$between][0]=1&filters[views][$between][1]=2', '?filters[views][$between][0]=10&filters[views][$between][1]=20'],
    ['a list with a gap (qs closes it)', '?filters[id][$in][0]=1&filters[id][$in][3]=2', '?filters[id][$in][0]=5&filters[id][$in][3]=6'],
    ['a list written without indexes', '?filters[id][$in]=1', '?filters[id][$in]=2'],
  ])('plans a filter value (%s) as its own query string says, after another value of its shape', (_name, before, search) => {
    const fresh = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
    const route = readRouteAt(model, 'GET', '/api/articles');
    const query = validateQuery(parseQueryString(search), route.target, scope(), route.kind);
    const expected = buildDocument(model, route.target, operationFor(route.target, route.operation, query), query);
    fresh.planFor(route, before, scope(), 'role:reader');
    for (const ask of [search, search]) {
      const plan = fresh.planFor(route, ask, scope(), 'role:reader');
      expect([plan.built.variables, print(plan.built.document)]).toEqual([expected.variables, print(expected.document)]);
    }
  });

  it.each([
    ['an integer that is not one', '?filters[views][$gte]=1', '?filters[views][$gte]=abc'],
    ['the first refused in validation\'s order, not the query string\'s', '?filters[author][name][$eq]=a&filters[views][$gt]=1&filters[author][id][$eq]=1', '?filters[author][name][$eq]=a&filters[views][$gt]=bad&filters[author][id][$eq]=bad2'],
    ['a date off the calendar', '?filters[publishDate][$eq]=2020-01-01', '?filters[publishDate][$eq]=2021-02-29'],
    ['a boolean that is not one', '?filters[featured][$eq]=true', '?filters[featured][$eq]=yes'],
    ['a list item that is not an id', '?filters[id][$in][0]=1&filters[id][$in][1]=2', '?filters[id][$in][0]=1&filters[id][$in][1]=x'],
  ])('refuses a filter value (%s) with the error its own query string gives, after a valid one of its shape', (_name, before, search) => {
    const fresh = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
    const route = readRouteAt(model, 'GET', '/api/articles');
    let message = '';
    try {
      validateQuery(parseQueryString(search), route.target, scope(), route.kind);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid parameter filters/);
    fresh.planFor(route, before, scope(), 'role:reader');
    expect(() => fresh.planFor(route, search, scope(), 'role:reader')).toThrow(message);
  });

  it('serves every choice and order of `fields` of a shape with one plan, each request showing its own', () => {
    const fresh = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
    const list = readRouteAt(model, 'GET', '/api/articles');
    const one = readRouteAt(model, 'GET', '/api/articles/3');
    const names = ['title', 'slug', 'views', 'rating', 'kind'];
    const asked = Array.from({ length: 100 }, (_, i) => [names[i % 5]!, names[(i + 1 + (i % 3)) % 5]!]);
    const lists = asked.map(([a, b]) => fresh.planFor(list, `?fields[0]=${a}&fields[1]=${b}&filters[views][$gt]=${a!.length}`, scope(), 'role:reader'));
    const entries = asked.map(([a, b]) => fresh.planFor(one, `?fields[0]=${a}&fields[1]=${b}`, scope(), 'role:reader'));
    expect(fresh.size().entries).toBe(4);
    expect(lists.map((plan) => plan.query.selection.fields)).toEqual(asked);
    expect(entries.map((plan) => plan.query.selection.fields)).toEqual(asked);
    expect(lists.map((plan) => plan.built.variables.filters)).toEqual(asked.map(([a]) => ({ views: { gt: a!.length } })));
  });

  // Each row: a request planned after another of its shape, through one cache: its selection,
  // document and variables are those its own query string makes.
  it.each([
    ['fields in another order', '/api/articles', '?fields[0]=title&fields[1]=slug', '?fields[0]=slug&fields[1]=views'],
    ['fields naming the id alone', '/api/articles', '?fields[0]=title', '?fields[0]=id'],
    ['fields naming every default field', '/api/articles', '?fields=title', `?fields=${['title', 'slug', 'summary', 'body', 'kind', 'contactEmail', 'views', 'bigViews', 'rating', 'price', 'featured', 'publishDate', 'readingTime', 'scheduledAt', 'meta', 'createdAt', 'updatedAt', 'publishedAt'].join(',')}`],
    ['fields given whole, with a space', '/api/articles', '?fields=title,slug', '?fields=views,+title'],
    ['fields as *', '/api/articles', '?fields[0]=title', '?fields[0]=*'],
    ['fields with a gap (qs closes it)', '/api/articles', '?fields[0]=title&fields[2]=slug', '?fields[0]=views&fields[2]=kind'],
    ['fields and a filter value', '/api/articles', '?fields[0]=title&filters[views][$gt]=1', '?fields[0]=slug&filters[views][$gt]=9'],
    ['fields of one entry by id', '/api/articles/2', '?fields[0]=title&populate=tags', '?fields[0]=views&fields[1]=slug&populate=tags'],
  ])('plans %s as its own query string says, after another of its shape', (_name, path, before, search) => {
    const fresh = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
    const route = readRouteAt(model, 'GET', path);
    const query = validateQuery(parseQueryString(search), route.target, scope(), route.kind, route.operation.kind === 'findOne');
    const expected = buildDocument(model, route.target, operationFor(route.target, route.operation, query), query);
    fresh.planFor(route, before, scope(), 'role:reader');
    for (const ask of [search, search]) {
      const plan = fresh.planFor(route, ask, scope(), 'role:reader');
      expect([plan.query.selection, plan.built.variables, print(plan.built.document)]).toEqual([query.selection, expected.variables, print(expected.document)]);
    }
  });

  it.each([
    ['a field it does not know', '?fields[0]=title', '?fields[0]=nope', 'Invalid parameter nope'],
    ['a relation as a field', '?fields[0]=title', '?fields[0]=author', 'Invalid parameter author'],
    ['a bad field before a bad filter value (fields are validated first)', '?fields[0]=title&filters[views][$gt]=1', '?fields[0]=nope&filters[views][$gt]=x', 'Invalid parameter nope'],
  ])('refuses %s with the error its own query string gives, after a valid request of its shape', (_name, before, search, message) => {
    const fresh = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
    const route = readRouteAt(model, 'GET', '/api/articles');
    expect(() => validateQuery(parseQueryString(search), route.target, scope(), route.kind)).toThrow(message);
    fresh.planFor(route, before, scope(), 'role:reader');
    expect(() => fresh.planFor(route, search, scope(), 'role:reader')).toThrow(message);
  });

  it('keeps no template for a shape whose first request was refused, and plans the next valid one', () => {
    const fresh = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
    const route = readRouteAt(model, 'GET', '/api/articles');
    expect(() => fresh.planFor(route, '?filters[views][$gte]=abc', scope(), 'role:reader')).toThrow('filters[views][$gte]');
    expect(fresh.size().entries).toBe(0);
    expect(fresh.planFor(route, '?filters[views][$gte]=4', scope(), 'role:reader').built.variables.filters).toEqual({ views: { gte: 4 } });
    expect(fresh.planFor(route, '?filters[views][$gte]=6', scope(), 'role:reader').built.variables.filters).toEqual({ views: { gte: 6 } });
    expect(fresh.size().entries).toBe(2);
  });

  it('answers one shape with one plan', () => {
    const route = readRouteAt(model, 'GET', '/api/articles');
    const first = plans.planFor(route, '?populate=tags', scope(), 'role:reader');
    expect(plans.planFor(route, '?populate=tags', scope(), 'role:reader')).toBe(first);
    expect(plans.planFor(route, '?populate=author', scope(), 'role:reader')).not.toBe(first);
    expect(plans.planFor(route, '?populate=tags', scope(), 'role:other')).not.toBe(first);
  });

  it('serves every id with one by-id plan, each request with its own id', () => {
    const one = readRouteAt(model, 'GET', '/api/articles/1');
    const two = readRouteAt(model, 'GET', '/api/articles/2');
    const plan = plans.planFor(one, '', scope(), 'role:reader');
    expect(plans.planFor(two, '', scope(), 'role:reader')).toBe(plan);
    expect(variablesFor(plan, one).id).toBe('1');
    expect(variablesFor(plan, two).id).toBe('2');
  });

  it('builds one document for every choice and order of `fields`', () => {
    const route = readRouteAt(model, 'GET', '/api/articles');
    const documents = ['?fields[0]=title', '?fields[0]=views&fields[1]=title', '?fields=title,views,slug', '']
      .map((search) => plans.planFor(route, search, scope(), 'role:reader').built.document);
    expect(new Set(documents).size).toBe(1);
  });

  it('does not keep a query Strapi refuses', () => {
    const route = readRouteAt(model, 'GET', '/api/articles');
    expect(() => plans.planFor(route, '?sort=nope', scope(), 'role:reader')).toThrow('Invalid parameter nope');
    expect(() => plans.planFor(route, '?sort=nope', scope(), 'role:reader')).toThrow('Invalid parameter nope');
  });
});

describe('plans through the gateway', () => {
  let subject: TestGateway;
  beforeAll(async () => {
    subject = await blogGateway();
  });

  it('answers the same URL per caller: tags for the editor token, not for the public role', async () => {
    const url = '/api/articles?populate[0]=tags&fields[0]=title';
    const asPublic = async () => (await (await subject.gateway.fetch(restRequest(url))).json()).data[0].attributes;
    const asEditor = async () => (await (await subject.gateway.fetch(restRequest(url, { authorization: 'Bearer editor-token-123' }))).json()).data[0].attributes;
    expect(Object.keys(await asPublic())).toEqual(['title']);
    expect(Object.keys(await asEditor())).toEqual(['title', 'tags']);
    expect(Object.keys(await asPublic())).toEqual(['title']);
  });

  it.each([
    ['/api/articles?fields[0]=views&fields[1]=title', ['views', 'title']],
    ['/api/articles?fields[0]=title&fields[1]=views', ['title', 'views']],
    ['/api/articles?fields[0]=id', []],
    ['/api/articles?fields=slug&populate[0]=author', ['slug', 'author']],
  ])('shows the fields %s asks for, in its order, from the one document', async (url, keys) => {
    const answer = await (await subject.gateway.fetch(restRequest(url))).json();
    expect(answer.data.map((entry: { attributes: object }) => Object.keys(entry.attributes))).toEqual(answer.data.map(() => keys));
  });

  it('answers each id with its own entry', async () => {
    const title = async (id: number) => (await (await subject.gateway.fetch(restRequest(`/api/articles/${id}?fields[0]=title`))).json()).data.attributes.title;
    expect([await title(1), await title(2), await title(1)]).toEqual(['Hello World', 'Second Post', 'Hello World']);
  });
});
