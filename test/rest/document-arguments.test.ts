// Query string -> the root arguments of the GraphQL document and their variables: one row per
// filter operator, sort form, pagination form, locale and publication state, and per route.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentModel } from '../../src/model/types.ts';
import { expectedDocument, fixtureModel, translate } from './support/fixture.ts';

let model: ContentModel;
beforeAll(async () => {
  model = await fixtureModel();
});

describe('filters', () => {
  it.each([
    ['$eq', 'filters[title][$eq]=Zeta', { title: { eq: 'Zeta' } }],
    ['an implicit $eq', 'filters[title]=Zeta', { title: { eq: 'Zeta' } }],
    ['an implicit $in for repeated values', 'filters[title][0]=a&filters[title][1]=b', { title: { in: ['a', 'b'] } }],
    ['$eqi', 'filters[title][$eqi]=zeta', { title: { eqi: 'zeta' } }],
    ['$ne', 'filters[title][$ne]=Zeta', { title: { ne: 'Zeta' } }],
    ['$nei', 'filters[title][$nei]=zeta', { title: { nei: 'zeta' } }],
    ['$lt on an integer, converted to a number', 'filters[views][$lt]=100', { views: { lt: 100 } }],
    ['$lte', 'filters[views][$lte]=100', { views: { lte: 100 } }],
    ['$gt', 'filters[views][$gt]=100', { views: { gt: 100 } }],
    ['$gte on a float', 'filters[rating][$gte]=3.25', { rating: { gte: 3.25 } }],
    ['$in on ids, kept as ID strings', 'filters[id][$in][0]=1&filters[id][$in][1]=3', { id: { in: ['1', '3'] } }],
    ['$in with a single value', 'filters[id][$in]=3', { id: { in: ['3'] } }],
    ['$notIn', 'filters[kind][$notIn][0]=news', { kind: { notIn: ['news'] } }],
    ['$contains', 'filters[title][$contains]=ell', { title: { contains: 'ell' } }],
    ['$notContains', 'filters[title][$notContains]=ell', { title: { notContains: 'ell' } }],
    ['$containsi', 'filters[title][$containsi]=HELLO', { title: { containsi: 'HELLO' } }],
    ['$notContainsi', 'filters[title][$notContainsi]=HELLO', { title: { notContainsi: 'HELLO' } }],
    ['$null, converted to a boolean', 'filters[summary][$null]=true', { summary: { null: true } }],
    ['$notNull', 'filters[summary][$notNull]=false', { summary: { notNull: false } }],
    ['$between', 'filters[views][$between][0]=5&filters[views][$between][1]=50', { views: { between: [5, 50] } }],
    ['$startsWith', 'filters[title][$startsWith]=He', { title: { startsWith: 'He' } }],
    ['$startsWithi', 'filters[title][$startsWithi]=he', { title: { startsWithi: 'he' } }],
    ['$endsWith', 'filters[title][$endsWith]=ld', { title: { endsWith: 'ld' } }],
    ['$endsWithi', 'filters[title][$endsWithi]=LD', { title: { endsWithi: 'LD' } }],
    [
      '$or of conditions',
      'filters[$or][0][views][$gt]=100&filters[$or][1][kind][$eq]=opinion',
      { or: [{ views: { gt: 100 } }, { kind: { eq: 'opinion' } }] },
    ],
    ['$and of conditions', 'filters[$and][0][views][$gt]=5&filters[$and][1][views][$lt]=100', { and: [{ views: { gt: 5 } }, { views: { lt: 100 } }] }],
    ['$not of an entry condition', 'filters[$not][title][$eq]=Zeta', { not: { title: { eq: 'Zeta' } } }],
    ['$not of a field condition', 'filters[title][$not][$eq]=Zeta', { title: { not: { eq: 'Zeta' } } }],
    ['two operators on one field', 'filters[views][$gt]=1&filters[views][$lt]=10', { views: { gt: 1, lt: 10 } }],
    ['a relation field', 'filters[author][name][$eq]=Grace Hopper', { author: { name: { eq: 'Grace Hopper' } } }],
    ['a relation path two deep', 'filters[author][articles][title][$eq]=Deep Dive', { author: { articles: { title: { eq: 'Deep Dive' } } } }],
    ['a relation compared by id', 'filters[author]=1', { author: { id: { eq: '1' } } }],
    ['a relation that is empty', 'filters[author][$null]=true', { author: { id: { null: true } } }],
    ['a component field', 'filters[seo][metaTitle][$containsi]=site', { seo: { metaTitle: { containsi: 'site' } } }],
    ['localizations', 'filters[localizations][locale][$eq]=fr', { localizations: { locale: { eq: 'fr' } } }],
    ['a boolean', 'filters[featured][$eq]=true', { featured: { eq: true } }],
    ['a biginteger, as a decimal string', 'filters[bigViews][$gt]=2147483648000', { bigViews: { gt: '2147483648000' } }],
    ['a date', 'filters[publishDate][$gte]=2024-02-01', { publishDate: { gte: '2024-02-01' } }],
    ['a time, completed to HH:mm:ss.SSS', 'filters[readingTime][$eq]=00:05:30', { readingTime: { eq: '00:05:30.000' } }],
    ['a date-time, as ISO 8601 UTC', 'filters[scheduledAt][$lt]=2024-06-01T02:00:00%2B02:00', { scheduledAt: { lt: '2024-06-01T00:00:00.000Z' } }],
    ['a system timestamp', 'filters[createdAt][$notNull]=true', { createdAt: { notNull: true } }],
  ])('translates %s', (_name, query, filters) => {
    const { built, compact } = translate(model, `/api/articles?${query}`);
    expect(built.variables.filters).toEqual(filters);
    expect(compact).toContain('$filters:ArticleFiltersInput');
    expect(compact).toContain('articles(filters:$filters ');
  });
});

describe('sort', () => {
  it.each([
    ['a field name, ascending by default', 'sort=title', ['title:asc']],
    ['a field and a direction', 'sort=views:desc', ['views:desc']],
    ['a percent-encoded colon', 'sort=views%3Adesc', ['views:desc']],
    ['an upper-case direction', 'sort=title:DESC', ['title:desc']],
    ['a comma-separated list', 'sort=kind,title:desc', ['kind:asc', 'title:desc']],
    ['the array form', 'sort[0]=kind:asc&sort[1]=title:desc', ['kind:asc', 'title:desc']],
    ['the object form', 'sort[title]=desc', ['title:desc']],
    ['a relation path', 'sort=author.name:desc', ['author.name:desc']],
    ['a single component path', 'sort=seo.metaTitle', ['seo.metaTitle:asc']],
    ['the id and system fields', 'sort[0]=id:desc&sort[1]=createdAt', ['id:desc', 'createdAt:asc']],
  ])('translates %s', (_name, query, sort) => {
    const { built, compact } = translate(model, `/api/articles?${query}`);
    expect(built.variables.sort).toEqual(sort);
    expect(compact).toContain('articles(pagination:$pagination sort:$sort)');
  });

  it('passes no sort argument when none is asked', () => {
    const { built, compact } = translate(model, '/api/articles');
    expect(built.variables).not.toHaveProperty('sort');
    expect(compact).not.toContain('sort');
  });
});

describe('pagination', () => {
  it.each([
    ['the REST default of 25 per page', '', { page: 1, pageSize: 25 }, 'page pageSize pageCount total'],
    ['page and pageSize', 'pagination[page]=2&pagination[pageSize]=2', { page: 2, pageSize: 2 }, 'page pageSize pageCount total'],
    ['a page size capped at 100', 'pagination[pageSize]=1000', { page: 1, pageSize: 100 }, 'page pageSize pageCount total'],
    ['page 0 read as page 1, as Strapi does', 'pagination[page]=0', { page: 1, pageSize: 25 }, 'page pageSize pageCount total'],
    ['start and limit, selecting only the total', 'pagination[start]=1&pagination[limit]=2', { start: 1, limit: 2 }, 'total'],
    ['limit -1 as the maximum', 'pagination[limit]=-1', { start: 0, limit: 100 }, 'total'],
    ['withCount=false, selecting no count', 'pagination[withCount]=false', { page: 1, pageSize: 25 }, 'page pageSize'],
  ])('translates %s', (_name, query, pagination, meta) => {
    const { built, compact } = translate(model, `/api/articles?${query}`);
    expect(built.variables.pagination).toEqual(pagination);
    expect(compact).toContain(`meta{pagination{${meta}}}`);
  });

  it('selects no meta for start and limit without a count', () => {
    const { compact } = translate(model, '/api/articles?pagination[start]=0&pagination[withCount]=false');
    expect(compact).not.toContain('meta');
  });
});

describe('locale and publication state', () => {
  it.each([
    ['a locale code', 'locale=fr', { locale: 'fr' }, 'articles(pagination:$pagination locale:$locale)'],
    ['every locale', 'locale=all', { locale: 'all' }, 'articles(pagination:$pagination locale:$locale)'],
    ['the preview state, as the enum value', 'publicationState=preview', { publicationState: 'PREVIEW' }, 'articles(pagination:$pagination publicationState:$publicationState)'],
    ['the live state', 'publicationState=live', { publicationState: 'LIVE' }, 'articles(pagination:$pagination publicationState:$publicationState)'],
  ])('passes %s as a variable', (_name, query, variables, call) => {
    const { built, compact } = translate(model, `/api/articles?${query}`);
    expect(built.variables).toMatchObject(variables);
    expect(compact).toContain(call);
  });

  it.each([
    ['locale on a type that is not localized', '/api/authors?locale=fr'],
    ['publicationState on a type without drafts', '/api/authors?publicationState=preview'],
  ])('ignores %s at the root', (_name, path) => {
    const { compact } = translate(model, path);
    expect(compact).toContain('authors(pagination:$pagination)');
  });
});

describe('routes', () => {
  it.each([
    [
      'one entry by id, the id as a variable',
      '/api/articles/2',
      'query RestFindOne($id: ID) { article(id: $id) { data { id attributes { {{article}} } } } }',
      { id: '2' },
    ],
    [
      'one entry by id ignores the locale, as Strapi does, and keeps the publication state',
      '/api/articles/5?locale=fr&publicationState=preview',
      'query RestFindOne($id: ID $publicationState: PublicationState) { article(id: $id publicationState: $publicationState) { data { id attributes { {{article}} } } } }',
      { id: '5', publicationState: 'PREVIEW' },
    ],
    [
      'a single type without arguments',
      '/api/global',
      'query RestFindSingle { global { data { id attributes { {{global}} } } } }',
      {},
    ],
    [
      'the media library, every file without a count',
      '/api/upload/files',
      'query RestFindMany($pagination: PaginationArg) { uploadFiles(pagination: $pagination) { data { id attributes { {{file}} } } } }',
      { pagination: { start: 0, limit: 100 } },
    ],
    [
      'one media file by id',
      '/api/upload/files/3',
      'query RestFindOne($id: ID) { uploadFile(id: $id) { data { id attributes { {{file}} } } } }',
      { id: '3' },
    ],
  ])('translates %s', (_name, path, document, variables) => {
    const { built, compact } = translate(model, path);
    expect(compact).toBe(expectedDocument(model, document));
    expect(built.variables).toEqual(variables);
  });
});
