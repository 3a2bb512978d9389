// `npm run bench:upload`: uploads of a 5 MB photo with its formats, per second and in latency, at 1
// and 4 uploads in flight: the gateway (a child process on the conformance fixture, the upload seed,
// a fresh uploads folder) and, with --strapi URL, a Strapi v4.25 reference seeded from the same file
// (test/fixtures/upload/upload-seed.json), one target at a time. Every answer is checked: 200, the
// photo's four formats. Prints a table.
//   npm run bench:upload -- [--strapi URL] [--uploads N] [--port P]
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startGatewayProcess } from './processes/gateway-process.ts';
import { benchPhoto } from './upload/photo.ts';

const SEED = 'test/fixtures/upload/upload-seed.json';
const TOKEN = 'full-access-secret-token-0001';
const args = process.argv.slice(2);
const option = (name: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
const uploads = Number(option('uploads') ?? 24);
const port = Number(option('port') ?? 1697);

interface Row { target: string; inFlight: number; uploads: number; perSecond: number; mbPerSecond: number; p50: number; p95: number; failed: number }

/** One upload of the photo; its time in ms, or a failure's reason. */
async function uploadOnce(url: string, photo: Uint8Array<ArrayBuffer>): Promise<{ ms: number; problem?: string }> {
  const form = new FormData();
  form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'photo-4032x3024.jpg');
  const started = performance.now();
  const response = await fetch(`${url}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` }, body: form });
  const body = (await response.json()) as Array<{ formats?: Record<string, unknown> }>;
  const ms = performance.now() - started;
  const formats = Object.keys(body[0]?.formats ?? {}).sort().join(',');
  return response.status === 200 && formats === 'large,medium,small,thumbnail' ? { ms } : { ms, problem: `${response.status} ${JSON.stringify(body).slice(0, 200)}` };
}

/** `count` uploads with `inFlight` at a time. */
async function measure(target: string, url: string, photo: Uint8Array<ArrayBuffer>, inFlight: number, count: number): Promise<Row> {
  const times: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next += 1;
      const { ms, problem } = await uploadOnce(url, photo);
      if (problem) {
        failed += 1;
        console.error(`!!! ${target}: ${problem}`);
      } else times.push(ms);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { target, inFlight, uploads: count, perSecond: times.length / seconds, mbPerSecond: (times.length * photo.length) / 1e6 / seconds, p50: at(0.5), p95: at(0.95), failed };
}

async function measureTarget(target: string, url: string, photo: Uint8Array<ArrayBuffer>): Promise<Row[]> {
  for (let i = 0; i < 2; i += 1) await uploadOnce(url, photo);
  const rows = [];
  for (const inFlight of [1, 4]) {
    rows.push(await measure(target, url, photo, inFlight, uploads));
    console.error(`${target} ${inFlight} in flight: ${rows.at(-1)!.perSecond.toFixed(2)} uploads/s (load average ${loadavg()[0].toFixed(1)})`);
  }
  return rows;
}

const { path: photoPath, bytes } = await benchPhoto();
const photo = new Uint8Array(readFileSync(photoPath));
console.error(`photo: ${photoPath}, ${bytes} bytes; ${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
const gateway = await startGatewayProcess({
  dataset: SEED,
  port,
  responseCache: 'on',
  env: { API_TOKEN_SALT: 'conformance-api-token-salt' },
  args: ['--uploads', path.join(mkdtempSync(path.join(tmpdir(), 'gateway-bench-uploads-')), 'uploads')],
});
const rows: Row[] = [];
try {
  rows.push(...(await measureTarget('Gateway', gateway.url, photo)));
} finally {
  await gateway.stop();
}
const strapi = option('strapi');
if (strapi) rows.push(...(await measureTarget('Strapi', strapi, photo)));
console.log(`| Target | In flight | Uploads | Uploads/s | MB/s | p50 / p95 ms | Failed |\n|---|---|---|---|---|---|---|`);
for (const row of rows) console.log(`| ${row.target} | ${row.inFlight} | ${row.uploads} | ${row.perSecond.toFixed(2)} | ${row.mbPerSecond.toFixed(1)} | ${Math.round(row.p50)} / ${Math.round(row.p95)} | ${row.failed} |`);
console.log(`load average at the end: ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
