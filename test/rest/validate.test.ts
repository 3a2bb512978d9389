// Query strings the REST API refuses: each row is a request and the ValidationError (400) it
// gets. Strapi's own messages (`Invalid parameter <name>`) where the conformance goldens show them.
import { roleGranting } from '../support/roles.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../src/auth/roles.ts';
import { ValidationError } from '../../src/errors/errors.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { MAX_NESTING } from '../../src/rest/query.ts';
import { fixtureModel, publicRole, translate } from './support/fixture.ts';

let model: ContentModel;
beforeAll(async () => {
  model = await fixtureModel();
});

function refusal(path: string, role = publicRole): ValidationError {
  try {
    translate(model, path, role);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error(`${path} was accepted`);
}

describe('requests refused with 400', () => {
  it.each([
    ['an unknown field', '/api/articles?fields[0]=nope', 'Invalid parameter nope'],
    ['a relation in fields', '/api/articles?fields[0]=author', 'Invalid parameter author'],
    ['a dynamic zone in fields', '/api/articles?fields=blocks', 'Invalid parameter blocks'],
    ['publishedAt on a type without drafts', '/api/authors?fields[0]=publishedAt', 'Invalid parameter publishedAt'],
    ['locale on a type that is not localized', '/api/authors?fields[0]=locale', 'Invalid parameter locale'],
    ['an unknown filter field', '/api/articles?filters[nope][$eq]=1', 'Invalid parameter nope'],
    ['an unknown field behind a relation', '/api/articles?filters[author][nope][$eq]=1', 'Invalid parameter nope'],
    ['a filter on a relation the role cannot find', '/api/articles?filters[tags][name][$eq]=alpha', 'Invalid parameter tags'],
    ['a filter on a media field', '/api/articles?filters[cover][id][$eq]=1', 'Invalid parameter cover'],
    ['a filter on a dynamic zone', '/api/articles?filters[blocks][id][$eq]=1', 'Invalid parameter blocks'],
    ['an unknown operator', '/api/articles?filters[title][$bogus]=x', 'Invalid parameter $bogus'],
    ['an operator without its $', '/api/articles?filters[title][eq]=x', 'Invalid parameter eq'],
    ['an unknown field in populate filters', '/api/articles?populate[related][filters][nope]=x', 'Invalid parameter nope'],
    ['an unknown sort field', '/api/articles?sort=nope', 'Invalid parameter nope'],
    ['an unknown field at the end of a sort path', '/api/articles?sort=author.nope', 'Invalid parameter nope'],
    ['a sort on a relation itself', '/api/articles?sort=author', 'Invalid parameter author'],
    ['a sort through a relation the role cannot find', '/api/articles?sort=tags.name', 'Invalid parameter tags'],
    ['a sort through a repeatable component', '/api/authors?sort=socials.network', 'Invalid parameter socials'],
    ['an unknown sort field in populate', '/api/authors?populate[articles][sort]=nope', 'Invalid parameter nope'],
    ['a sort direction other than asc or desc', '/api/articles?sort=title:up', 'Invalid parameter sort: expected a direction asc or desc, received "title:up"'],
    ['an integer filter value that is not a number', '/api/articles?filters[views][$gt]=abc', 'Invalid parameter filters[views][$gt]: expected a 32-bit integer, received "abc"'],
    ['an integer filter value out of range', '/api/articles?filters[views][$gt]=3000000000', 'Invalid parameter filters[views][$gt]: expected a 32-bit integer, received "3000000000"'],
    ['a float filter value that is not a number', '/api/articles?filters[rating][$lt]=high', 'Invalid parameter filters[rating][$lt]: expected a number, received "high"'],
    ['a boolean filter value that is not a boolean', '/api/articles?filters[featured][$eq]=yes', 'Invalid parameter filters[featured][$eq]: expected true or false, received "yes"'],
    ['a $null that is not a boolean', '/api/articles?filters[summary][$null]=maybe', 'Invalid parameter filters[summary][$null]: expected true or false, received "maybe"'],
    ['an id that is not a whole number', '/api/articles?filters[id][$eq]=abc', 'Invalid parameter filters[id][$eq]: expected an id (a whole number), received "abc"'],
    ['a date in another format', '/api/articles?filters[publishDate][$eq]=01/02/2024', 'Invalid parameter filters[publishDate][$eq]: expected a date YYYY-MM-DD on the calendar, received "01/02/2024"'],
    ['a date not on the calendar', '/api/articles?filters[publishDate][$eq]=2024-02-30', 'Invalid parameter filters[publishDate][$eq]: expected a date YYYY-MM-DD on the calendar, received "2024-02-30"'],
    ['a time not on the clock', '/api/articles?filters[readingTime][$eq]=25:99', 'Invalid parameter filters[readingTime][$eq]: expected a time HH:mm:ss or HH:mm:ss.SSS, received "25:99"'],
    ['a date-time that does not parse', '/api/articles?filters[scheduledAt][$lt]=soon', 'Invalid parameter filters[scheduledAt][$lt]: expected an ISO 8601 date-time or epoch milliseconds, years 0000-9999, received "soon"'],
    ['a date-time past year 9999', '/api/articles?filters[scheduledAt][$gt]=-271821-04-20', 'Invalid parameter filters[scheduledAt][$gt]: expected an ISO 8601 date-time or epoch milliseconds, years 0000-9999, received "-271821-04-20"'],
    ['a $between without two values', '/api/articles?filters[views][$between][0]=1', 'Invalid parameter filters[views][$between]: expected two values, received a list'],
    ['a value operator given a list', '/api/articles?filters[title][$eq][0]=a', 'Invalid parameter filters[title][$eq]: expected a single value, received a list'],
    ['a value in the $or list', '/api/articles?filters[$or][0]=x', 'Invalid parameter filters[$or][0]: expected an object of conditions, received "x"'],
    ['filters on a single component in populate', '/api/articles?populate[seo][filters][metaTitle][$eq]=x', 'Invalid parameter populate[seo][filters]: filters apply to relations, media and repeatable components only'],
    ['an unknown field in filters on a to-one relation in populate', '/api/articles?populate[author][filters][nope][$eq]=x', 'Invalid parameter nope'],
    ['mixed page and offset pagination', '/api/articles?pagination[page]=1&pagination[start]=1', 'Invalid pagination parameters. Expected either start/limit or page/pageSize'],
    ['a page that is not a number', '/api/articles?pagination[page]=abc', 'Invalid parameter pagination[page]: expected an integer, received "abc"'],
    ['a page past a 32-bit integer', '/api/articles?pagination[page]=9007199254740991', 'Invalid parameter pagination[page]: expected a whole number ≤ 2147483647, received "9007199254740991"'],
    ['a start past a 32-bit integer', '/api/articles?pagination[start]=9007199254740991', 'Invalid parameter pagination[start]: expected a whole number ≤ 2147483647, received "9007199254740991"'],
    ['a page size that is not whole', '/api/articles?pagination[pageSize]=2.5', 'Invalid parameter pagination[pageSize]: expected an integer, received "2.5"'],
    ['a withCount that is not a boolean', '/api/articles?pagination[withCount]=sometimes', 'Invalid parameter pagination[withCount]: expected true or false, received "sometimes"'],
    ['an unknown locale', '/api/articles?locale=xx', 'Invalid locale xx: expected one of en, fr, all'],
    ['an unknown publication state', '/api/articles?publicationState=draft', 'Invalid parameter publicationState: expected live or preview, received "draft"'],
  ])('refuses %s', (_name, path, message) => {
    const error = refusal(path);
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it('refuses a populate dot path deeper than the nesting bound', () => {
    const path = Array.from({ length: MAX_NESTING + 1 }, () => 'related').join('.');
    expect(refusal(`/api/articles?populate=${path}`).message).toMatch(/populate goes deeper than 10 levels$/);
  });

  it('accepts a populate dot path as deep as the nesting bound', () => {
    const path = Array.from({ length: MAX_NESTING }, () => 'related').join('.');
    expect(() => translate(model, `/api/articles?populate=${path}`)).not.toThrow();
  });

  it('refuses a sort path through more relations than the nesting bound', () => {
    const path = `${'author.articles.'.repeat(MAX_NESTING / 2)}author.name`;
    expect(refusal(`/api/articles?sort=${path}`).message).toMatch(/expected a path through at most 10 relations/);
  });

  it('names the offending parameter in the error details of a value that does not convert', () => {
    expect(refusal('/api/articles?filters[$or][0][title]=a&filters[$or][1][views][$gt]=x').details).toEqual({
      parameter: 'filters[$or][1][views][$gt]',
      expected: 'a 32-bit integer',
    });
  });

  it('keeps the details empty for an unknown name, as Strapi does', () => {
    expect(refusal('/api/articles?fields[0]=nope').details).toEqual({});
  });
});

describe('what the caller may use depends on the role', () => {
  const tagReader = roleGranting('tag-reader', { find: ['api::article.article', 'api::tag.tag'] });

  it('accepts a filter on tags for a role that can find tags', () => {
    expect(translate(model, '/api/articles?filters[tags][name][$eq]=alpha', tagReader).built.variables.filters)
      .toEqual({ tags: { name: { eq: 'alpha' } } });
  });

  it('refuses a filter on authors for a role that cannot find authors', () => {
    expect(refusal('/api/articles?filters[author][name][$eq]=Ada', tagReader).message).toBe('Invalid parameter author');
  });

  it('leaves media out of populate=* for a role that cannot find the media library', () => {
    const populated = [...translate(model, '/api/articles?populate=*', tagReader).query.selection.populate.keys()];
    expect(populated).toEqual(['tags', 'related', 'seo', 'blocks', 'localizations']);
  });
});

describe('pagination clamped as Strapi clamps it', () => {
  it.each([
    ['page 0 and page size -1 as page 1 of size 1', 'pagination[page]=0&pagination[pageSize]=-1', { kind: 'page', page: 1, pageSize: 1 }],
    ['a negative page as page 1', 'pagination[page]=-3', { kind: 'page', page: 1, pageSize: 25 }],
    ['a page size of 0 as 1', 'pagination[pageSize]=0', { kind: 'page', page: 1, pageSize: 1 }],
    ['a page size past the maximum as the maximum', 'pagination[pageSize]=500', { kind: 'page', page: 1, pageSize: 100 }],
    ['a negative start as 0', 'pagination[start]=-5', { kind: 'offset', start: 0, limit: 25 }],
    ['limit -1 as the maximum', 'pagination[limit]=-1', { kind: 'offset', start: 0, limit: 100 }],
    ['another negative limit as 1', 'pagination[limit]=-5', { kind: 'offset', start: 0, limit: 1 }],
  ])('reads %s', (_name, query, expected) => {
    expect(translate(model, `/api/articles?${query}`).query.pagination).toMatchObject(expected);
  });
});

describe('what is accepted where Strapi is lenient', () => {
  it.each([
    ['unknown top-level parameters', '/api/articles?foo=bar'],
    ['unknown field names inside populate, which return no attribute', '/api/articles?populate[author][fields][0]=nope'],
    ['a populate flag that is not a boolean, read as true', '/api/articles?populate[author]=yes'],
    ['a dynamic zone component not in the zone', '/api/articles?populate[blocks][on][shared.seo][populate]=*'],
  ])('accepts %s', (_name, path) => {
    expect(() => translate(model, path)).not.toThrow();
  });
});
