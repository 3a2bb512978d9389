// The machine a run measured on (CPU, cores, memory, OS, Node), and whether the gateway build
// under test reads RESPONSE_CACHE at all.
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import type { Machine } from './results.ts';

export function describeMachine(): Machine {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

/** True when a TypeScript file under one of `dirs` mentions RESPONSE_CACHE. */
export async function readsResponseCache(dirs: readonly string[]): Promise<boolean> {
  for (const dir of dirs) {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      if ((await readFile(join(entry.parentPath, entry.name), 'utf8')).includes('RESPONSE_CACHE')) return true;
    }
  }
  return false;
}
