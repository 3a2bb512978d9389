// The upload differential, live: sends every step of steps.mjs to a real Strapi v4.25 (fresh, on the
// conformance fixture and test/fixtures/upload/upload-seed.json) and to the gateway (in process, or
// at a URL started the same way), compares the answers and prints the agreement; with --record,
// keeps Strapi's answers for npm test (test/differential/upload-differential.test.ts).
//   npx tsx test/differential/uploads/run.ts (--strapi URL | --start REF:PORT) [--gateway URL] [--record] [--show]
// --start launches ../shared/strapi-reference/start with FRESH data (REF a folder of its own, see
// that README; its output in REF.log) and stops it at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { answerSteps, compareSteps, describeComparison, UPLOAD_SET, uploadGateway, type UploadSet } from './replay.ts';
import { UPLOAD_SEED } from './sequence.ts';
import { uploadSteps } from './steps.mjs';

const args = process.argv.slice(2);
const option = (name: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
if (!option('strapi') && !option('start')) {
  console.error('usage: npx tsx test/differential/uploads/run.ts (--strapi URL | --start REF:PORT) [--gateway URL] [--record] [--show]');
  process.exit(2);
}

async function startStrapi(ref: string, port: string): Promise<{ base: string; child: ChildProcess }> {
  const env = { ...process.env, REF: ref, PORT: port, SEED_FILE: resolve(UPLOAD_SEED), FRESH: '1' };
  const log = openSync(`${ref}.log`, 'w');
  const child = spawn(resolve('../shared/strapi-reference/start'), { env, detached: true, stdio: ['ignore', log, log] });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 300; waited += 1) {
    await new Promise((done) => setTimeout(done, 1000));
    if (await fetch(`${base}/_health`).then((r) => r.status === 204, () => false)) return { base, child };
  }
  throw new Error(`Strapi did not start on ${base} (REF ${ref})`);
}

const started = option('start') ? await startStrapi(...(option('start')!.split(':') as [string, string])) : undefined;
try {
  const steps = uploadSteps();
  const strapi = await answerSteps(steps, (r) => fetch(r, { signal: AbortSignal.timeout(60_000) }), started?.base ?? option('strapi')!);
  const url = option('gateway');
  const gateway = url ? undefined : await uploadGateway();
  const ours = await answerSteps(steps, (r) => (gateway ? gateway.gateway.fetch(r) : fetch(r)), url ?? 'http://gateway.test');
  const comparison = compareSteps(steps, strapi, ours);
  for (const line of describeComparison(steps, comparison)) console.log(line);
  if (args.includes('--show')) {
    for (const list of comparison.unexplained.values()) for (const index of list) console.log(JSON.stringify({ step: steps[index].name, strapi: strapi[index], ours: ours[index] }));
  }
  if (args.includes('--record')) {
    const set: UploadSet = { steps, strapi };
    writeFileSync(UPLOAD_SET, `${JSON.stringify(set, null, 1)}\n`);
    console.log(`recorded ${UPLOAD_SET}`);
  }
} finally {
  if (started?.child.pid) process.kill(-started.child.pid, 'SIGTERM');
}
