// A dataset size + a file path -> the seed file written as a stream (backpressure honoured), and
// how long it took and how big it is.
import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { datasetChunks } from './chunks.ts';
import type { DatasetSize } from './size.ts';

export interface WrittenDataset {
  path: string;
  bytes: number;
  ms: number;
}

/** Where the benchmark keeps a dataset of `articles` articles (`varied`: issue 34's), outside the repository. */
export function defaultDatasetPath(articles: number, varied = false): string {
  return join(tmpdir(), 'gateway-bench', `articles-${articles}${varied ? '-varied' : ''}.json`);
}

/** Writes the dataset of `size` to `path`, replacing any file there. */
export async function writeDataset(path: string, size: DatasetSize): Promise<WrittenDataset> {
  const started = performance.now();
  await mkdir(dirname(path), { recursive: true });
  await pipeline(Readable.from(datasetChunks(size)), createWriteStream(path));
  return { path, bytes: (await stat(path)).size, ms: performance.now() - started };
}
