// The write differential, live: generates a write sequence for a model, sends each step to a real
// Strapi v4.25 and to the gateway (in process, or at a URL) on the same model and seed, compares
// the answers and prints the agreement; with --record, keeps Strapi's answers for npm test.
//   npx tsx test/differential/writes/run.ts <fixture|foodadvisor|corporate> --rand 1 [--n 200]
//     (--strapi URL | --start REF:PORT) [--gateway URL] [--record] [--show 30]
//   npx tsx test/differential/writes/run.ts fixture --shapes ...   (the hand-written shapes.mjs)
// --start launches ../shared/strapi-reference/start with FRESH data on the model and the write
// seed (REF a folder of its own, see that README; its output goes to REF.log), and stops it at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadContentModel } from '../../../src/model/load.ts';
import { loadModel } from '../live/model.mjs';
import { generateSequence } from './generate.mjs';
import { shapeSteps } from './shapes.mjs';
import { answerSequence, compareSequence, describeComparison } from './replay.ts';
import { seedIds, STEPS_PER_SEQUENCE, WRITE_MODELS, writeSeedFile, writeGateway, writeSetFile, type SetKey, type WriteModelName, type WriteSet } from './sets.ts';

const args = process.argv.slice(2);
const option = (name: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
const modelName = args[0] as WriteModelName;
if (!WRITE_MODELS[modelName] || (!option('strapi') && !option('start'))) {
  console.error('usage: npx tsx test/differential/writes/run.ts <fixture|foodadvisor|corporate> --rand N (--strapi URL | --start REF:PORT) [--n N] [--gateway URL] [--record]');
  process.exit(2);
}
const rand: SetKey = args.includes('--shapes') ? 'shapes' : Number(option('rand') ?? 1);
const n = Number(option('n') ?? STEPS_PER_SEQUENCE);
const { schema } = WRITE_MODELS[modelName];
const seedFile = writeSeedFile(modelName);

/** Starts a fresh reference Strapi on the model and seed; resolves once it answers. */
async function startStrapi(ref: string, port: string): Promise<{ base: string; child: ChildProcess }> {
  const script = resolve('../shared/strapi-reference/start');
  const env = { ...process.env, REF: ref, PORT: port, SCHEMA_DIR: resolve(schema), SEED_FILE: seedFile, FRESH: '1' };
  const log = openSync(`${ref}.log`, 'w');
  const child = spawn(script, { env, detached: true, stdio: ['ignore', log, log] });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 300; waited += 1) {
    await new Promise((done) => setTimeout(done, 1000));
    const ready = await fetch(`${base}/_health`).then((r) => r.status === 204, () => false);
    if (ready) return { base, child };
  }
  throw new Error(`Strapi did not start on ${base} (REF ${ref})`);
}

async function gatewaySender(): Promise<{ base: string; send: (request: Request) => Promise<Response> }> {
  const url = option('gateway');
  if (url) return { base: url, send: (request) => fetch(request) };
  const gateway = await writeGateway(schema, seedFile);
  return { base: 'http://gateway.test', send: async (request) => gateway.fetch(request) };
}

const started = option('start') ? await startStrapi(...(option('start')!.split(':') as [string, string])) : undefined;
const strapiBase = started?.base ?? option('strapi')!;
try {
  const model = await loadContentModel(schema);
  const steps = rand === 'shapes' ? shapeSteps() : generateSequence({ model: loadModel(schema), seed: JSON.parse(readFileSync(seedFile, 'utf8')), n, rand });
  const strapi = await answerSequence(model, steps, seedIds(seedFile), (r) => fetch(r, { signal: AbortSignal.timeout(60_000) }), strapiBase);
  const gateway = await gatewaySender();
  const ours = await answerSequence(model, steps, seedIds(seedFile), gateway.send, gateway.base);
  const comparison = compareSequence(model, steps, strapi, ours);
  for (const line of describeComparison(`${modelName} seed ${rand}`, steps.length, comparison, Number(option('show') ?? 30))) console.log(line);
  if (args.includes('--record')) {
    const set: WriteSet = { model: modelName, rand, steps, strapi };
    writeFileSync(writeSetFile(modelName, rand), `${JSON.stringify(set)}\n`);
    console.log(`recorded ${writeSetFile(modelName, rand)}`);
  }
} finally {
  if (started?.child.pid) process.kill(-started.child.pid, 'SIGTERM');
}

