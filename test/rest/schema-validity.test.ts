// Every document the façade builds must be valid for the real schema (src/graphql): a document
// that fails `validate` is a translator bug, answered as 500. Checked for every REST conformance
// request and for the forms the conformance cases do not exercise.
import { roleGranting } from '../support/roles.ts';
import { readFile } from 'node:fs/promises';
import { type GraphQLSchema, validate } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole } from '../../src/auth/roles.ts';
import { NotFoundError, ValidationError } from '../../src/errors/errors.ts';
import { buildGraphQLSchema } from '../../src/graphql/build-schema.ts';
import type { ContentModel } from '../../src/model/types.ts';
import { fixtureModel, publicRole, translate } from './support/fixture.ts';

const requests = JSON.parse(await readFile('test/fixtures/rest/conformance-requests.json', 'utf8')) as Array<{ name: string; path: string }>;

let model: ContentModel;
let schema: GraphQLSchema;
beforeAll(async () => {
  model = await fixtureModel();
  schema = buildGraphQLSchema(model);
});

/** Null when the request is refused before a document exists (400, 404): nothing to validate. */
function documentErrors(path: string, role = publicRole): string[] | null {
  try {
    return validate(schema, translate(model, path, role).built.document).map((error) => error.message);
  } catch (error) {
    if (error instanceof ValidationError || error instanceof NotFoundError) return null;
    throw error;
  }
}

describe('documents built for the conformance requests', () => {
  it.each(requests)('are valid for the schema: $name', ({ path }) => {
    expect(documentErrors(path) ?? []).toEqual([]);
  });
});

describe('documents built for other forms', () => {
  it.each([
    '/api/articles?populate[blocks][populate]=*&populate[seo][populate]=*&populate[author][populate]=*&populate[localizations][populate]=*',
    '/api/articles?populate[related][populate][related][populate][author][populate][articles][fields][0]=title',
    '/api/articles?populate[gallery][filters][mime][$startsWith]=image&populate[gallery][sort]=name:desc',
    '/api/articles?populate[seo][populate][metaSocial][filters][socialNetwork][$eq]=Twitter&populate[seo][populate][metaSocial][sort]=title',
    '/api/articles?filters[$or][0][author][articles][seo][metaTitle][$containsi]=x&filters[$not][localizations][locale][$eq]=fr',
    '/api/articles?filters[bigViews][$between][0]=1&filters[bigViews][$between][1]=9&filters[price][$lt]=2.5&filters[publishDate][$notNull]=true',
    '/api/articles?filters[readingTime][$gt]=00:01:00&filters[scheduledAt][$lte]=2024-01-01&filters[meta][$notNull]=true&filters[featured][$ne]=false',
    '/api/articles?sort[0]=author.name:desc&sort[1]=seo.metaTitle&sort[2]=publishedAt',
    '/api/articles?pagination[start]=2&pagination[limit]=3&pagination[withCount]=false&locale=all&publicationState=preview',
    '/api/articles/1?populate=*&publicationState=preview',
    '/api/authors/1?populate[articles][populate]=*&publicationState=preview',
    '/api/categories?populate[children][populate][children][populate][parent][fields][0]=name&filters[parent][id][$null]=true',
    '/api/global?populate[defaultSeo][populate]=*&populate[favicon][fields][0]=url',
    '/api/upload/files?filters[mime][$containsi]=image&sort=size:desc&pagination[page]=1&pagination[pageSize]=2',
    '/api/upload/files/1?fields[0]=url',
    '/api/articles?fields[0]=id&populate[author][fields][0]=id',
  ])('are valid for the schema: %s', (path) => {
    expect(documentErrors(path)).toEqual([]);
  });

  it('are valid for a role that can find tags and the media library only', () => {
    const role = roleGranting('tags', { find: ['api::article.article', 'api::tag.tag'], findOne: ['plugin::upload.file'] });
    expect(documentErrors('/api/articles?populate=*&filters[tags][name][$eq]=alpha&sort=tags.name', role)).toEqual([]);
  });
});
