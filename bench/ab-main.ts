// `npx tsx bench/ab-main.ts --a DIR --b DIR`: compares two checkouts of the gateway on the
// benchmark's scenarios by the CPU time a request takes, in process (cache off), each side a fresh
// process, the two alternated several times in the same minutes. CPU time per request moves less
// than throughput on a shared machine; the table gives medians and the ratio b/a. With `--varied`,
// issue 34's scenarios on its varied dataset: every request of a side different (bench/varied/).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SIZE } from './dataset/size.ts';
import { defaultDatasetPath, writeDataset } from './dataset/write.ts';
import { writeVariedDataset } from './varied/varied-dataset.ts';

const USAGE = 'usage: npx tsx bench/ab-main.ts --a DIR --b DIR [--varied] [--alternations N] [--rounds N] [--requests N]';
const { values } = parseArgs({ options: { a: { type: 'string' }, b: { type: 'string' }, varied: { type: 'boolean' }, alternations: { type: 'string' }, rounds: { type: 'string' }, requests: { type: 'string' } } });
if (!values.a || !values.b) throw new Error(USAGE);
const sides = { a: resolve(values.a), b: resolve(values.b) };
const alternations = Number(values.alternations ?? 3);

const dataset = values.varied ? (await writeVariedDataset(DEFAULT_SIZE.articles)).path : defaultDatasetPath(DEFAULT_SIZE.articles);
if (!values.varied) await writeDataset(dataset, DEFAULT_SIZE);
const samples: Record<'a' | 'b', Record<string, number[]>> = { a: {}, b: {} };
for (let i = 0; i < alternations; i++) {
  for (const side of ['a', 'b'] as const) {
    const run = spawnSync(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', resolve('bench/ab-side.ts'), sides[side], values.rounds ?? '3', values.requests ?? '40', dataset, values.varied ? 'varied' : 'repeated'], {
      cwd: sides[side], encoding: 'utf8', maxBuffer: 1 << 24,
    });
    if (run.status !== 0) throw new Error(`${side} (${sides[side]}) failed:\n${run.stderr}`);
    const cpu = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, number[]>;
    for (const [label, values] of Object.entries(cpu)) (samples[side][label] ??= []).push(...values);
  }
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
console.log(`a: ${sides.a}\nb: ${sides.b}\n${alternations} alternations; CPU µs per request (median)\n`);
console.log('| Scenario | a µs | b µs | b / a |\n|---|---|---|---|');
for (const label of Object.keys(samples.a)) {
  const a = median(samples.a[label]);
  const b = median(samples.b[label]);
  console.log(`| ${label} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(b / a).toFixed(2)} |`);
}
