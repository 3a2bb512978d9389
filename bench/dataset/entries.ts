// (entry number, dataset size) -> one entry of the benchmark dataset in the seed format
// (docs/seed.md) for the conformance fixture's model. Pure: the same input gives the same entry.
import type { DatasetSize } from './size.ts';
import { isoDate, isoDateTime, pick, sentence, title, words } from './text.ts';
import { isDraft, isFrench } from './variety.ts';

/** One entry or media row as the seed file holds it. */
export type SeedRow = Record<string, unknown>;

export const ARTICLE_UID = 'api::article.article';
export const AUTHOR_UID = 'api::author.author';
export const CATEGORY_UID = 'api::category.category';
export const TAG_UID = 'api::tag.tag';
export const GLOBAL_UID = 'api::global.global';
export const MEDIA_UID = 'plugin::upload.file';

/** Category entries with no parent; the others hang under them. */
const ROOT_CATEGORIES = 4;
/** Every stamp is fixed, so two imports of one dataset answer byte for byte alike. */
const STAMP = isoDateTime(0);

/** `count` distinct ids in 1..n, spread `n / count` apart, starting after `from` (0-based). */
function spread(from: number, count: number, n: number, skipSelf = false): number[] {
  const step = Math.max(1, Math.floor(n / (count + (skipSelf ? 1 : 0))));
  const first = skipSelf ? 1 : 0;
  return Array.from({ length: count }, (_, k) => ((from + (first + k) * step) % n) + 1);
}

const stamps = (minutes: number) => ({ createdAt: isoDateTime(minutes), updatedAt: isoDateTime(minutes) });

/** Media row `id` (1-based): a JPEG with two formats, as Strapi's upload plugin records one. */
export function mediaRow(id: number): SeedRow {
  const hash = `image_${id}_${mix6(id)}`;
  const format = (name: string, width: number) => ({
    name: `${name}_image-${id}.jpg`, hash: `${name}_${hash}`, ext: '.jpg', mime: 'image/jpeg',
    width, height: Math.round((width * 2) / 3), size: Math.round(width / 7) / 2, path: null, url: `/uploads/${name}_${hash}.jpg`,
  });
  return {
    id, name: `image-${id}.jpg`, alternativeText: title(id, 1, 3), caption: sentence(id, 2, 4, 8),
    width: 1200, height: 800, hash, ext: '.jpg', mime: 'image/jpeg', size: 100 + pick(id, 3, 9000) / 100,
    url: `/uploads/${hash}.jpg`, previewUrl: null, provider: 'local', provider_metadata: null,
    formats: { thumbnail: format('thumbnail', 234), small: format('small', 500) }, ...stamps(id),
  };
}

function mix6(id: number): string {
  return pick(id, 4, 0xffffff).toString(16).padStart(6, '0');
}

export function tagEntry(id: number): SeedRow {
  return { id, name: `${words(id, 10, 1)}-${id}`, ...stamps(id) };
}

/** Categories 1-4 are roots; every other one has a root as parent. */
export function categoryEntry(id: number): SeedRow {
  const name = `${title(id, 20, 2)} ${id}`;
  return {
    id, name, slug: `category-${id}`, position: id,
    parent: id <= ROOT_CATEGORIES ? null : ((id - 1) % ROOT_CATEGORIES) + 1, ...stamps(id),
  };
}

export function authorEntry(id: number, size: DatasetSize): SeedRow {
  const name = `${title(id, 30, 2)} ${id}`;
  return {
    id, name, email: `author${id}@example.com`, bio: sentence(id, 31, 12, 24), avatar: ((id - 1) % size.media) + 1,
    socials: [
      { network: 'github', url: `https://github.example/author${id}` },
      { network: 'mastodon', url: `https://social.example/@author${id}` },
    ],
    ...stamps(id),
  };
}

/**
 * Article `id`: every scalar kind, author, category, 3 tags, a cover, a 2-image gallery, 3 related
 * articles, an `seo` component (share image, 2 metaSocial items) and a `blocks` dynamic zone of a
 * rich text, a quote and a related-articles block. Published and in English, unless the size's
 * variety makes it a draft or the French localization of the article before it.
 */
export function articleEntry(id: number, size: DatasetSize): SeedRow {
  if (isFrench(id, size.variety)) return frenchArticle(id, size);
  const article = englishArticle(id, size);
  return isDraft(id, size.variety) ? { ...article, publishedAt: null } : article;
}

/** Localized attributes (Strapi's i18n: the `localized` ones, relations and uids) of article `id`. */
const LOCALIZED = ['title', 'slug', 'summary', 'body', 'seo', 'blocks'] as const;

/**
 * Article `id` as the French localization of `id - 1`: its own localized texts, components and
 * zone; the source's non-localized values and relations, which Strapi copies between the
 * localizations of an entry anyway (so both servers hold the same data).
 */
function frenchArticle(id: number, size: DatasetSize): SeedRow {
  const own = englishArticle(id, size);
  const source = englishArticle(id - 1, size);
  const localized = Object.fromEntries(LOCALIZED.map((key) => [key, own[key]]));
  return { ...source, ...localized, id, locale: 'fr', localizationOf: id - 1, title: `FR ${String(own.title)}`, publishedAt: STAMP, ...stamps(id) };
}

/** The values of article `id` that requests filter and sort on: kind, numbers, date and links. */
export interface ArticleFields {
  kind: string;
  views: number;
  rating: number;
  publishDate: string;
  author: number;
  category: number;
  tags: number[];
}

/** Those values as `englishArticle` writes them (a French article holds its source's). */
export function articleFields(id: number, size: DatasetSize): ArticleFields {
  const i = id - 1;
  return {
    kind: ['news', 'guide', 'opinion'][pick(id, 48, 3)], views: pick(id, 43, 100_000), rating: pick(id, 49, 50) / 10,
    publishDate: isoDate(i % 1500), author: (i % size.authors) + 1, category: (i % size.categories) + 1, tags: spread(i, 3, size.tags),
  };
}

function englishArticle(id: number, size: DatasetSize): SeedRow {
  const i = id - 1;
  const heading = title(id, 40, 4 + pick(id, 41, 3));
  const summary = sentence(id, 42, 12, 20);
  const { kind, views, rating, publishDate, author, category, tags } = articleFields(id, size);
  const media = (k: number) => ((i * 3 + k) % size.media) + 1;
  return {
    id, locale: 'en', title: `${heading} ${id}`, slug: `${heading.toLowerCase().replaceAll(' ', '-')}-${id}`,
    summary,
    body: `## ${title(id, 44, 3)}\n\n${sentence(id, 45, 30, 50)}\n\n${sentence(id, 47, 10, 20)}`,
    kind,
    contactEmail: `desk${id % 10}@example.com`,
    views, bigViews: String(views * 1_000_003), rating, price: pick(id, 50, 10_000) / 100,
    featured: id % 7 === 0, publishDate,
    readingTime: `00:${String(1 + pick(id, 51, 30)).padStart(2, '0')}:00.000`, scheduledAt: isoDateTime(id * 60),
    meta: { source: 'bench', score: [pick(id, 52, 10), pick(id, 53, 10), pick(id, 54, 10)] },
    cover: media(0), gallery: [media(1), media(2)],
    author, category,
    tags, related: spread(i, 3, size.articles, true),
    seo: {
      metaTitle: `${heading} | Bench`, metaDescription: summary, shareImage: media(0),
      metaSocial: [
        { socialNetwork: 'Facebook', title: heading, description: sentence(id, 55, 6, 12) },
        { socialNetwork: 'Twitter', title: heading, description: null },
      ],
    },
    blocks: [
      { __component: 'blocks.rich-text', body: sentence(id, 56, 20, 40) },
      { __component: 'blocks.quote', title: title(id, 58, 3), body: sentence(id, 59, 10, 20), rating: 1 + pick(id, 60, 5) },
      {
        __component: 'blocks.related-articles', header: { title: 'Read next', subtitle: title(id, 61, 3) },
        articles: spread(i + 1, 3, size.articles, true),
      },
    ],
    publishedAt: STAMP, ...stamps(id),
  };
}

export function globalEntry(): SeedRow {
  return {
    id: 1, siteName: 'Bench Site', favicon: 1,
    defaultSeo: { metaTitle: 'Bench Site', metaDescription: 'A generated dataset', shareImage: 1, metaSocial: [] },
  };
}

/** The public role may find and findOne every type the scenarios read, media library included. */
export const ROLES = {
  public: {
    find: [ARTICLE_UID, AUTHOR_UID, CATEGORY_UID, TAG_UID, GLOBAL_UID, MEDIA_UID],
    findOne: [ARTICLE_UID, AUTHOR_UID, CATEGORY_UID, TAG_UID],
  },
};

export const LOCALES = [{ code: 'en', name: 'English (en)', isDefault: true }];

/** The locales of a varied dataset: English by default, and French. */
export const VARIED_LOCALES = [...LOCALES, { code: 'fr', name: 'French (fr)', isDefault: false }];
