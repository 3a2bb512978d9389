// An article count -> issue 34's dataset of that size (drafts, French localizations, a token that
// may write) written to the benchmark's temp folder, and its facts for the request generator.
import { datasetSize, type DatasetSize } from '../dataset/size.ts';
import { VARIETY } from '../dataset/variety.ts';
import { defaultDatasetPath, writeDataset, type WrittenDataset } from '../dataset/write.ts';

/** The varied dataset's size for `articles` articles (the default counts of the rest). */
export function variedSize(articles: number): DatasetSize {
  return datasetSize({ articles, variety: VARIETY });
}

/** Writes the varied dataset of `articles` articles (the same bytes every time) and says where. */
export function writeVariedDataset(articles: number): Promise<WrittenDataset> {
  return writeDataset(defaultDatasetPath(articles, true), variedSize(articles));
}
