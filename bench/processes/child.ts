// Helpers for the benchmark's child processes: a port free before one starts, waiting until one
// answers, stopping it, reading its memory from /proc (Linux; absent elsewhere).
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Resolves when nothing listens on `port` of 127.0.0.1. The machine is shared: a server of someone
 * else's on the port would answer the readiness check and then be measured (and loaded) instead.
 * @throws Error naming the port when it is taken.
 */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(new Error(`port ${port} is taken (${error.code}): another server listens there; choose other ports (--port)`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Resolves once `url` answers `status`; rejects when the child exits first or `timeoutMs` passes. */
export async function waitUntilAnswers(child: ChildProcess, url: string, status: number, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    try {
      if ((await fetch(url)).status === status) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}: no ${status} answer within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Sends SIGTERM, then SIGKILL if the child is still there after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface Memory {
  /** Resident set size now, MB. */
  rssMb: number;
  /** Largest resident set size so far, MB. */
  peakRssMb: number;
}

/** The child's memory from /proc/<pid>/status, or undefined where /proc is not there. */
export async function memoryOf(pid: number | undefined): Promise<Memory | undefined> {
  if (pid === undefined) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/**
 * A file for a child's output (its request log included), so the benchmark's own process, which
 * also runs the load generator, does not spend time reading it; `text()` is its last `max` characters.
 */
export function outputFile(name: string, max = 4000): { fd: number; text(): string } {
  const dir = path.join(os.tmpdir(), 'gateway-bench');
  mkdirSync(dir, { recursive: true });
  // Named by this process too: other benchmarks on the machine write to the same folder.
  const file = path.join(dir, `${process.pid}-${name}`);
  const fd = openSync(file, 'w');
  return {
    fd,
    text: () => {
      try {
        return readFileSync(file, 'utf8').slice(-max);
      } catch {
        return '';
      }
    },
  };
}
