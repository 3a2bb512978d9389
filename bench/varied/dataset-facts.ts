// A dataset size -> what requests may draw from it: every article's locale, state, kind, numbers
// and links, the articles each (locale, publication state) shows, and the names of tags,
// categories and authors. Pure: computed by the functions that write the dataset.
import { articleFields, authorEntry, tagEntry, type ArticleFields } from '../dataset/entries.ts';
import type { DatasetSize } from '../dataset/size.ts';
import { isDraft, isFrench } from '../dataset/variety.ts';

export type Locale = 'en' | 'fr' | 'all';
export type PublicationState = 'live' | 'preview';

/** One article as a request can find it. */
export interface ArticleFact extends ArticleFields {
  id: number;
  locale: 'en' | 'fr';
  draft: boolean;
}

export interface DatasetFacts {
  size: DatasetSize;
  /** Every article, at index `id - 1`. */
  articles: readonly ArticleFact[];
  /** The articles a list in `locale` and `state` shows, by id. */
  visible(locale: Locale, state: PublicationState): readonly ArticleFact[];
  /** Tag names, at index `id - 1`. */
  tagNames: readonly string[];
  /** Author names, at index `id - 1`. */
  authorNames: readonly string[];
}

function articleFact(id: number, size: DatasetSize): ArticleFact {
  // A French article holds the non-localized values and links of the article it localizes.
  const french = isFrench(id, size.variety);
  return { id, locale: french ? 'fr' : 'en', draft: isDraft(id, size.variety), ...articleFields(french ? id - 1 : id, size) };
}

const shows = (article: ArticleFact, locale: Locale, state: PublicationState) =>
  (locale === 'all' || article.locale === locale) && (state === 'preview' || !article.draft);

export function datasetFacts(size: DatasetSize): DatasetFacts {
  const articles = Array.from({ length: size.articles }, (_, i) => articleFact(i + 1, size));
  const lists = new Map<string, ArticleFact[]>();
  for (const locale of ['en', 'fr', 'all'] as const) {
    for (const state of ['live', 'preview'] as const) lists.set(`${locale} ${state}`, articles.filter((a) => shows(a, locale, state)));
  }
  return {
    size,
    articles,
    visible: (locale, state) => lists.get(`${locale} ${state}`) ?? [],
    tagNames: Array.from({ length: size.tags }, (_, i) => String(tagEntry(i + 1).name)),
    authorNames: Array.from({ length: size.authors }, (_, i) => String(authorEntry(i + 1, size).name)),
  };
}
