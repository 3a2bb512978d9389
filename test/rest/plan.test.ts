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

const everything = roleGranting('reader', { find: ['api::article.article', 'api::tag.tag'], findOne: ['api::article.article'] });
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
