// Group commit on a real SQLite database: a write is applied at once in the open transaction (seen
// by every later read), the writes of one turn of the event loop (or of one fsync's time) commit
// together, and each settles once an fsync after its COMMIT returned. A write its own changes refuse (a unique index) is undone
// alone; the disk refusing a write after others were applied loses the whole group and the store.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Durability } from '../../src/store/sqlite/durability.ts';
import { GroupCommit, MAX_GROUP, type Apply, type Outcome } from '../../src/store/sqlite/group-commit.ts';

class Refused extends Error {}

/** A sync the test completes or fails by hand; `started` counts the syncs begun. */
function manualSync() {
  const pending: Array<{ resolve(): void; reject(error: unknown): void }> = [];
  const sync = () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  return { sync, pending, started: () => pending.length };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const diskFull = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

function harness(sync: () => Promise<void> = async () => undefined) {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT UNIQUE)');
  const settled: Outcome[] = [];
  const durability = new Durability(sync);
  let commits = 0;
  const group = new GroupCommit(db, (error) => new Refused(String(error)), (outcome) => settled.push(outcome), durability, () => {
    commits += 1;
    return undefined;
  });
  const insert = db.prepare('INSERT INTO things (id, name) VALUES (?, ?)');
  const put = (rows: ReadonlyArray<readonly [number, string]>, then?: () => void): Apply => () => {
    for (const row of rows) insert.run(...row);
    return then;
  };
  const rows = () => db.prepare('SELECT id FROM things ORDER BY id').all().map((row) => (row as { id: number }).id);
  return { db, group, put, rows, settled, durability, commits: () => commits };
}

type Row = readonly [number, string];

describe('GroupCommit', () => {
  it.each<[string, ReadonlyArray<readonly Row[]>, boolean[], number[], Outcome[], number]>([
    ['a write alone, accepted', [[[1, 'a'], [2, 'b']]], [true], [1, 2], ['applied'], 1],
    ['a write alone, refused half-way by its unique index', [[[1, 'a'], [2, 'a']]], [false], [], ['undone'], 0],
    ['two writes, the second refused by its own rows (its savepoint undone)', [[[1, 'a']], [[2, 'b'], [3, 'b']]], [true, false], [1], ['applied', 'undone'], 1],
    ['the first write refused, the next one opening a group of its own', [[[1, 'a'], [2, 'a']], [[3, 'c']]], [false, true], [3], ['undone', 'applied'], 1],
    ['three writes, all accepted in one commit', [[[1, 'a']], [[2, 'b']], [[3, 'c']]], [true, true, true], [1, 2, 3], ['applied', 'applied', 'applied'], 1],
  ])('%s', async (_name, writes, accepted, kept, settled, commits) => {
    const h = harness();
    const outcomes = await Promise.all(writes.map((rows) => h.group.submit(h.put(rows)).then(() => true, (error: unknown) => {
      expect(error).toBeInstanceOf(Refused);
      return false;
    })));
    expect(outcomes).toEqual(accepted);
    expect(h.rows()).toEqual(kept);
    expect(h.settled).toEqual(settled);
    expect(h.commits()).toBe(commits);
    expect(h.db.inTransaction).toBe(false);
  });

  it('runs what a write returns once it is applied, inside the open transaction, and never for a refused one', async () => {
    const h = harness();
    const ran: string[] = [];
    const seen = (name: string) => () => ran.push(`${name}: ${h.rows().length} rows, in transaction ${h.db.inTransaction}`);
    await h.group.submit(h.put([[1, 'a']], seen('alone')));
    await h.group.submit(h.put([[2, 'a']], seen('refused'))).catch(() => undefined);
    await Promise.all([h.group.submit(h.put([[3, 'c']], seen('first'))), h.group.submit(h.put([[4, 'd']], seen('second')))]);
    expect(ran).toEqual(['alone: 1 rows, in transaction true', 'first: 2 rows, in transaction true', 'second: 3 rows, in transaction true']);
  });

  it('makes a write visible once applied, commits at the end of the turn, and resolves it only once the fsync after the COMMIT returned', async () => {
    const disk = manualSync();
    const h = harness(disk.sync);
    const events: string[] = [];
    const written = h.group.submit(h.put([[1, 'a']]), { visible: () => events.push(`visible: ${h.rows().length} rows, in transaction ${h.db.inTransaction}`) }).then(() => events.push('resolved'));
    expect(events).toEqual(['visible: 1 rows, in transaction true']);
    expect(disk.started()).toBe(0);
    await turn();
    expect(h.db.inTransaction).toBe(false);
    expect(disk.started()).toBe(1);
    disk.pending[0]!.resolve();
    await written;
    expect(events).toEqual(['visible: 1 rows, in transaction true', 'resolved']);
  });

  it('commits a turn that keeps writing every MAX_GROUP writes', async () => {
    const h = harness();
    const writes = Array.from({ length: 2 * MAX_GROUP + 1 }, (_, n) => h.group.submit(h.put([[n + 1, `n${n}`]]), { mayRefuse: false }));
    expect(h.commits()).toBe(2);
    await Promise.all(writes);
    expect(h.commits()).toBe(3);
    expect(h.rows()).toHaveLength(2 * MAX_GROUP + 1);
  });

  it('holds the writes applied while an fsync runs in one group, committed once it returned and made durable by the next fsync', async () => {
    const disk = manualSync();
    const h = harness(disk.sync);
    const first = h.group.submit(h.put([[1, 'a']]));
    await turn();
    const later: Promise<void>[] = [];
    for (const id of [2, 3, 4]) {
      later.push(h.group.submit(h.put([[id, `n${id}`]])));
      await turn();
    }
    expect(h.rows()).toEqual([1, 2, 3, 4]);
    expect(h.db.inTransaction).toBe(true);
    expect(h.commits()).toBe(1);
    expect(disk.started()).toBe(1);
    disk.pending[0]!.resolve();
    await first;
    await turn();
    expect(h.commits()).toBe(2);
    expect(h.db.inTransaction).toBe(false);
    expect(disk.started()).toBe(2);
    disk.pending[1]!.resolve();
    await Promise.all(later);
    expect(h.durability.syncs).toBe(2);
  });

  it('rejects the writes a failed fsync was to make durable, and commits nothing after it', async () => {
    const disk = manualSync();
    const h = harness(disk.sync);
    const first = h.group.submit(h.put([[1, 'a']])).catch((error: unknown) => error);
    await turn();
    disk.pending[0]!.reject(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    const refused = (await first) as Error & { status?: number };
    expect(refused.message).toMatch(/fsync failed: EIO/);
    expect(h.durability.failed).toBe(refused);
    await expect(h.group.submit(h.put([[2, 'b']]))).rejects.toBe(refused);
    expect(h.rows()).toEqual([1]);
    expect(disk.started()).toBe(1);
  });

  it.each<[string, Apply | 'unique without savepoint']>([
    ['the disk refusing a later write', () => {
      throw diskFull();
    }],
    ['a unique index refusing a write that said it may not be refused', 'unique without savepoint'],
  ])('loses the whole group after %s: every write of it rejected, nothing kept, no write taken after', async (_name, second) => {
    const h = harness();
    const first = h.group.submit(h.put([[1, 'a']])).catch((error: unknown) => error);
    const later = (second === 'unique without savepoint' ? h.group.submit(h.put([[2, 'a']]), { mayRefuse: false }) : h.group.submit(second)).catch((error: unknown) => error);
    const [one, two] = (await Promise.all([first, later])) as Array<Error & { status?: number; details?: { code?: string } }>;
    expect(one).toBe(two);
    expect(one).toMatchObject({ status: 503, details: { code: 'COMMIT_FAILED' } });
    expect(h.rows()).toEqual([]);
    expect(h.settled).toEqual(['applied', 'lost']);
    expect(h.db.inTransaction).toBe(false);
    await expect(h.group.submit(h.put([[3, 'c']]))).rejects.toBe(one);
  });
});
