// A dataset file + a port + RESPONSE_CACHE -> the gateway running as a child process on the
// embedded store (as `npm start` runs it: compiled, with the Node flags it gives, and --seed), timed
// from spawn to its first healthy answer. Its output (one log line per request) goes to a file in the temp folder.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GATEWAY_NODE_FLAGS } from '../../gateway/node-flags.ts';
import { assertPortFree, memoryOf, outputFile, stopChild, waitUntilAnswers, type Memory } from './child.ts';

/** The conformance fixture's model; the repository keeps an identical copy. */
export const BENCH_SCHEMA = 'test/fixtures/blog';

export interface GatewayProcessOptions {
  dataset: string;
  port: number;
  responseCache: 'on' | 'off';
  /** The embedded store's folder: kept data is served (a restart); a fresh temporary one by default. */
  dataDir?: string;
  /** The content model; `BENCH_SCHEMA` by default. */
  schema?: string;
  /** More gateway flags (`--data DIR`). */
  args?: readonly string[];
  /** More environment for the child (`API_TOKEN_SALT`). */
  env?: Readonly<Record<string, string>>;
  /** Node flags for the child (`--max-old-space-size=8192`); none by default. */
  nodeFlags?: readonly string[];
  /** Longest wait for the import and start-up. */
  timeoutMs?: number;
  /** Told when the child ends before `stop()` (crash, out of memory, killed from outside). */
  onUnexpectedExit?(message: string): void;
}

export interface GatewayProcess {
  url: string;
  pid: number | undefined;
  /** Spawn to first 204 from /_health: Node start-up, model load, seed parse and import. */
  readyMs: number;
  memory(): Promise<Memory | undefined>;
  stop(): Promise<void>;
}

let built = false;

/** `npm run build` once per benchmark: the gateway runs compiled, as `npm start` runs it. */
function buildOnce(): void {
  if (built) return;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: new URL('../..', import.meta.url).pathname, stdio: 'inherit' });
  built = true;
}

export async function startGatewayProcess(options: GatewayProcessOptions): Promise<GatewayProcess> {
  buildOnce();
  const entry = new URL('./gateway-child.mjs', import.meta.url).pathname;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'gateway-bench-data-'));
  const args = [...GATEWAY_NODE_FLAGS, ...(options.nodeFlags ?? []), entry, '--schema', options.schema ?? BENCH_SCHEMA, '--seed', options.dataset, '--data', dataDir, '--port', String(options.port), '--host', '127.0.0.1', ...(options.args ?? [])];
  await assertPortFree(options.port);
  const started = performance.now();
  const output = outputFile(`gateway-${options.port}.log`);
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...options.env, RESPONSE_CACHE: options.responseCache },
    stdio: ['ignore', output.fd, output.fd],
  });
  closeSync(output.fd);
  const url = `http://127.0.0.1:${options.port}`;
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) options.onUnexpectedExit?.(`gateway on ${url} (RESPONSE_CACHE=${options.responseCache}) exited (${code ?? signal}) while measured; its last output:\n${output.text()}`);
  });
  try {
    await waitUntilAnswers(child, `${url}/_health`, 204, options.timeoutMs ?? 120_000, output.text);
  } catch (error) {
    stopping = true;
    await stopChild(child);
    throw error;
  }
  return {
    url,
    pid: child.pid,
    readyMs: performance.now() - started,
    memory: () => memoryOf(child.pid),
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
  };
}
