// `tsx bench/count-queries-main.ts DATASET SCENARIO_ID...`: prints, as JSON, the store queries
// each scenario's request sends (see store-queries.ts). The benchmark runs it as a child process
// for the large dataset, so that dataset's import gets its own heap and Node flags.
import { SCENARIOS } from './scenarios.ts';
import { countStoreQueries } from './store-queries.ts';

const [dataset, ...ids] = process.argv.slice(2);
try {
  const counts = await countStoreQueries(dataset, SCENARIOS.filter((s) => ids.includes(s.id)));
  console.log(JSON.stringify(Object.fromEntries(counts)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
