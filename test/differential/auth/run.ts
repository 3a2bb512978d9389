// The auth differential, live: starts a reference Strapi v4.25 on the fixture model and the users'
// seed (its mail to an SMTP sink), sends every step to it and to the gateway in process (each
// step from a loopback address of its own, so per-client limits count as they would), compares,
// prints the agreement; with --record, keeps Strapi's answers for npm test.
//   npx tsx test/differential/auth/run.ts --start /tmp/strapi-ref-users:1390 [--record] [--show 40]
// REF needs Strapi installed (see ../shared/strapi-reference/README.md; copying /tmp/strapi-ref's
// node_modules and package.json into it skips the install). Strapi's output goes to REF.log.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { chmodSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startMailSink } from '../../support/mail-sink.ts';
import { answerSteps, type ServerSide } from './sequence.ts';
import { compareAnswers, describeComparison } from './compare.ts';
import { AUTH_SEED, RECORDED, gatewaySide, sinkSide } from './servers.ts';
import { AUTH_STEPS } from './steps.ts';

const args = process.argv.slice(2);
const option = (name: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
if (!option('start')) {
  console.error('usage: npx tsx test/differential/auth/run.ts --start REF:PORT [--record] [--show N]');
  process.exit(2);
}

/** The reference's start script, its config's plugins given an email provider that sends to `smtpPort`. */
function startScript(ref: string, smtpPort: number): string {
  const reference = resolve('../shared/strapi-reference');
  const email = `module.exports = (context) => ({ ...require('./plugins-base.js')(context), email: { config: { provider: 'sendmail', providerOptions: { devPort: ${smtpPort}, devHost: '127.0.0.1' } } } });`;
  const script = readFileSync(`${reference}/start`, 'utf8')
    .replace('here=$(cd "$(dirname "$0")" && pwd)', `here=${reference}`)
    .replace('cp -r "$here/app/config" "$here/app/src" .', `cp -r "$here/app/config" "$here/app/src" .\nmv config/plugins.js config/plugins-base.js\ncat > config/plugins.js <<'JS'\n${email}\nJS`);
  const path = `${ref}.start.sh`;
  writeFileSync(path, script);
  chmodSync(path, 0o755);
  return path;
}

async function startStrapi(ref: string, port: string, smtpPort: number): Promise<{ base: string; child: ChildProcess }> {
  const env = { ...process.env, REF: ref, PORT: port, SEED_FILE: resolve(AUTH_SEED), FRESH: '1' };
  const log = openSync(`${ref}.log`, 'w');
  const child = spawn(startScript(ref, smtpPort), { env, detached: true, stdio: ['ignore', log, log] });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 300; waited += 1) {
    await new Promise((done) => setTimeout(done, 1000));
    if (await fetch(`${base}/_health`).then((r) => r.status === 204, () => false)) return { base, child };
  }
  throw new Error(`Strapi did not start on ${base} (REF ${ref})`);
}

/** A request sent from `peer` (fetch cannot choose its source address). */
async function sendFrom(request: Request, peer: string): Promise<Response> {
  const url = new URL(request.url);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  return new Promise((done, fail) => {
    const outgoing = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: request.method, headers: Object.fromEntries(request.headers), localAddress: peer }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
        const status = incoming.statusCode ?? 500;
        done(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    outgoing.on('error', fail).end(body);
  });
}

const strapiSink = await startMailSink();
const gatewaySink = await startMailSink();
const [ref, port] = option('start')!.split(':');
const started = await startStrapi(ref, port, strapiSink.port);
try {
  const strapiSide: ServerSide = sinkSide(strapiSink, sendFrom);
  const strapi = await answerSteps(AUTH_STEPS, started.base, strapiSide);
  const ours = await answerSteps(AUTH_STEPS, 'http://gateway.test', (await gatewaySide(gatewaySink)).side);
  const comparison = compareAnswers(AUTH_STEPS, strapi, ours);
  for (const line of describeComparison(comparison, Number(option('show') ?? 40))) console.log(line);
  if (args.includes('--record')) {
    writeFileSync(RECORDED, `${JSON.stringify({ steps: AUTH_STEPS, strapi }, null, 1)}\n`);
    console.log(`recorded ${RECORDED}`);
  }
} finally {
  if (started.child.pid) process.kill(-started.child.pid, 'SIGTERM');
  await strapiSink.close();
  await gatewaySink.close();
}
