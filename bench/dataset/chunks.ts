// A dataset size -> the seed file's JSON text, as a sequence of chunks, so a 200,000-article
// dataset is written without holding it in memory. Joined, the chunks are one JSON document.
import {
  ARTICLE_UID, articleEntry, AUTHOR_UID, authorEntry, CATEGORY_UID, categoryEntry, GLOBAL_UID, globalEntry, LOCALES,
  mediaRow, ROLES, TAG_UID, tagEntry, VARIED_LOCALES, type SeedRow,
} from './entries.ts';
import type { DatasetSize } from './size.ts';

/** Entries serialised per chunk: large enough to write fast, small enough to stream. */
const ROWS_PER_CHUNK = 500;

function* rows(count: number, make: (id: number) => SeedRow): Generator<string> {
  for (let start = 1; start <= count; start += ROWS_PER_CHUNK) {
    const lines: string[] = [];
    for (let id = start; id < Math.min(start + ROWS_PER_CHUNK, count + 1); id++) lines.push(JSON.stringify(make(id)));
    yield (start === 1 ? '\n' : ',\n') + lines.join(',\n');
  }
}

/**
 * The seed file's text in chunks; a varied size adds French to the locales and a full-access token. Content-types come in the order tags, categories, authors,
 * articles, global, so the Strapi reference creates each before the entries that point to it.
 */
export function* datasetChunks(size: DatasetSize): Generator<string> {
  const tokens = size.variety ? `"apiTokens":${JSON.stringify([{ name: 'bench-writes', type: 'full-access', token: size.variety.token }])},\n` : '';
  yield `{"locales":${JSON.stringify(size.variety ? VARIED_LOCALES : LOCALES)},\n"roles":${JSON.stringify(ROLES)},\n${tokens}"media":[`;
  yield* rows(size.media, mediaRow);
  const lists: Array<[string, number, (id: number) => SeedRow]> = [
    [TAG_UID, size.tags, tagEntry],
    [CATEGORY_UID, size.categories, categoryEntry],
    [AUTHOR_UID, size.authors, (id) => authorEntry(id, size)],
    [ARTICLE_UID, size.articles, (id) => articleEntry(id, size)],
    [GLOBAL_UID, 1, globalEntry],
  ];
  yield '],\n"entries":{';
  for (const [index, [uid, count, make]] of lists.entries()) {
    yield `${index === 0 ? '' : ',\n'}${JSON.stringify(uid)}:[`;
    yield* rows(count, make);
    yield ']';
  }
  yield '}}\n';
}
