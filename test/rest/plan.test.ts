// Plans are made once per request shape and reused: the same plan for the same caller class and
// query string, another for another class (roles validate differently), by-id plans for every id.
import { accessOf } from '../support/scope.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../src/auth/roles.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import { DEFAULT_CACHE_BOUNDS } from '../../src/limits/byte-cache.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { PlanCache, variablesFor } from '../../src/rest/plan.ts';
import { resolveRoute } from '../../src/rest/routes.ts';
import { blogGateway, restRequest, type TestGateway } from '../support/test-gateway.ts';
import { fixtureModel } from './support/fixture.ts';

let model: ContentModel;
let plans: PlanCache;
beforeAll(async () => {
  model = await fixtureModel();
  plans = new PlanCache(model, buildGraphQLSchema(model), DEFAULT_CACHE_BOUNDS.plansMaxBytes);
});

const everything = createRole('reader', { find: ['api::article.article', 'api::tag.tag'], findOne: ['api::article.article'] });
const scope = (role = everything) => ({ model, access: accessOf(model, role), locales: ['en', 'fr'] });

describe('the plan cache', () => {
  it('stays within its bound in bytes after many distinct long query strings', () => {
    const bounded = new PlanCache(model, buildGraphQLSchema(model), 2_000_000);
    const route = resolveRoute(model, 'GET', '/api/articles');
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
    const route = resolveRoute(model, 'GET', '/api/articles');
    const [first, second] = [a, b].map((search) => plans.planFor(route, search, scope(), 'role:reader'));
    expect(second).not.toBe(first);
    expect(second.built.document).toBe(first.built.document);
    expect(second.built.variables).not.toEqual(first.built.variables);
  });

  it('answers one shape with one plan', () => {
    const route = resolveRoute(model, 'GET', '/api/articles');
    const first = plans.planFor(route, '?populate=tags', scope(), 'role:reader');
    expect(plans.planFor(route, '?populate=tags', scope(), 'role:reader')).toBe(first);
    expect(plans.planFor(route, '?populate=author', scope(), 'role:reader')).not.toBe(first);
    expect(plans.planFor(route, '?populate=tags', scope(), 'role:other')).not.toBe(first);
  });

  it('serves every id with one by-id plan, each request with its own id', () => {
    const one = resolveRoute(model, 'GET', '/api/articles/1');
    const two = resolveRoute(model, 'GET', '/api/articles/2');
    const plan = plans.planFor(one, '', scope(), 'role:reader');
    expect(plans.planFor(two, '', scope(), 'role:reader')).toBe(plan);
    expect(variablesFor(plan, one).id).toBe('1');
    expect(variablesFor(plan, two).id).toBe('2');
  });

  it('does not keep a query Strapi refuses', () => {
    const route = resolveRoute(model, 'GET', '/api/articles');
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

  it('answers each id with its own entry', async () => {
    const title = async (id: number) => (await (await subject.gateway.fetch(restRequest(`/api/articles/${id}?fields[0]=title`))).json()).data.attributes.title;
    expect([await title(1), await title(2), await title(1)]).toEqual(['Hello World', 'Second Post', 'Hello World']);
  });
});
