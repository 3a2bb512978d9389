// How big a generated dataset is: entries per content-type and media rows, and whether it is
// varied (drafts, a second locale). Only `articles` changes between the benchmark's sizes, so cost
// is seen growing with the collection alone.
import type { DatasetVariety } from './variety.ts';

/** Number of entries of each kind a generated dataset holds. */
export interface DatasetSize {
  articles: number;
  authors: number;
  categories: number;
  tags: number;
  media: number;
  /** Drafts, French localizations and a write token (issue 34); all published English otherwise. */
  variety?: DatasetVariety;
}

/** The dataset of issue 9: 2,000 articles, 200 authors, 20 categories, 50 tags, 100 media. */
export const DEFAULT_SIZE: DatasetSize = { articles: 2000, authors: 200, categories: 20, tags: 50, media: 100 };

/** The large size of `--size`: the default with 200,000 articles. */
export const LARGE_ARTICLES = 200_000;

/**
 * The default size with another article count.
 * @throws RangeError when a count is not a positive safe integer, or too small for every article
 * to get 3 distinct tags, 3 distinct related articles and 2 gallery images, or a variety's
 * one-in-N below 2.
 */
export function datasetSize(overrides: Partial<DatasetSize> = {}): DatasetSize {
  const size = { ...DEFAULT_SIZE, ...overrides };
  const minimum = { articles: 4, authors: 1, categories: 1, tags: 3, media: 2 };
  for (const key of Object.keys(minimum) as Array<keyof typeof minimum>) {
    if (!Number.isSafeInteger(size[key]) || size[key] < minimum[key]) {
      throw new RangeError(`dataset size: ${key} must be an integer of at least ${minimum[key]}; got ${size[key]}`);
    }
  }
  // A French article localizes the one before it, which must not be French itself.
  if (size.variety && !(size.variety.drafts >= 2 && size.variety.french >= 2)) {
    throw new RangeError(`dataset variety: drafts and french must be at least 2 (one in N); got ${size.variety.drafts} and ${size.variety.french}`);
  }
  return size;
}
