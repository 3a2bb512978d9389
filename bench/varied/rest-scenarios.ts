// The REST read scenarios of issue 34, varied: (dataset facts, a seeded stream) -> one request,
// its page, page size, filter values, sort, ids, locale and publication state drawn from the
// dataset, so no two are alike. Pure.
import type { BenchRequest } from '../scenarios.ts';
import type { DatasetFacts } from './dataset-facts.ts';
import { drawPage, drawView, pageParams, sortParams, SORTS, viewParams, withQuery } from './draws.ts';
import type { Random } from './random.ts';

/** A read scenario whose every request is drawn anew. */
export interface VariedScenario {
  id: string;
  label: string;
  protocol: 'rest' | 'graphql';
  /** One request of the scenario. */
  draw(facts: DatasetFacts, random: Random): BenchRequest;
}

export const get = (path: string): BenchRequest => ({ method: 'GET', path, headers: { accept: 'application/json' } });

export const DEEP_POPULATE = [
  'populate[author][populate][avatar]=true',
  'populate[category][populate][parent]=true',
  'populate[blocks][populate]=*',
  'populate[seo][populate]=*',
  'populate[related][populate][cover]=true',
];

/** A page of the view's articles in one of the total sorts, with `extra` parameters. */
function listPath(facts: DatasetFacts, random: Random, sizes: [number, number], extra: readonly string[]): string {
  const view = drawView(facts, random);
  const page = drawPage(random, view.articles.length, sizes[0], sizes[1]);
  return withQuery('/api/articles', [...extra, ...viewParams(view, random), ...sortParams(random.pick(SORTS)), ...pageParams(page, random)]);
}

const FIELDS = ['title', 'slug', 'views', 'publishDate', 'rating', 'price', 'kind', 'summary', 'featured'];

/** kind and a views threshold of a real article of the view (so some match), sorted, some fields. */
function filtersSortFields(facts: DatasetFacts, random: Random): BenchRequest {
  const view = drawView(facts, random);
  const article = random.pick(view.articles);
  const fields = random.sample(FIELDS, random.int(2, 5)).map((field, i) => `fields[${i}]=${field}`);
  const threshold = Math.max(0, article.views - random.int(0, 30_000));
  const sort = random.pick([['views:desc', 'id:asc'], ['views:asc', 'id:asc'], ['publishDate:desc', 'id:asc'], ['rating:desc', 'id:desc']]);
  const params = [`filters[kind][$eq]=${article.kind}`, `filters[views][$gte]=${threshold}`, ...sortParams(sort), ...fields];
  return get(withQuery('/api/articles', [...params, ...viewParams(view, random), ...pageParams({ page: random.int(1, 2), pageSize: random.int(10, 25) }, random)]));
}

/** A filter through a relation (author, category, tags, ids), its value from an article of the view. */
function relationFilter(facts: DatasetFacts, random: Random): BenchRequest {
  const view = drawView(facts, random);
  const article = random.pick(view.articles);
  const filter = random.pick([
    () => [`filters[author][id][$eq]=${article.author}`],
    () => [`filters[category][id][$eq]=${article.category}`],
    () => [`filters[tags][name][$eq]=${facts.tagNames[random.pick(article.tags) - 1]}`],
    () => [`filters[author][name][$containsi]=${encodeURIComponent(facts.authorNames[article.author - 1].split(' ').at(-1)!)}`],
    () => random.sample(view.articles, random.int(2, 12)).map((a, i) => `filters[id][$in][${i}]=${a.id}`),
  ])();
  const populate = ['populate[author][fields][0]=name', 'populate[category][fields][0]=name', 'populate[tags][fields][0]=name'];
  return get(withQuery('/api/articles', [...filter, ...populate, ...viewParams(view, random), ...sortParams(random.pick(SORTS)), ...pageParams({ page: 1, pageSize: random.int(10, 25) }, random)]));
}

/** What a page showing one article populates: everything, or some relations, components and zone. */
const ENTRY_POPULATES: readonly string[][] = [
  ['populate=*'],
  ['populate[0]=author', 'populate[1]=category', 'populate[2]=tags'],
  ['populate[seo][populate]=*', 'populate[blocks][populate]=*'],
  ['populate[author][populate][avatar]=true', 'populate[cover]=true', 'populate[seo]=true'],
  ['populate[related][fields][0]=title', 'populate[related][fields][1]=slug', 'populate[category][populate][parent]=true'],
  DEEP_POPULATE,
];

/** One article by id, populated some way, with some fields; a draft only with publicationState=preview. */
function byId(facts: DatasetFacts, random: Random): BenchRequest {
  const view = drawView(facts, random);
  const article = random.pick(view.articles);
  const state = article.draft || view.state === 'preview' ? ['publicationState=preview'] : random.pick([[], ['publicationState=live']]);
  const fields = random.chance(0.5) ? random.sample(FIELDS, random.int(1, 4)).map((field, i) => `fields[${i}]=${field}`) : [];
  return get(withQuery(`/api/articles/${article.id}`, [...random.pick(ENTRY_POPULATES), ...fields, ...state]));
}

export const REST_SCENARIOS: readonly VariedScenario[] = [
  { id: 'list', label: 'default list', protocol: 'rest', draw: (facts, random) => get(listPath(facts, random, [5, 50], [])) },
  { id: 'populate-all', label: 'populate=*', protocol: 'rest', draw: (facts, random) => get(listPath(facts, random, [5, 25], ['populate=*'])) },
  { id: 'deep-populate', label: 'deep populate', protocol: 'rest', draw: (facts, random) => get(listPath(facts, random, [5, 25], DEEP_POPULATE)) },
  { id: 'filters-sort-fields', label: 'filters + sort + fields', protocol: 'rest', draw: filtersSortFields },
  { id: 'relation-filter', label: 'relation filter', protocol: 'rest', draw: relationFilter },
  { id: 'populate-all-100', label: '100 entries, populate=*', protocol: 'rest', draw: (facts, random) => get(listPath(facts, random, [100, 100], ['populate=*'])) },
  { id: 'by-id', label: 'one entry by id', protocol: 'rest', draw: byId },
];
