// `npm run bench:mixed [-- REQUESTS [DATASET]]`: the response cache under one write per 20 reads, with writes
// forgetting what they changed, dropping the whole cache, or no writes at all; prints a table.
import { datasetSize } from './dataset/size.ts';
import { defaultDatasetPath, writeDataset } from './dataset/write.ts';
import { runMixed, type MixedOptions } from './mixed-writes.ts';

const REQUESTS = Number(process.argv[2] ?? 20_000);
const SETTINGS: MixedOptions[] = [
  { readsPerWrite: 20, requests: REQUESTS, invalidation: 'none' },
  { readsPerWrite: 20, requests: REQUESTS, invalidation: 'forget' },
  { readsPerWrite: 20, requests: REQUESTS, invalidation: 'clear' },
];

const articles = datasetSize({}).articles;
const path = process.argv[3] ?? (await writeDataset(defaultDatasetPath(articles), datasetSize({ articles }))).path;
console.log('| writes reach the cache by | hit rate | requests/s (in process) |\n|---|---|---|');
for (const result of await runMixed(path, SETTINGS)) {
  const how = { none: 'no writes (their slots left idle)', forget: '`forget(changes)`', clear: 'dropping everything' }[result.invalidation];
  console.log(`| ${how} | ${(100 * result.hitRate).toFixed(1)} % | ${result.requestsPerSecond.toFixed(0)} |`);
}
