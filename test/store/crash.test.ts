// Every acknowledged write survives a SIGKILL: a child writes through the embedded store on a
// temporary data folder and prints each id acknowledged; it is killed at a random moment, the
// folder is opened again (its lock taken over from the dead process), and every acknowledged
// write is there whole, both of its documents. Several rounds on the same folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataFolder } from '../../src/store/sqlite/data-folder.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'crash-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the writer until a random moment after its first acknowledgement, kills it; returns the ids it acknowledged. */
function writeUntilKilled(first: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support/writer-child.ts'), folder, String(first)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    let armed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!armed && /^\d+$/m.test(output)) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), 50 + Math.random() * 400);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`the writer ended without being killed: ${errors}`));
      // A line cut off by the kill is not an acknowledgement.
      const lines = output.split('\n').slice(0, -1);
      resolve(lines.filter((line) => /^\d+$/.test(line)).map(Number));
    });
  });
}

describe('the embedded store killed with SIGKILL while writing', () => {
  it('serves every acknowledged write after a restart, whole, round after round', async () => {
    let first = 1;
    for (let round = 0; round < 3; round++) {
      const acknowledged = await writeUntilKilled(first);
      expect(acknowledged.length).toBeGreaterThan(0);
      const { store } = openDataFolder(folder);
      try {
        const ids = acknowledged;
        expect(await store.count('entries', { id: { $in: ids } })).toBe(ids.length);
        expect(await store.count('backlinks', { id: { $in: ids } })).toBe(ids.length);
        // Whole or not at all: every entry written has its backlink, and the other way round.
        const entries = (await store.find('entries', {})).map((doc) => doc.id);
        const backlinks = (await store.find('backlinks', {})).map((doc) => doc.id);
        expect(backlinks).toEqual(entries);
        const [sample] = await store.find('entries', { id: ids[ids.length - 1] });
        expect(sample).toMatchObject({ slug: `entry-${sample.id}`, seo: { id: sample.id }, links: [sample.id - 1] });
        expect(sample.at).toBeInstanceOf(Date);
        first = Math.max(...entries) + 1;
      } finally {
        await store.close();
      }
    }
  }, 120_000);
});
