// Which embedded store the gateway under test has: the durable one takes `--data DIR` (its
// `--help` lists the flag), the one before it keeps everything in memory.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** True when the gateway's `--help` text lists a `--data` flag. Pure. */
export function listsDataFlag(help: string): boolean {
  return /^\s*--data(?=[\s=]|$)/m.test(help);
}

/** The store in words, for the report. Pure. */
export function describeGatewayStore(dataFolder: string | undefined): string {
  return dataFolder === undefined
    ? 'in-memory embedded store (before the durable store; the gateway has no --data flag)'
    : `durable embedded store, in a fresh data folder (--data ${dataFolder})`;
}

/** The gateway's `--help`, run as `npm start -- --help` runs it. */
export async function gatewayHelp(): Promise<string> {
  const entry = new URL('../../gateway/main.ts', import.meta.url).pathname;
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', entry, '--help']);
  return stdout + stderr;
}

/** A fresh temp folder for the durable store when the gateway has one, else undefined. */
export async function dataFolderFor(help: string): Promise<string | undefined> {
  return listsDataFlag(help) ? mkdtemp(path.join(os.tmpdir(), 'gateway-bench-writes-')) : undefined;
}
