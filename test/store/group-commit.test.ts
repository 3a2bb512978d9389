// Group commit on a real SQLite database: a write alone in its group and writes sharing one are
// each committed whole or refused whole; a write its own changes refuse (a unique index) leaves
// the others of its group in; what a write returns runs only once it is committed.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Durability } from '../../src/store/sqlite/durability.ts';
import { GroupCommit, type Apply } from '../../src/store/sqlite/group-commit.ts';

class Refused extends Error {}

/** A sync the test completes or fails by hand; `started` counts the syncs begun. */
function manualSync() {
  const pending: Array<{ resolve(): void; reject(error: unknown): void }> = [];
  const sync = () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  return { sync, pending, started: () => pending.length };
}

function harness(sync: () => Promise<void> = async () => undefined) {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT UNIQUE)');
  const settled: boolean[] = [];
  const durability = new Durability(sync);
  const group = new GroupCommit(db, (error) => new Refused(String(error)), (rolledBack) => settled.push(rolledBack), durability);
  const insert = db.prepare('INSERT INTO things (id, name) VALUES (?, ?)');
  const put = (rows: Array<[number, string]>, committed?: () => void): Apply => () => {
    for (const row of rows) insert.run(...row);
    return committed;
  };
  const rows = () => db.prepare('SELECT id FROM things ORDER BY id').all().map((row) => (row as { id: number }).id);
  return { db, group, put, rows, settled, durability };
}

describe('GroupCommit', () => {
  it.each([
    ['a write alone, accepted', [[[1, 'a'], [2, 'b']]], [true], [1, 2], [false]],
    ['a write alone, refused half-way by its unique index', [[[1, 'a'], [2, 'a']]], [false], [], [true]],
    ['two writes, the second refused by its own rows', [[[1, 'a']], [[2, 'b'], [3, 'b']]], [true, false], [1], [true]],
    ['three writes, all accepted in one commit', [[[1, 'a']], [[2, 'b']], [[3, 'c']]], [true, true, true], [1, 2, 3], [false]],
  ] as const)('%s', async (_name, writes, accepted, kept, settled) => {
    const h = harness();
    const outcomes = await Promise.all(writes.map((rows) => h.group.submit(h.put(rows.map(([id, name]) => [id, name]))).then(() => true, (error: unknown) => {
      expect(error).toBeInstanceOf(Refused);
      return false;
    })));
    expect(outcomes).toEqual(accepted);
    expect(h.rows()).toEqual(kept);
    expect(h.settled).toEqual(settled);
    expect(h.db.inTransaction).toBe(false);
  });

  it('runs what a write returns after its commit, and never for a refused one', async () => {
    const h = harness();
    const ran: string[] = [];
    const seen = (name: string) => () => ran.push(`${name}: ${h.rows().length} rows, in transaction ${h.db.inTransaction}`);
    await h.group.submit(h.put([[1, 'a']], seen('alone')));
    await h.group.submit(h.put([[2, 'a']], seen('refused'))).catch(() => undefined);
    await Promise.all([h.group.submit(h.put([[3, 'c']], seen('first'))), h.group.submit(h.put([[4, 'd']], seen('second')))]);
    expect(ran).toEqual(['alone: 1 rows, in transaction false', 'first: 3 rows, in transaction false', 'second: 3 rows, in transaction false']);
  });

  it('makes a write visible at its commit and resolves it only once the fsync after it returned', async () => {
    const disk = manualSync();
    const h = harness(disk.sync);
    const events: string[] = [];
    const written = h.group.submit(h.put([[1, 'a']]), () => events.push(`visible: ${h.rows().length} rows`)).then(() => events.push('resolved'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['visible: 1 rows']);
    expect(disk.started()).toBe(1);
    disk.pending[0]!.resolve();
    await written;
    expect(events).toEqual(['visible: 1 rows', 'resolved']);
  });

  it('makes the commits made while an fsync runs durable with the next one: one fsync for all of them', async () => {
    const disk = manualSync();
    const h = harness(disk.sync);
    const first = h.group.submit(h.put([[1, 'a']]));
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map(async (id) => {
      await new Promise((resolve) => setImmediate(resolve));
      return h.group.submit(h.put([[id, `n${id}`]]));
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.rows()).toEqual([1, 2, 3, 4]);
    expect(disk.started()).toBe(1);
    disk.pending[0]!.resolve();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(disk.started()).toBe(2);
    disk.pending[1]!.resolve();
    await Promise.all(later);
    expect(h.durability.syncs).toBe(2);
  });

  it('rejects the writes a failed fsync was to make durable, and commits nothing after it', async () => {
    const disk = manualSync();
    const h = harness(disk.sync);
    const first = h.group.submit(h.put([[1, 'a']])).catch((error: unknown) => error);
    await new Promise((resolve) => setImmediate(resolve));
    disk.pending[0]!.reject(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    const refused = (await first) as Error & { status?: number };
    expect(refused.message).toMatch(/fsync failed: EIO/);
    expect(h.durability.failed).toBe(refused);
    await expect(h.group.submit(h.put([[2, 'b']]))).rejects.toBe(refused);
    expect(h.rows()).toEqual([1]);
    expect(disk.started()).toBe(1);
  });
});
