// Benchmark: importing a `strapi export` archive into the embedded store, timed by phase, with
// the process's peak memory. Prints numbers; asserts nothing.
//   npx tsx test/bench/strapi-export-bench.ts --schema DIR --archive FILE [--key KEY]
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadContentModel } from '../../src/model/load.ts';
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { readStrapiExport, writeStrapiExport } from '../../src/strapi-export/import-archive.ts';

const { values } = parseArgs({ options: { schema: { type: 'string' }, archive: { type: 'string' }, key: { type: 'string' } } });
if (!values.schema || !values.archive) throw new Error('usage: strapi-export-bench.ts --schema DIR --archive FILE [--key KEY]');

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
let peakHeap = 0;
const sampler = setInterval(() => { peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed); }, 20);

const model = await loadContentModel(values.schema);
const uploads = await mkdtemp(join(tmpdir(), 'strapi-export-bench-'));
const baseline = process.memoryUsage().rss;
const started = performance.now();
const read = await readStrapiExport(model, values.archive, { key: values.key, uploadsDir: uploads });
const readMs = performance.now() - started;
const heapAfterRead = process.memoryUsage().heapUsed;
const store = new EmbeddedStore();
const { report, files } = await writeStrapiExport(model, read, store);
const totalMs = performance.now() - started;
clearInterval(sampler);
await rm(uploads, { recursive: true, force: true });

const documents = report.reduce((sum, row) => sum + row.written, 0);
console.log(`archive            ${values.archive} (${mib((await stat(values.archive)).size)} MiB, ${read.layers.join('+') || 'tar'})`);
console.log(`documents written  ${documents}, files ${files}`);
console.log(`read + check       ${readMs.toFixed(0)} ms`);
console.log(`write (embedded)   ${(totalMs - readMs).toFixed(0)} ms`);
console.log(`total              ${totalMs.toFixed(0)} ms`);
console.log(`heap after read    ${mib(heapAfterRead)} MiB (peak sampled ${mib(peakHeap)} MiB)`);
console.log(`peak RSS           ${mib(process.resourceUsage().maxRSS * 1024)} MiB (RSS before reading ${mib(baseline)} MiB; the embedded store holds the data too)`);
