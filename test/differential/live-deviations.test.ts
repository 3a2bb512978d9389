// The live read differential's documented deviations (live/deviations.mjs) recognise exactly their
// rows: each rule on a pair of answers (Strapi's, ours) it must explain, and on pairs just beside
// it that it must not. Rules that ask the gateway a variant of the request are given a stand-in
// that answers canned bodies and records what it was asked.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DEVIATIONS, NO_ANSWER, deviationContext, explain, foldedValues, insensitive, type LiveAnswer, type LiveCase } from './live/deviations.mjs';
import { loadModel } from './live/model.mjs';

const SCHEMA = 'test/fixtures/schemas/preview-inheritance';
const seed = JSON.parse(readFileSync('test/fixtures/seeds/preview-inheritance.json', 'utf8'));
// Reviews are not readable here, so a populate filter through `reviews` is one Strapi lets through.
seed.roles.public.find = seed.roles.public.find.filter((uid: string) => uid !== 'api::review.review');
const model = loadModel(SCHEMA);

const compare = (want: LiveAnswer, got: LiveAnswer) => (isDeepStrictEqual([want.status, want.body], [got.status, got.body]) ? [] : ['differs']);
const rest = (path: string): LiveCase => ({ name: 'case', path });
const gql = (graphql: string, variables?: Record<string, unknown>): LiveCase => ({ name: 'case', graphql, ...(variables ? { variables } : {}) });
const list = (...ids: number[]): LiveAnswer => ({ status: 200, body: { data: ids.map((id) => ({ id, attributes: {} })), meta: { pagination: { page: 1, pageSize: 25, pageCount: ids.length ? 1 : 0, total: ids.length } } } });
const gqlList = (field: string, ...ids: number[]): LiveAnswer => ({ body: { data: { [field]: { data: ids.map((id) => ({ id: String(id), attributes: {} })) } } } });
const refused = (name: string): LiveAnswer => ({ status: 400, body: { data: null, error: { status: 400, name: 'ValidationError', message: `Invalid parameter ${name}`, details: {} } } });

/** The names of the deviations explaining (want, got) for `c`, and the variants the gateway was asked. */
async function judged(c: LiveCase, want: LiveAnswer, got: LiveAnswer, variant?: LiveAnswer | ((v: LiveCase) => LiveAnswer)) {
  const asked: LiveCase[] = [];
  const ask = async (v: LiveCase) => (asked.push(v), typeof variant === 'function' ? variant(v) : variant ?? got);
  return { explained: await explain(c, want, got, deviationContext(model, seed, ask), compare), asked };
}

const FORBIDDEN = 'filter through a type the role cannot read, inside populate: 400';
const COMPONENT_FORBIDDEN = 'relation in a component to a type the role cannot read: Forbidden, not empty';
const RELATION_FILTER = 'relation filter sees published entries only (live state)';
const CASE_SENSITIVE = '$contains and co. case-sensitive';
const DRAFT_HIDDEN = 'draft hidden (by id, through relations)';
const DATE_WORDS = 'date value refused in our words';

describe('the live differential\'s documented deviations', () => {
  // diff.mjs gives a server that did not answer this status and the error's name as the body.
  it.each([
    ['the gateway', rest('/api/restaurants/1'), list(1), { status: NO_ANSWER, body: 'TypeError' }],
    ['Strapi', gql('{ dishes { data { id } } }'), { status: NO_ANSWER, body: 'ECONNREFUSED' }, gqlList('dishes', 1)],
  ] as const)('explains nothing when %s did not answer', async (_name, c, want, got) => {
    expect((await judged(c, want, got)).explained).toBeUndefined();
  });

  it.each([
    ['a populate filter through a type the role cannot read, refused by us', rest('/api/restaurants?populate[dishes][filters][restaurant][reviews][text][$eq]=On'), list(1), refused('reviews')],
    ['the same filter inside a dynamic zone\'s populate', rest('/api/menu?populate[sections][on][shared.pick][populate][restaurants][filters][reviews][text][$eq]=On'), list(1), refused('reviews')],
  ] as const)('explains %s', async (_name, c, want, got) => {
    expect((await judged(c, want, got)).explained).toEqual([FORBIDDEN]);
  });

  const refusedError = { message: 'Forbidden access', extensions: { error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} }, code: 'FORBIDDEN' } };
  const inPlan = (features: unknown) => ({ page: { data: { attributes: { sections: [{ plans: [{ name: 'Juniper', features }] }, {}] } } } });
  const PLAN = gql('{ page(id: 8) { data { attributes { sections { ... on Pricing { plans { name features { data { id } } } } } } } } }');
  it.each([
    ['an empty relation in a component', { body: { data: inPlan({ data: [] }) } }, { body: { data: inPlan(null), errors: [refusedError] } }, [COMPONENT_FORBIDDEN]],
    ['an empty relation in a component, errors as diff.mjs keeps them', { body: { data: inPlan({ data: [] }) } }, { body: { data: inPlan(null), errors: [{ code: 'FORBIDDEN', message: 'Forbidden access', path: null }] } }, [COMPONENT_FORBIDDEN]],
    ['an empty to-one relation in a component', { body: { data: inPlan({ data: null }) } }, { body: { data: inPlan(null), errors: [refusedError, refusedError] } }, [COMPONENT_FORBIDDEN]],
    ['a relation holding entries', { body: { data: inPlan({ data: [{ id: '1' }] }) } }, { body: { data: inPlan(null), errors: [refusedError] } }, undefined],
    ['our error not a refusal', { body: { data: inPlan({ data: [] }) } }, { body: { data: inPlan(null), errors: [{ ...refusedError, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } }, undefined],
    ['our refusal with a path', { body: { data: inPlan({ data: [] }) } }, { body: { data: inPlan(null), errors: [{ ...refusedError, path: ['page'] }] } }, undefined],
    ['Strapi refusing too', { body: { data: inPlan(null), errors: [refusedError, refusedError] } }, { body: { data: inPlan(null), errors: [refusedError] } }, undefined],
  ] as const)('a relation Strapi answers in a component, refused by us: %s', async (_name, want, got, explained) => {
    expect((await judged(PLAN, want as LiveAnswer, got as LiveAnswer)).explained).toEqual(explained);
  });

  it.each([
    ['the filter at the root, where Strapi refuses it too', rest('/api/restaurants?filters[reviews][text][$eq]=On'), refused('reviews')],
    ['a populate filter through a readable type', rest('/api/reviews?populate[restaurant][filters][dishes][name][$eq]=Soup'), refused('dishes')],
    ['a refusal naming another parameter', rest('/api/restaurants?populate[dishes][filters][restaurant][reviews][text][$eq]=On'), refused('text')],
  ] as const)('does not take a 400 for the populate filter rule: %s', async (_name, c, got) => {
    expect((await judged(c, list(1), got)).explained).toBeUndefined();
  });

  it.each([
    ['a REST root filter', rest('/api/reviews?filters[restaurant][name][$eq]=Hidden'), list(1), list(), list(1), '/api/reviews?filters[restaurant][name][$eq]=Hidden&publicationState=preview'],
    ['a REST populate filter', rest('/api/reviews?populate[restaurant][filters][dishes][name][$eq]=Stew'), list(2), list(), list(2), '/api/reviews?populate[restaurant][filters][dishes][name][$eq]=Stew&publicationState=preview'],
    ['a REST root filter whose preview lists a draft root entry', rest('/api/restaurants?filters[dishes][name][$eq]=Stew'), list(1), list(), list(1, 2), '/api/restaurants?filters[dishes][name][$eq]=Stew&publicationState=preview'],
  ] as const)('explains a relation filter matching through a draft: %s', async (_name, c, want, got, variant, asked) => {
    const result = await judged(c, want, got, variant);
    expect(result.explained).toEqual([RELATION_FILTER]);
    expect(result.asked.map((v) => v.path)).toEqual([asked]);
  });

  it('explains a GraphQL relation filter, asking the root field in the preview and hiding the drafts it lists', async () => {
    const c = gql('{ dishes(filters: { restaurant: { name: { eq: "Hidden (draft)" } } }) { data { id } } }');
    const result = await judged(c, gqlList('dishes', 1), gqlList('dishes'), gqlList('dishes', 1, 2));
    expect(result.explained).toEqual([RELATION_FILTER]);
    const previewed = '{ dishes(filters: { restaurant: { name: { eq: "Hidden (draft)" } } }, publicationState: PREVIEW) { data { id } } }';
    expect(result.asked.map((v) => print(parse(v.graphql!)))).toEqual([print(parse(previewed))]);
  });

  // A root without drafts has no preview: Strapi (live mode only) is asked with published related entries.
  const PUBLISHED_ONLY = 'relation filter sees published entries only (root without drafts: Strapi asked for published ones)';
  async function judgedByStrapi(c: LiveCase, want: LiveAnswer, got: LiveAnswer, published: LiveAnswer) {
    const asked: LiveCase[] = [];
    const askStrapi = async (v: LiveCase) => (asked.push(v), published);
    const ctx = deviationContext(model, seed, async () => got, askStrapi);
    return { explained: await explain(c, want, got, ctx, compare), asked: asked.map((v) => print(parse(v.graphql!))) };
  }

  it.each([
    [
      'a root filter',
      '{ reviews(filters: { restaurant: { name: { eq: "Hidden (draft)" } } }) { data { id } } }',
      '{ reviews(filters: { restaurant: { name: { eq: "Hidden (draft)" }, publishedAt: { notNull: true } } }) { data { id } } }',
    ],
    [
      'a filter inside or, beside one of the entry\'s own fields',
      '{ reviews(filters: { or: [{ restaurant: { name: { eq: "x" } } }, { text: { eq: "y" } }] }) { data { id } } }',
      '{ reviews(filters: { or: [{ restaurant: { name: { eq: "x" }, publishedAt: { notNull: true } } }, { text: { eq: "y" } }] }) { data { id } } }',
    ],
    [
      'two relations deep, and a selected relation\'s own filter through drafts',
      '{ reviews(filters: { restaurant: { dishes: { name: { eq: "Stew" } } } }) { data { id attributes { restaurant(filters: { dishes: { name: { eq: "Soup" } } }) { data { id } } } } } }',
      '{ reviews(filters: { restaurant: { dishes: { name: { eq: "Stew" }, publishedAt: { notNull: true } }, publishedAt: { notNull: true } } }) { data { id attributes { restaurant(filters: { dishes: { name: { eq: "Soup" }, publishedAt: { notNull: true } } }) { data { id } } } } } }',
    ],
  ])('explains a GraphQL relation filter through drafts at a root without them, asking Strapi for published ones: %s', async (_name, graphql, asked) => {
    const result = await judgedByStrapi(gql(graphql), gqlList('reviews', 1), gqlList('reviews'), gqlList('reviews'));
    expect(result.explained).toEqual([PUBLISHED_ONLY]);
    expect(result.asked).toEqual([print(parse(asked))]);
  });

  it.each([
    ['Strapi\'s published-only answer differs from ours', gql('{ reviews(filters: { restaurant: { name: { eq: "x" } } }) { data { id } } }'), gqlList('reviews', 1)],
    ['no filter goes through a type with drafts', gql('{ reviews(filters: { text: { eq: "y" } }) { data { id } } }'), gqlList('reviews')],
    ['a REST case (its preview is asked of us instead)', rest('/api/reviews?filters[text][$eq]=y'), list()],
  ] as const)('does not take a difference for the published-only rule when %s', async (_name, c, published) => {
    const want = c.graphql ? gqlList('reviews', 1) : list(1);
    const got = c.graphql ? gqlList('reviews') : list();
    expect((await judgedByStrapi(c, want, got, published)).explained).toBeUndefined();
  });

  it.each([
    ['a relation filter through a draft', 'a case already in the preview', rest('/api/reviews?filters[restaurant][name][$eq]=Hidden&publicationState=preview'), list(1)],
    ['a relation filter through a draft', 'a filter through a type without drafts', rest('/api/restaurants?filters[reviews][text][$eq]=On'), list(1)],
    ['a relation filter through a draft', 'a filter on the entry\'s own fields', rest('/api/restaurants?filters[name][$eq]=Open'), list(1)],
    ['a relation filter through a draft', 'a GraphQL root of a type without drafts (no preview to ask)', gql('{ reviews(filters: { restaurant: { name: { eq: "Hidden (draft)" } } }) { data { id } } }'), list(1)],
    ['a relation filter through a draft', 'a variant answering otherwise than Strapi', rest('/api/reviews?filters[restaurant][name][$eq]=Hidden'), list(3)],
    ['a case-sensitive operator', 'an insensitive operator already', rest('/api/restaurants?filters[name][$containsi]=open'), list(1)],
    ['a case-sensitive operator', 'no text operator', rest('/api/restaurants?filters[name][$eq]=open'), list(1)],
    ['a case-sensitive operator', 'a variant answering otherwise than Strapi', rest('/api/restaurants?filters[name][$contains]=open'), list(3)],
  ] as const)('does not take a difference for %s: %s', async (_rule, _name, c, variant) => {
    expect((await judged(c, list(1), list(), variant)).explained).toBeUndefined();
  });

  it.each([
    ['a REST filter', rest('/api/restaurants?filters[name][$contains]=open'), '/api/restaurants?filters[name][$containsi]=open'],
    ['a REST populate filter', rest('/api/restaurants?populate[dishes][filters][name][$notContains]=s'), '/api/restaurants?populate[dishes][filters][name][$notContainsi]=s'],
  ] as const)('explains a case-sensitive text operator: %s', async (_name, c, asked) => {
    const result = await judged(c, list(1), list(), list(1));
    expect(result.explained).toEqual([CASE_SENSITIVE]);
    expect(result.asked.map((v) => v.path)).toEqual([asked]);
  });

  it('explains a case-sensitive operator in a relation filter through a draft, asking both variants in turn', async () => {
    const c = rest('/api/reviews?filters[restaurant][name][$contains]=hidden');
    const answers = (v: LiveCase) => (v.path!.includes('publicationState=preview') ? list(1) : list(3));
    const result = await judged(c, list(1), list(), answers);
    expect(result.explained).toEqual([CASE_SENSITIVE, RELATION_FILTER]);
    expect(result.asked.map((v) => v.path)).toEqual([
      '/api/reviews?filters[restaurant][name][$containsi]=hidden',
      '/api/reviews?filters[restaurant][name][$containsi]=hidden&publicationState=preview',
    ]);
  });

  it.each([
    ['GraphQL arguments', gql('{ restaurants(filters: { name: { startsWith: "o" } }) { data { id } } }'), gql('{ restaurants(filters: { name: { startsWithi: "o" } }) { data { id } } }')],
    ['GraphQL variables', gql('query($f: RestaurantFiltersInput) { restaurants(filters: $f) { data { id } } }', { f: { name: { endsWith: "N" } } }),
      gql('query($f: RestaurantFiltersInput) { restaurants(filters: $f) { data { id } } }', { f: { name: { endsWithi: "N" } } })],
    ['none to change', gql('{ restaurants(filters: { name: { containsi: "o" } }) { data { id } } }'), undefined],
  ] as const)('makes the text operators of %s insensitive', (_name, c, variant) => {
    expect(insensitive(c)).toEqual(variant);
  });

  // Strapi's SQLite lowercases ASCII letters only: `nei: "lANTERNE ÉRABLE"` keeps `É`, so an entry
  // reading "Lanterne érable" is not equal to it there, and is here.
  const FOLDED = 'case-insensitive operators fold every letter, not ASCII alone';
  async function judgedFolded(c: LiveCase, want: LiveAnswer, got: LiveAnswer, strapiFolded: LiveAnswer) {
    const asked: LiveCase[] = [];
    const ctx = deviationContext(model, seed, async () => got, async (v: LiveCase) => (asked.push(v), strapiFolded));
    return { explained: await explain(c, want, got, ctx, compare), asked };
  }
  it.each([
    ['Strapi asked with the value in lower case answers as we do', list(1, 2), list(1), list(1), [FOLDED]],
    ['Strapi asked so still answers otherwise', list(1, 2), list(1), list(1, 2), undefined],
  ] as const)('a $nei on a letter beyond ASCII: %s', async (_name, want, got, strapiFolded, expected) => {
    const result = await judgedFolded(rest('/api/reviews?filters[text][$nei]=lANTERNE%20%C3%89RABLE'), want, got, strapiFolded);
    expect(result.explained).toEqual(expected);
    expect(result.asked.map((v) => v.path)).toEqual(['/api/reviews?filters[text][$nei]=lanterne%20%C3%A9rable']);
  });

  it('asks Strapi nothing again for a value of ASCII letters, which its lower() folds too', async () => {
    const result = await judgedFolded(rest('/api/reviews?filters[text][$eqi]=LANTERNE'), list(1), list(1, 2), list(1, 2));
    expect(result.explained).toBeUndefined();
    expect(result.asked).toEqual([]);
  });

  it.each([
    ['a REST filter', rest('/api/reviews?filters[text][$containsi]=GENI%C3%88VRE&filters[id][$in][0]=1'), rest('/api/reviews?filters[text][$containsi]=geni%C3%A8vre&filters[id][$in][0]=1')],
    ['GraphQL arguments', gql('{ reviews(filters: { text: { eqi: "ÉRABLE" }, id: { eq: "É" } }) { data { id } } }'), gql('{ reviews(filters: { text: { eqi: "érable" }, id: { eq: "É" } }) { data { id } } }')],
    ['GraphQL variables', gql('query($f: ReviewFiltersInput) { reviews(filters: $f) { data { id } } }', { f: { or: [{ text: { startsWithi: 'Über' } }, { text: { eq: 'Ä' } }] } }),
      gql('query($f: ReviewFiltersInput) { reviews(filters: $f) { data { id } } }', { f: { or: [{ text: { startsWithi: 'über' } }, { text: { eq: 'Ä' } }] } })],
    ['none beyond ASCII', gql('{ reviews(filters: { text: { containsi: "OPEN" } }) { data { id } } }'), undefined],
  ] as const)('folds the case-insensitive values of %s', (_name, c, variant) => {
    expect(foldedValues(c)).toEqual(variant);
  });

  const forbidden = { message: 'Forbidden access', code: 'FORBIDDEN', path: null };
  const byId = (id: number, errors?: unknown[]): LiveAnswer => ({ body: { ...(errors ? { errors } : {}), data: { restaurant: { data: { id: String(id), attributes: { name: 'x' } } } } } });
  it.each([
    ['hides a draft read by id with the errors of its fields', 2, [DRAFT_HIDDEN]],
    ['leaves a published entry\'s errors to be compared', 1, undefined],
  ] as const)('%s', async (_name, id, expected) => {
    const c = gql(`{ restaurant(id: ${id}) { data { id attributes { name } } } }`);
    const ours: LiveAnswer = { body: { data: { restaurant: { data: id === 2 ? null : { id: '1', attributes: { name: 'x' } } } } } };
    expect((await judged(c, byId(id, [forbidden]), ours)).explained).toEqual(expected);
  });

  const reviews = (restaurants: Array<number | null>, errors: unknown[]): LiveAnswer => ({ body: { ...(errors.length ? { errors } : {}), data: { reviews: { data: restaurants.map((restaurant, i) => ({ id: String(i + 1), attributes: { restaurant: { data: restaurant === null ? null : { id: String(restaurant), attributes: { name: 'x' } } } } })) } } } });
  const denied = (message = 'Forbidden access') => ({ message, code: 'FORBIDDEN', path: null });
  it.each([
    ['takes the path-less errors a draft hidden through a relation took with it', [denied()], [DRAFT_HIDDEN]],
    ['leaves more errors gone than drafts hidden to be compared', [], undefined],
    ['leaves errors of other words to be compared', [denied('Another refusal')], undefined],
  ] as const)('%s', async (_name, ours, expected) => {
    const c = gql('{ reviews { data { id attributes { restaurant { data { id attributes { name } } } } } } }');
    expect((await judged(c, reviews([2, 1], [denied(), denied()]), reviews([null, 1], [...ours]))).explained).toEqual(expected);
  });

  const variableError = (at: string, tail: string) => ({ message: `Variable "$f" got invalid value 17 at "${at}"; ${tail}`, code: 'BAD_USER_INPUT', path: null });
  it.each([
    ['the same variable, value and place', 'f.publishDate.gte', [DATE_WORDS]],
    ['another place', 'f.publishDate.lte', undefined],
  ] as const)('takes our words for a date variable refused at %s', async (_name, at, expected) => {
    const c = gql('query($f: RestaurantFiltersInput) { restaurants(filters: $f) { data { id } } }', { f: {} });
    const want = { body: { errors: [variableError('f.publishDate.gte', 'Date cannot represent non string type 17')] } };
    const got = { body: { errors: [variableError(at, 'Date cannot represent 17: expected a date YYYY-MM-DD on the calendar')] } };
    expect((await judged(c, want, got)).explained).toEqual(expected);
  });

  const SORT = 'sort through a relation: Strapi answers the joined field in place of the own one';
  const articles = (...entries: Array<Record<string, unknown>>): LiveAnswer => ({ status: 200, body: { data: entries.map((attributes, i) => ({ id: i + 1, attributes })), meta: {} } });
  it.each([
    ['the own field, asked', '/api/restaurants?sort=category.slug:desc', articles({ title: 'a', slug: 'cat-1' }), articles({ title: 'a', slug: 'own-1' }), [SORT]],
    ['the field `fields` leaves out', '/api/restaurants?sort=category.slug:desc&fields[0]=title', articles({ title: 'a', slug: 'cat-1' }), articles({ title: 'a' }), [SORT]],
    ['the field `fields` names, missing from ours', '/api/restaurants?sort=category.slug:desc&fields[0]=title&fields[1]=slug', articles({ title: 'a', slug: 'cat-1' }), articles({ title: 'a' }), undefined],
    ['another field differing', '/api/restaurants?sort=category.slug:desc&fields[0]=title', articles({ title: 'a', slug: 'cat-1' }), articles({ title: 'b' }), undefined],
  ] as const)('takes Strapi\'s joined sort field for ours: %s', async (_name, path, want, got, expected) => {
    expect((await judged(rest(path), want, got)).explained).toEqual(expected);
  });

  const UNSORTED = 'list without sort in id order, not SQLite plan order';
  const page = (total: number, ...ids: number[]): LiveAnswer => ({ status: 200, body: { data: ids.map((id) => ({ id, attributes: {} })), meta: { pagination: { page: 1, pageSize: ids.length, pageCount: total, total } } } });
  it.each([
    ['the whole list, in another order: both put in id order, Strapi not asked', '/api/categories', page(2, 5, 1), page(2, 1, 5), page(2, 1, 5), [UNSORTED], []],
    ['one page of a longer list: Strapi asked for it in id order', '/api/categories?pagination[pageSize]=1', page(5, 5), page(5, 1), page(5, 1), [UNSORTED], ['/api/categories?pagination[pageSize]=1&sort=id:asc']],
    ['one page, Strapi in id order answering another entry', '/api/categories?pagination[pageSize]=1', page(5, 5), page(5, 1), page(5, 2), undefined, ['/api/categories?pagination[pageSize]=1&sort=id:asc']],
    ['a list with its own sort', '/api/categories?sort=slug', page(2, 5, 1), page(2, 1, 5), page(2, 1, 5), undefined, []],
  ] as const)('orders a list without sort by id: %s', async (_name, path, want, got, strapiById, expected, asked) => {
    const strapiAsked: string[] = [];
    const ctx = deviationContext(model, seed, async () => got, async (v: LiveCase) => (strapiAsked.push(v.path!), strapiById));
    expect({ explained: await explain(rest(path), want, got, ctx, compare), asked: strapiAsked }).toEqual({ explained: expected, asked });
  });

  const gqlPage = (...ids: number[]): LiveAnswer => ({ status: 200, body: { data: { categories: { data: ids.map((id) => ({ id: String(id), attributes: {} })) } } } });
  it.each([
    // The corporate starter, --rand 7403: the root list unsorted, a nested list sorted.
    ['a nested list sorted, the root not', '{ categories { data { id attributes { articles(sort: "title:asc") { data { id } } } } } }', [UNSORTED]],
    ['the root list sorted', '{ categories(sort: "slug:asc") { data { id } } }', undefined],
    ['the root list sorted by a variable', 'query($s: [String]) { categories(sort: $s) { data { id } } }', undefined],
  ] as const)('orders a GraphQL root list without sort by id: %s', async (_name, query, expected) => {
    expect((await judged(gql(query), gqlPage(5, 1), gqlPage(1, 5))).explained).toEqual(expected);
  });

  const DRAFT_ONLY = 'relation filter sees published entries only (an entry related to drafts alone looks unrelated)';
  const NULL_RESTAURANT = '{ reviews(filters: { restaurant: { name: { null: true } } }) { data { id } } }';
  it.each([
    ['GraphQL: the review whose restaurant is a draft', gql(NULL_RESTAURANT), gqlList('reviews'), gqlList('reviews', 1), [DRAFT_ONLY]],
    ['REST: the same, its total lowered with it', rest('/api/reviews?filters[restaurant][name][$null]=true'), list(), list(1), [DRAFT_ONLY]],
    ['a review whose restaurant is published', gql(NULL_RESTAURANT), gqlList('reviews'), gqlList('reviews', 2), undefined],
    ['an entry Strapi answers and we do not', gql(NULL_RESTAURANT), gqlList('reviews', 2), gqlList('reviews', 1), undefined],
    ['through an inverse relation holding a published entry beside a draft', gql('{ restaurants(filters: { dishes: { name: { null: true } } }) { data { id } } }'), gqlList('restaurants'), gqlList('restaurants', 1), undefined],
    ['in the preview', rest('/api/reviews?filters[restaurant][name][$null]=true&publicationState=preview'), list(), list(1), undefined],
  ] as const)('takes out the entries a relation of drafts alone lets through: %s', async (_name, c, want, got, expected) => {
    expect((await judged(c, want, got)).explained).toEqual(expected);
  });

  it('names, for each rule, a row of docs/decisions.md', () => {
    const decisions = readFileSync('docs/decisions.md', 'utf8');
    expect(DEVIATIONS.flatMap((d) => d.row.split(' / ')).filter((row) => !decisions.includes(row))).toEqual([]);
  });

  const failed = (message: string, code = 'INTERNAL_SERVER_ERROR'): LiveAnswer => ({ body: { data: { articles: null }, errors: [{ message, code, path: ['articles'] }] } });
  const NOT_THROUGH_RELATION = gql('{ articles(filters: { category: { not: { description: { ne: "x" } } } }) { data { id } } }');

  it('explains Strapi failing a GraphQL request (its root field null, an internal error) that we answer', async () => {
    expect((await judged(NOT_THROUGH_RELATION, failed('Undefined attribute level operator t2.description'), gqlList('articles'))).explained).toEqual(['Strapi answers 500']);
  });

  it.each([
    ['an error of the client\'s', failed('Invalid parameter', 'BAD_USER_INPUT')],
    ['a timestamp Strapi cannot answer', failed('DateTime cannot represent an invalid date-time-string 1714675500000.')],
    ['an internal error beside data', { body: { data: { articles: { data: [] } }, errors: [{ message: 'boom', code: 'INTERNAL_SERVER_ERROR', path: ['articles'] }] } }],
  ] as const)('does not take %s for Strapi failing', async (_name, want) => {
    expect((await judged(NOT_THROUGH_RELATION, want, gqlList('articles'))).explained ?? []).not.toContain('Strapi answers 500');
  });
});

