// Query string -> GraphQL document, one row per row of the spec's tables: 4.2 (populate),
// 4.3 (fields) and 4.4 (populate combined with fields, filters and sort). `{{article}}`
// stands for the article's full default field list, `{{shared.seo}}` for a component's;
// `{{article^views}}` for it with `views` first (a populated list sorted by `views`).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentModel } from '../../src/model/types.ts';
import { expectedDocument, fixtureModel, translate } from './support/fixture.ts';

const PAGE_META = 'meta { pagination { page pageSize pageCount total } }';
const DEFAULT_VARIABLES = { pagination: { page: 1, pageSize: 25 } };
const BOUND = 'pagination: { limit: 100 }';

/** `articles(pagination: $pagination) { data { id attributes { … } } meta … }`, or another root. */
function many(attributes: string, root = 'articles', variables = '$pagination: PaginationArg', args = 'pagination: $pagination'): string {
  return `query RestFindMany(${variables}) { ${root}(${args}) { data { id attributes { ${attributes} } } ${PAGE_META} } }`;
}

/** `{ data { id attributes { … } } }`: a populated relation or media field. */
const entity = (attributes: string) => `{ data { id attributes { ${attributes} } } }`;

let model: ContentModel;
beforeAll(async () => {
  model = await fixtureModel();
});

function expectTranslation(path: string, document: string, variables: Record<string, unknown>) {
  const { compact, built } = translate(model, path);
  expect(compact).toBe(expectedDocument(model, document));
  expect(built.variables).toEqual(variables);
}

describe('4.2 the populate parameter', () => {
  it.each([
    ['nothing is populated when the parameter is absent', '/api/articles', many('{{article}}')],
    [
      'populate=* populates every media, relation, component, dynamic zone and localizations one level deep, and leaves out tags the role cannot find',
      '/api/articles?populate=*',
      many(`{{article}} cover ${entity('{{file}}')} gallery(${BOUND}) ${entity('{{file}}')} author ${entity('{{author}}')}
        category ${entity('{{category}}')} related(${BOUND}) ${entity('{{article}}')} seo { id {{shared.seo}} }
        blocks { __typename ... on ComponentBlocksRichText { id body_on_ComponentBlocksRichText: body } ... on ComponentBlocksQuote { id title body_on_ComponentBlocksQuote: body rating }
          ... on ComponentBlocksMedia { id caption } ... on ComponentBlocksRelatedArticles { id } }
        localizations(${BOUND}) ${entity('{{article}}')}`),
    ],
    ['populate[0]=author populates one relation', '/api/articles?populate[0]=author', many(`{{article}} author ${entity('{{author}}')}`)],
    [
      'the array form populates several relations and media',
      '/api/articles?populate[0]=author&populate[1]=category&populate[2]=cover',
      many(`{{article}} author ${entity('{{author}}')} category ${entity('{{category}}')} cover ${entity('{{file}}')}`),
    ],
    [
      'the object form reaches a second level',
      '/api/articles?populate[author][populate][0]=articles',
      many(`{{article}} author ${entity(`{{author}} articles(${BOUND}) ${entity('{{article}}')}`)}`),
    ],
    [
      'the object form reaches a third level',
      '/api/categories?populate[articles][populate][author][populate][0]=avatar',
      many(`{{category}} articles(${BOUND}) ${entity(`{{article}} author ${entity(`{{author}} avatar ${entity('{{file}}')}`)}`)}`, 'categories'),
    ],
    ['a component returns its own fields, not its nested component or media', '/api/articles?populate[0]=seo', many('{{article}} seo { id {{shared.seo}} }')],
    [
      'a component and its nested component by dot path',
      '/api/articles?populate[0]=seo&populate[1]=seo.metaSocial',
      many('{{article}} seo { id {{shared.seo}} metaSocial { id {{shared.meta-social}} } }'),
    ],
    [
      'a dot path to a media field inside a component populates both',
      '/api/articles?populate[0]=seo.shareImage',
      many(`{{article}} seo { id {{shared.seo}} shareImage ${entity('{{file}}')} }`),
    ],
    [
      'a three-segment dot path follows relations as deep as it goes',
      '/api/articles?populate=author.articles.cover',
      many(`{{article}} author ${entity(`{{author}} articles(${BOUND}) ${entity(`{{article}} cover ${entity('{{file}}')}`)}`)}`),
    ],
    [
      'a dynamic zone at first level returns each component with id and scalar fields',
      '/api/articles?populate[0]=blocks',
      many(`{{article}} blocks { __typename ... on ComponentBlocksRichText { id body_on_ComponentBlocksRichText: body } ... on ComponentBlocksQuote { id title body_on_ComponentBlocksQuote: body rating }
        ... on ComponentBlocksMedia { id caption } ... on ComponentBlocksRelatedArticles { id } }`),
    ],
    [
      'the shared strategy applies populate=* to every component of the zone',
      '/api/articles?populate[blocks][populate]=*',
      many(`{{article}} blocks { __typename ... on ComponentBlocksRichText { id body_on_ComponentBlocksRichText: body } ... on ComponentBlocksQuote { id title body_on_ComponentBlocksQuote: body rating }
        ... on ComponentBlocksMedia { id caption file ${entity('{{file}}')} }
        ... on ComponentBlocksRelatedArticles { id header { id {{shared.header}} } articles(${BOUND}) ${entity('{{article}}')} } }`),
    ],
    [
      'the detailed strategy selects only the component types named under on, each with its own populate',
      '/api/articles?populate[blocks][on][blocks.related-articles][populate][articles][populate][0]=cover&populate[blocks][on][blocks.media][populate]=*',
      many(`{{article}} blocks { __typename
        ... on ComponentBlocksRelatedArticles { id articles(${BOUND}) ${entity(`{{article}} cover ${entity('{{file}}')}`)} }
        ... on ComponentBlocksMedia { id caption file ${entity('{{file}}')} } }`),
    ],
    [
      'a detailed strategy populating only a relation leaves the nested header component out (rule 5)',
      '/api/articles?populate[blocks][on][blocks.related-articles][populate][0]=articles',
      many(`{{article}} blocks { __typename ... on ComponentBlocksRelatedArticles { id articles(${BOUND}) ${entity('{{article}}')} } }`),
    ],
    [
      'a relation and the media field inside it (rule 6)',
      '/api/articles?populate[author][populate][0]=avatar',
      many(`{{article}} author ${entity(`{{author}} avatar ${entity('{{file}}')}`)}`),
    ],
    ['a relation to a content-type the role cannot find is not populated (rule 9)', '/api/articles?populate[0]=tags&fields[0]=title', many('{{article}}')],
    ['an unknown populate key is ignored', '/api/articles?populate[0]=nope&fields[0]=title', many('{{article}}')],
    [
      'a comma-separated string populates each name',
      '/api/articles?populate=author,category&fields[0]=title',
      many(`{{article}} author ${entity('{{author}}')} category ${entity('{{category}}')}`),
    ],
    ['populate[author]=true populates with defaults', '/api/articles?populate[author]=true&fields[0]=title', many(`{{article}} author ${entity('{{author}}')}`)],
    ['populate[author]=false populates nothing', '/api/articles?populate[author]=false&fields[0]=title', many('{{article}}')],
    ['localizations are populated like a to-many relation', '/api/articles?populate[0]=localizations&fields[0]=title', many(`{{article}} localizations(${BOUND}) ${entity('{{article}}')}`)],
    [
      'a self-relation is populated in both directions',
      '/api/categories?populate[0]=parent&populate[1]=children',
      many(`{{category}} parent ${entity('{{category}}')} children(${BOUND}) ${entity('{{category}}')}`, 'categories'),
    ],
    ['a repeatable component is a list without a pagination bound', '/api/authors?populate[0]=socials', many('{{author}} socials { id {{shared.social-link}} }', 'authors')],
  ])('%s', (_name, path, document) => expectTranslation(path, document, DEFAULT_VARIABLES));

  it('populates a single type with its media and component', () => {
    expectTranslation(
      '/api/global?populate[0]=favicon&populate[1]=defaultSeo',
      `query RestFindSingle { global { data { id attributes { {{global}} favicon ${entity('{{file}}')} defaultSeo { id {{shared.seo}} } } } } }`,
      {},
    );
  });
});

describe('4.3 the fields parameter', () => {
  it.each([
    ['fields[n]: the document selects every default field, whichever are listed (the answer shows those)', '/api/articles?fields[0]=title&fields[1]=views', many('{{article}}')],
    [
      'system fields listed: the same document',
      '/api/articles?fields[0]=title&fields[1]=createdAt&fields[2]=publishedAt&fields[3]=locale',
      many('{{article}}'),
    ],
    ['the wildcard returns every default attribute', '/api/articles?fields=*', many('{{article}}')],
    ['a single string names one field: the same document', '/api/articles?fields=title', many('{{article}}')],
    ['a comma-separated string names several fields: the same document', '/api/articles?fields=title,views', many('{{article}}')],
    ['naming only id: the same document (the answer shows no attribute)', '/api/articles?fields[0]=id', many('{{article}}')],
  ])('%s', (_name, path, document) => expectTranslation(path, document, DEFAULT_VARIABLES));
});

describe('4.4 populate combined with other parameters', () => {
  it.each([
    [
      'nested fields restrict the populated relation (top-level fields only the answer)',
      '/api/articles?fields[0]=title&fields[1]=slug&populate[author][fields][0]=name&populate[author][fields][1]=email',
      many(`{{article}} author ${entity('name email')}`),
      DEFAULT_VARIABLES,
    ],
    [
      'nested fields restrict a populated media field',
      '/api/articles?fields[0]=title&populate[cover][fields][0]=url&populate[cover][fields][1]=width',
      many(`{{article}} cover ${entity('url width')}`),
      DEFAULT_VARIABLES,
    ],
    [
      'filters inside populate filter the related items, passed as a variable',
      '/api/articles?fields[0]=title&populate[related][filters][title][$eq]=Deep Dive',
      many(`{{article}} related(filters: $related_filters ${BOUND}) ${entity('{{article}}')}`, 'articles',
        '$pagination: PaginationArg $related_filters: ArticleFiltersInput'),
      { ...DEFAULT_VARIABLES, related_filters: { title: { eq: 'Deep Dive' } } },
    ],
    [
      'sort inside populate orders the related items',
      '/api/authors?fields[0]=name&populate[articles][sort][0]=title:asc',
      many(`{{author}} articles(sort: $articles_sort ${BOUND}) ${entity('{{article}}')}`, 'authors', '$pagination: PaginationArg $articles_sort: [String]'),
      { ...DEFAULT_VARIABLES, articles_sort: ['title:asc'] },
    ],
    [
      'filters and sort together both apply to the relation',
      '/api/authors?fields[0]=name&populate[articles][filters][kind][$eq]=guide&populate[articles][sort][0]=views%3Aasc',
      many(`{{author}} articles(filters: $articles_filters sort: $articles_sort ${BOUND}) ${entity('{{article^views}}')}`, 'authors',
        '$pagination: PaginationArg $articles_filters: ArticleFiltersInput $articles_sort: [String]'),
      { ...DEFAULT_VARIABLES, articles_filters: { kind: { eq: 'guide' } }, articles_sort: ['views:asc'] },
    ],
    [
      'filters and sort on a repeatable component apply to its items',
      '/api/authors?fields[0]=name&populate[socials][filters][network][$eq]=github&populate[socials][sort]=url:desc',
      many('{{author}} socials(filters: $socials_filters sort: $socials_sort) { id {{shared.social-link^url}} }', 'authors',
        '$pagination: PaginationArg $socials_filters: ComponentSharedSocialLinkFiltersInput $socials_sort: [String]'),
      { ...DEFAULT_VARIABLES, socials_filters: { network: { eq: 'github' } }, socials_sort: ['url:desc'] },
    ],
    [
      'publicationState reaches the populated relations to draft-and-publish types',
      '/api/authors?fields[0]=name&populate[0]=articles&publicationState=preview',
      many(`{{author}} articles(${BOUND} publicationState: $publicationState) ${entity('{{article}}')}`, 'authors',
        '$pagination: PaginationArg $publicationState: PublicationState'),
      { ...DEFAULT_VARIABLES, publicationState: 'PREVIEW' },
    ],
  ])('%s', (_name, path, document, variables) => expectTranslation(path, document, variables));
});
