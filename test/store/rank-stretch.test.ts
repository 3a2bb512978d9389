// A stretch of a rank group's order (src/store/sqlite/rank-sql.ts `stretch`): its clauses, read in
// turn, give exactly the entries between two positions in the group's order, and each is one seek
// of the group's index, the ties of a position's key sought by their id rather than walked.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Position } from '../../src/store/sqlite/checkpoints.ts';
import { and, orderBy, stretch } from '../../src/store/sqlite/rank-sql.ts';
import type { SortDirection } from '../../src/store/store.ts';

// 600 entries, views in five values (120 ties each), ids interleaved across them.
const ENTRIES = Array.from({ length: 600 }, (_, i) => ({ id: i + 1, views: (i * 7) % 5 }));
const db = new Database(':memory:');
db.exec('CREATE TABLE k (id INTEGER PRIMARY KEY, "f:views" INTEGER)');
db.exec('CREATE INDEX up ON k ("f:views" ASC, id ASC)');
db.exec('CREATE INDEX down ON k ("f:views" DESC, id ASC)');
const insert = db.prepare('INSERT INTO k VALUES (?, ?)');
for (const entry of ENTRIES) insert.run(entry.id, entry.views);
afterAll(() => db.close());

const column = (field: string) => `k."f:${field}"`;

/** The group's order as plain sorting has it: views either way, ties by id ascending. */
function inOrder(direction: SortDirection): Position[] {
  return [...ENTRIES].sort((a, b) => (a.views - b.views) * direction || a.id - b.id).map((entry) => ({ key: entry.views, id: entry.id }));
}

function read(direction: SortDirection, from: Position | undefined, to: Position | undefined): { ids: number[]; plans: string[] } {
  const index = direction === 1 ? 'up' : 'down';
  const ids: number[] = [];
  const plans: string[] = [];
  for (const part of stretch('views', direction, from, to, column)) {
    const where = and([part]);
    const sql = `SELECT k.id FROM k INDEXED BY ${index} WHERE ${where.where} ORDER BY ${orderBy('views', direction, column)}`;
    ids.push(...(db.prepare(sql).pluck().all(...where.params) as number[]));
    plans.push((db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...where.params) as Array<{ detail: string }>).map((row) => row.detail).join(' | '));
  }
  return { ids, plans };
}

describe('a stretch of a rank group', () => {
  // Positions by their place in the order: 130 is among the ties of the second key, 250 of the third.
  it.each<[string, SortDirection, number | undefined, number | undefined]>([
    ['from a tie to the end, ascending', 1, 130, undefined],
    ['from the start to a tie, ascending', 1, undefined, 250],
    ['between ties of two keys, ascending', 1, 130, 250],
    ['between two ties of one key, ascending', 1, 130, 200],
    ['from a tie to the end, descending', -1, 130, undefined],
    ['between ties of two keys, descending', -1, 130, 370],
    ['between two ties of one key, descending', -1, 125, 235],
    ['the whole group', 1, undefined, undefined],
  ])('%s: the entries between, each clause a seek', (_name, direction, fromPlace, toPlace) => {
    const order = inOrder(direction);
    const from = fromPlace === undefined ? undefined : order[fromPlace];
    const to = toPlace === undefined ? undefined : order[toPlace];
    const { ids, plans } = read(direction, from, to);
    expect(ids).toEqual(order.slice(fromPlace ?? 0, toPlace ?? order.length).map((position) => position.id));
    for (const plan of plans) expect(plan).toMatch(/^SEARCH k USING COVERING INDEX (up|down)|^SCAN k USING COVERING INDEX (up|down)$/);
    // The ties of an end are sought at its id: never a walk from the first tie of its key.
    const tieSeeks = plans.filter((plan) => plan.includes('f:views=?'));
    expect(tieSeeks.length).toBe((from ? 1 : 0) + (to ? 1 : 0) - (from && to && from.key === to.key ? 1 : 0));
    for (const plan of tieSeeks) expect(plan).toMatch(/f:views=\? AND id[<>]\?/);
  });

  it('orders by id alone in one clause, either way', () => {
    expect(stretch('id', 1, { key: 3, id: 3 }, { key: 9, id: 9 }, column)).toEqual([{ where: '(k.id >= ?) AND (k.id < ?)', params: [3, 9] }]);
    expect(stretch('id', -1, { key: 9, id: 9 }, undefined, column)).toEqual([{ where: '(k.id <= ?)', params: [9] }]);
  });
});
