// (dataset facts, a seeded stream) -> the parts a varied request is made of: its locale and
// publication state, a page that exists, a sort, filter values taken from a real article. Pure.
import type { ArticleFact, DatasetFacts, Locale, PublicationState } from './dataset-facts.ts';
import type { Random } from './random.ts';

/** Which articles a request reads: a locale and a publication state that show some. */
export interface View {
  locale: Locale;
  state: PublicationState;
  /** The articles it shows, by id. */
  articles: readonly ArticleFact[];
}

const LOCALES: ReadonlyArray<readonly [Locale, number]> = [['en', 7], ['fr', 2], ['all', 1]];
const STATES: ReadonlyArray<readonly [PublicationState, number]> = [['live', 4], ['preview', 1]];

/** Mostly English and live, as a site's traffic is; never a view that shows nothing. */
export function drawView(facts: DatasetFacts, random: Random): View {
  for (;;) {
    const locale = random.weighted(LOCALES);
    const state = random.weighted(STATES);
    const articles = facts.visible(locale, state);
    if (articles.length > 0) return { locale, state, articles };
  }
}

/** The view as REST query parameters; the defaults (English, live) are sometimes said, sometimes not. */
export function viewParams(view: View, random: Random): string[] {
  const params: string[] = [];
  if (view.locale !== 'en' || random.chance(0.5)) params.push(`locale=${view.locale}`);
  if (view.state !== 'live' || random.chance(0.5)) params.push(`publicationState=${view.state}`);
  return params;
}

/** A page of `count` entries that exists: page and page size, drawn within [minSize, maxSize]. */
export function drawPage(random: Random, count: number, minSize: number, maxSize: number): { page: number; pageSize: number } {
  const pageSize = random.int(minSize, maxSize);
  return { page: random.int(1, Math.max(1, Math.ceil(count / pageSize))), pageSize };
}

/** REST pagination, by page or by start and limit (both are Strapi's). */
export function pageParams(page: { page: number; pageSize: number }, random: Random): string[] {
  if (random.chance(0.8)) return [`pagination[page]=${page.page}`, `pagination[pageSize]=${page.pageSize}`];
  return [`pagination[start]=${(page.page - 1) * page.pageSize}`, `pagination[limit]=${page.pageSize}`];
}

/** Sorts whose order is total (ties broken by id), so every server lists the same entries. */
export const SORTS: readonly string[][] = [
  [], ['id:desc'], ['title:asc'], ['views:desc', 'id:asc'], ['publishDate:desc', 'id:desc'],
  ['rating:asc', 'id:asc'], ['kind:asc', 'views:desc', 'id:asc'], ['createdAt:desc', 'id:asc'],
];

/** One of `SORTS`, as REST `sort[i]` parameters. */
export function sortParams(sort: readonly string[]): string[] {
  return sort.map((key, i) => `sort[${i}]=${key}`);
}

/** A path with its query parameters, brackets unencoded as Strapi's clients send them. */
export function withQuery(path: string, params: readonly string[]): string {
  return params.length ? `${path}?${params.join('&')}` : path;
}
