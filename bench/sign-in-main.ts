// `npm run bench:sign-in`: what a sign-in costs (bcrypt, cost 10), the gateway (a child process on
// the fixture model and the users' seed) and, with --strapi, a Strapi reference on the same seed:
// sign-ins per second and latency at a few concurrencies, for a right password, a wrong one and an
// unknown user (which must cost what a wrong password costs). Every request comes from a loopback
// address of its own, so neither server's per-client limit (10 a minute) counts it against another.
//   npm run bench:sign-in -- [--strapi URL] [--n 200] [--concurrency 1,4]
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { startGatewayProcess } from './processes/gateway-process.ts';

const args = process.argv.slice(2);
const option = (name: string) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
const N = Number(option('n') ?? 200);
const CONCURRENCY = (option('concurrency') ?? '1,4').split(',').map(Number);
const SEED = 'test/fixtures/users-permissions/seed.json';
const CASES = [
  ['right password', { identifier: 'alice', password: 'Alice-Pass-1' }, 200],
  ['wrong password', { identifier: 'alice', password: 'Wrong-Pass-1' }, 400],
  ['unknown user', { identifier: 'nobody', password: 'Alice-Pass-1' }, 400],
] as const;

let nextAddress = 0;
/** A loopback address no other request of this run came from: 127.1.0.0 onwards. */
function freshAddress(): string {
  const n = nextAddress++;
  return `127.${1 + Math.floor(n / 65_536)}.${Math.floor(n / 256) % 256}.${n % 256 === 0 ? 1 : n % 256}`;
}

/** One sign-in from a fresh address: its status and milliseconds. */
function signIn(url: URL, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const outgoing = httpRequest({ host: url.hostname, port: url.port, path: '/api/auth/local', method: 'POST', localAddress: freshAddress(), headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (incoming) => {
      incoming.resume().on('end', () => done({ status: incoming.statusCode ?? 0, ms: performance.now() - started }));
    });
    outgoing.on('error', fail).end(body);
  });
}

interface Row { target: string; case: string; concurrency: number; perSecond: number; p50: number; p95: number; unexpected: number }

async function measure(target: string, base: string, label: string, body: object, expected: number, concurrency: number): Promise<Row> {
  const url = new URL(base);
  const text = JSON.stringify(body);
  for (let i = 0; i < 5; i += 1) await signIn(url, text);
  const times: number[] = [];
  let unexpected = 0;
  let left = N;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (left-- > 0) {
      const { status, ms } = await signIn(url, text);
      if (status !== expected) unexpected += 1;
      times.push(ms);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { target, case: label, concurrency, perSecond: times.length / seconds, p50: at(0.5), p95: at(0.95), unexpected };
}

const gateway = option('gateway') ? undefined : await startGatewayProcess({
  dataset: SEED, port: Number(option('port') ?? 1620), responseCache: 'on',
  env: { JWT_SECRET: 'conformance-jwt-secret', API_TOKEN_SALT: 'conformance-api-token-salt', LOG_LEVEL: 'silent' },
});
const targets: Array<[string, string]> = [['gateway', option('gateway') ?? gateway!.url], ...(option('strapi') ? [['strapi', option('strapi')!] as [string, string]] : [])];
const rows: Row[] = [];
try {
  for (const concurrency of CONCURRENCY) {
    for (const [label, body, expected] of CASES) {
      for (const [target, base] of targets) rows.push(await measure(target, base, label, body, expected, concurrency));
    }
  }
} finally {
  await gateway?.stop();
}
console.log(`sign-in cost, ${N} sign-ins a row, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('target | case | concurrency | sign-ins/s | p50 ms | p95 ms | unexpected answers');
for (const row of rows) console.log(`${row.target} | ${row.case} | ${row.concurrency} | ${row.perSecond.toFixed(1)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.unexpected}`);
