// The GraphQL read scenarios of issue 34: four documents of different shapes (nested relations
// with their own filters and pagination; fragments, components and a dynamic zone; a single type
// beside an entry by id; filters as a variable), each request's variables drawn from the dataset.
import { readFileSync } from 'node:fs';
import type { BenchRequest } from '../scenarios.ts';
import type { ArticleFact, DatasetFacts } from './dataset-facts.ts';
import { drawPage, drawView, SORTS, type View } from './draws.ts';
import type { Random } from './random.ts';
import type { VariedScenario } from './rest-scenarios.ts';

const document = (name: string) => readFileSync(new URL(`../scenarios/${name}.graphql`, import.meta.url), 'utf8');

/** A POST /graphql of `query` with `variables`. */
export function graphqlPost(query: string, variables: Record<string, unknown>): BenchRequest {
  return { method: 'POST', path: '/graphql', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) };
}

/** The root list's arguments every document shares: locale, state, a page that exists, a total sort. */
function listArguments(view: View, random: Random, sizes: [number, number]): Record<string, unknown> {
  const page = drawPage(random, view.articles.length, sizes[0], sizes[1]);
  return { locale: view.locale, state: view.state.toUpperCase(), pagination: page, sort: random.pick(SORTS) };
}

/** A filter on the article's own values or through its relations, true of `article`. */
function articleFilter(facts: DatasetFacts, random: Random, article: ArticleFact, view: View): Record<string, unknown> {
  return random.pick([
    () => ({ author: { id: { eq: String(article.author) } } }),
    () => ({ category: { id: { eq: String(article.category) } } }),
    () => ({ tags: { name: { eq: facts.tagNames[random.pick(article.tags) - 1] } } }),
    () => ({ and: [{ kind: { eq: article.kind } }, { views: { between: [Math.max(0, article.views - 20_000), article.views + 20_000] } }] }),
    () => ({ or: [{ author: { name: { containsi: facts.authorNames[article.author - 1].split(' ')[0] } } }, { tags: { id: { in: article.tags.map(String) } } }] }),
    () => ({ id: { in: random.sample(view.articles, random.int(2, 12)).map((a) => String(a.id)) } }),
  ])();
}

const NESTED = document('nested-relations');
const DEEP = document('deep-fragments');
const PAGE = document('page-with-global');
const FILTERS = document('relation-filters');

/** A root filter of the nested document, true of `article`, and about the share of the view it keeps. */
function nestedFilter(random: Random, article: ArticleFact): [filters: Record<string, unknown>, share: number] {
  const threshold = Math.max(0, article.views - 30_000);
  return random.pick<[Record<string, unknown>, number]>([
    [{}, 1],
    [{ kind: { eq: article.kind } }, 0.3],
    // Views are drawn evenly in [0, 100,000) and publish dates over 1,500 days.
    [{ views: { gte: threshold } }, (100_000 - threshold) / 100_000],
    [{ publishDate: { lte: article.publishDate } }, (Date.parse(article.publishDate) - Date.UTC(2020, 0, 1)) / (1500 * 86_400_000)],
  ]);
}

function nested(facts: DatasetFacts, random: Random): BenchRequest {
  const view = drawView(facts, random);
  const [filters, share] = nestedFilter(random, random.pick(view.articles));
  // A page within what the filter keeps (most of it), so few answers are empty.
  const kept = { ...view, articles: view.articles.slice(0, Math.max(1, Math.floor(view.articles.length * share * 0.9))) };
  return graphqlPost(NESTED, {
    ...listArguments(kept, random, [5, 20]), filters, minViews: random.int(0, 90_000),
    authorArticles: { start: 0, limit: random.int(2, 5) }, tagArticles: { start: 0, limit: random.int(2, 4) }, tagSort: [random.pick(['name:asc', 'name:desc', 'id:asc'])],
  });
}

function page(facts: DatasetFacts, random: Random): BenchRequest {
  const article = random.pick(facts.visible(random.pick(['en', 'fr', 'en', 'en'] as const), 'live'));
  return graphqlPost(PAGE, {
    id: String(article.id),
    tagSort: [random.pick(['name:asc', 'name:desc', 'id:asc', 'id:desc'])], blockArticles: { start: 0, limit: random.int(1, 3) },
  });
}

function filtered(facts: DatasetFacts, random: Random): BenchRequest {
  const view = drawView(facts, random);
  const article = random.pick(view.articles);
  return graphqlPost(FILTERS, { ...listArguments(view, random, [10, 25]), pagination: { page: 1, pageSize: random.int(10, 25) }, filters: articleFilter(facts, random, article, view) });
}

export const GRAPHQL_SCENARIOS: readonly VariedScenario[] = [
  { id: 'graphql-nested', label: 'GraphQL nested relations', protocol: 'graphql', draw: nested },
  { id: 'graphql-deep', label: 'GraphQL fragments, components, zone', protocol: 'graphql', draw: (facts, random) => graphqlPost(DEEP, listArguments(drawView(facts, random), random, [5, 25])) },
  { id: 'graphql-page', label: 'GraphQL single type + entry by id', protocol: 'graphql', draw: page },
  { id: 'graphql-filters', label: 'GraphQL relation filters', protocol: 'graphql', draw: filtered },
];
