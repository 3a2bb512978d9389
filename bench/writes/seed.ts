// The write benchmark's data: issue 34's varied dataset (2,000 articles by default), which holds
// one full-access API token whose secret the benchmark sends; the same file seeds the gateway and
// the Strapi reference.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_TOKEN_SALT, BENCH_WRITE_TOKEN } from '../dataset/variety.ts';
import { writeVariedDataset } from '../varied/varied-dataset.ts';

/** The model the write benchmark runs on (Strapi's layout): the conformance fixture's. */
export const WRITES_SCHEMA = fileURLToPath(new URL('../../../shared/conformance/fixture/schema', import.meta.url));

/** The secret of the dataset's full-access token; a benchmark's, not a credential of anything. */
export const WRITES_TOKEN = BENCH_WRITE_TOKEN;

/** The gateway's API_TOKEN_SALT for the run (Strapi keeps its own; the token's secret works on both). */
export const WRITES_TOKEN_SALT = BENCH_TOKEN_SALT;

/** Writes the varied dataset of `articles` articles; returns its path. */
export async function writeWritesSeed(articles: number): Promise<string> {
  return path.resolve((await writeVariedDataset(articles)).path);
}
