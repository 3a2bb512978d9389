// `npm run bench:dataset -- [--articles N] [--out FILE]`: writes the benchmark's dataset (seed
// format) to a file (default: the one `npm run bench` writes), e.g. for the Strapi reference.
import { parseArgs } from 'node:util';
import { datasetSize } from './dataset/size.ts';
import { defaultDatasetPath, writeDataset } from './dataset/write.ts';

const { values } = parseArgs({ options: { articles: { type: 'string' }, out: { type: 'string' } } });
try {
  const size = datasetSize(values.articles === undefined ? {} : { articles: Number(values.articles) });
  const written = await writeDataset(values.out ?? defaultDatasetPath(size.articles), size);
  console.log(`${written.path}: ${size.articles} articles, ${(written.bytes / 1e6).toFixed(1)} MB in ${(written.ms / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
