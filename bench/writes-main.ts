// `npm run bench:writes`: acknowledged writes per second at 16 connections (issue 34's create,
// partial update, publish and delete, every request different), the gateway and, with --strapi, a
// Strapi reference seeded from the same file (`--seed-only` writes it); each run checked
// afterwards against what the target serves. Prints a table and writes bench/writes-results.json.
import { writeFile } from 'node:fs/promises';
import { parseWritesArgs, type WritesOptions } from './writes/args.ts';
import { runWrites } from './writes/run-writes.ts';
import { writeWritesSeed } from './writes/seed.ts';
import { renderWritesReport } from './writes/table.ts';

const RESULTS_FILE = 'bench/writes-results.json';
const log = (line: string) => console.error(line);

async function main(options: WritesOptions): Promise<void> {
  const seed = await writeWritesSeed(options.articles);
  if (options.seedOnly) {
    console.log(seed);
    return;
  }
  const results = await runWrites(options, seed, log);
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${renderWritesReport(results)}\n`);
  console.log(`Wrote ${RESULTS_FILE}; the run took ${results.durationS.toFixed(0)} s.`);
  if (results.rows.some((row) => !row.verification.ok)) process.exitCode = 2;
}

try {
  await main(parseWritesArgs(process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
