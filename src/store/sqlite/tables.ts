// A collection's tables in the embedded database: its documents (`d:<name>`), the keys of the
// fields it indexes (`k:<name>`, one column per field, SQL-comparable), and the keys of array items
// (`i:<name>`). Keeps the key columns in step with every put and delete, and adds a column (filled
// from the stored documents) when an index names a field or a read asks for one it has not got.
import { deserialize, serialize } from 'node:v8';
import type Database from 'better-sqlite3';
import type { Doc } from '../store.ts';
import { quoted } from './database.ts';
import { fieldKeys, HOLDS_ARRAYS, sqlDirection, type Key } from './keys.ts';
import { RankIndexes, type KeyRow, type RankOptions } from './rank-index.ts';
import type { KeyColumns } from './translate.ts';

type Row = { id: number; doc: Buffer };

/** One entry's keys before and after a change (absent: the entry did not exist). */
export type Move = readonly [before: KeyRow | undefined, after: KeyRow | undefined];

/** Fields a collection may learn from reads, beyond those its indexes name. */
const MAX_LEARNED = 24;

export class CollectionTables implements KeyColumns {
  readonly docs: string;
  readonly keys: string;
  readonly items: string;
  /** Key fields -> what their values have held. */
  private readonly fields = new Map<string, number>();
  private learned = 0;
  private put?: { doc: Database.Statement; keys: Database.Statement };
  private readonly statements = new Map<string, Database.Statement>();
  /** Fields whose descending sort index this process has made sure of. */
  private readonly sortIndexes = new Set<string>();
  /** Grows with every committed change: answers cached at one version hold until the next. */
  version = 0;
  /** Counts and deep pages of large reads (rank-index.ts). */
  readonly ranks: RankIndexes;

  constructor(
    private readonly db: Database.Database,
    readonly name: string,
    rankOptions: RankOptions,
  ) {
    this.docs = quoted(`d:${name}`);
    this.keys = quoted(`k:${name}`);
    this.items = quoted(`i:${name}`);
    this.ranks = new RankIndexes(db, name, this.keys, (field) => (field === 'id' ? 'k.id' : this.column(field)!), rankOptions);
    for (const row of db.prepare('SELECT field, holds, learned FROM _fields WHERE collection = ?').all(name) as Array<{ field: string; holds: number; learned: number }>) {
      this.fields.set(row.field, row.holds);
      this.learned += row.learned;
    }
  }

  /** Creates the tables (a no-op when they exist). */
  create(): void {
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS ${this.docs} (id INTEGER PRIMARY KEY, doc BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS ${this.keys} (id INTEGER PRIMARY KEY);
      CREATE TABLE IF NOT EXISTS ${this.items} (field TEXT NOT NULL, key, id INTEGER NOT NULL, PRIMARY KEY (field, key, id)) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${quoted(`i:${this.name}:id`)} ON ${this.items} (id);
    `);
    this.db.prepare('INSERT OR IGNORE INTO _collections (name) VALUES (?)').run(this.name);
  }

  column(field: string): string | undefined {
    return this.fields.has(field) ? `k.${quoted(`f:${field}`)}` : undefined;
  }

  holds(field: string): number {
    return this.fields.get(field) ?? 0;
  }

  hasField(field: string): boolean {
    return this.fields.has(field);
  }

  /**
   * Inserts or replaces `doc`, its keys and its items' keys; the entry's keys before and after go
   * to `moves` while rank groups are kept. Throws SQLite's errors.
   */
  upsert(doc: Doc, moves?: Move[]): void {
    const before = this.ranks.active ? this.keyRow(doc.id) : undefined;
    const keys: Key[] = [];
    for (const [field, holds] of this.fields) {
      const found = fieldKeys(doc[field], doc.id);
      keys.push(found.key);
      if ((holds | found.holds) !== holds) this.setHolds(field, holds | found.holds);
      if ((holds | found.holds) & HOLDS_ARRAYS) this.replaceItems(field, doc.id, found.items);
    }
    const statements = (this.put ??= this.putStatements());
    statements.doc.run(doc.id, serialize(doc));
    statements.keys.run(doc.id, ...keys);
    if (this.ranks.active) moves?.push([before, this.keyRow(doc.id)]);
  }

  /** The entry's key row as rank groups compare it (integers as bigint), or undefined. */
  private keyRow(id: number): KeyRow | undefined {
    return this.statement(`SELECT * FROM ${this.keys} WHERE id = ?`).safeIntegers(true).get(id) as KeyRow | undefined;
  }

  private replaceItems(field: string, id: number, items: readonly Key[]): void {
    this.statement(`DELETE FROM ${this.items} WHERE id = ? AND field = ?`).run(id, field);
    const insert = this.statement(`INSERT OR IGNORE INTO ${this.items} (field, key, id) VALUES (?, ?, ?)`);
    for (const key of items) insert.run(field, key, id);
  }

  /** A prepared statement, kept for the next call. */
  private statement(sql: string): Database.Statement {
    let found = this.statements.get(sql);
    if (!found) this.statements.set(sql, (found = this.db.prepare(sql)));
    return found;
  }

  /** Removes the document with this id; says whether there was one. */
  delete(id: number, moves?: Move[]): boolean {
    const before = this.ranks.active ? this.keyRow(id) : undefined;
    if (before) moves?.push([before, undefined]);
    this.statement(`DELETE FROM ${this.items} WHERE id = ?`).run(id);
    this.statement(`DELETE FROM ${this.keys} WHERE id = ?`).run(id);
    return this.statement(`DELETE FROM ${this.docs} WHERE id = ?`).run(id).changes > 0;
  }

  /**
   * Gives `field` a key column (filled from the stored documents) and an index on it. A field a
   * read asks for is learned only while the collection has learned fewer than MAX_LEARNED.
   */
  addField(field: string, learned: boolean): boolean {
    if (field === 'id' || this.fields.has(field)) return true;
    if (learned && (this.learned >= MAX_LEARNED || field.includes('.') || field.startsWith('$'))) return false;
    const column = quoted(`f:${field}`);
    this.db.transaction(() => {
      this.db.exec(`ALTER TABLE ${this.keys} ADD COLUMN ${column}`);
      this.fields.set(field, 0);
      this.db.prepare('INSERT INTO _fields (collection, field, holds, learned) VALUES (?, ?, 0, ?)').run(this.name, field, learned ? 1 : 0);
      this.fill(field, column);
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${quoted(`k:${this.name}:${field}`)} ON ${this.keys} (${column}, id)`);
    })();
    if (learned) this.learned += 1;
    this.put = undefined;
    return true;
  }

  /** An index for sorting by `field` in `direction` with ties in ascending id order; true when this call made sure of it. */
  sortIndex(field: string, direction: 1 | -1): boolean {
    if (direction === 1 || !this.fields.has(field) || this.sortIndexes.has(field)) return false;
    this.sortIndexes.add(field);
    this.db.exec(`CREATE INDEX IF NOT EXISTS ${quoted(`k:${this.name}:${field}:desc`)} ON ${this.keys} (${quoted(`f:${field}`)} ${sqlDirection(direction)}, id)`);
    return true;
  }

  /** A unique index over these fields' key columns; NULLs (null, missing) are never duplicates. */
  uniqueIndex(name: string, fields: readonly string[]): void {
    for (const field of fields) this.addField(field, false);
    const columns = fields.map((field) => (field === 'id' ? 'id' : quoted(`f:${field}`))).join(', ');
    this.db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${quoted(`u:${this.name}:${name}`)} ON ${this.keys} (${columns})`);
  }

  /** Every stored document, in id order, read one by one. */
  *scan(): IterableIterator<Doc> {
    for (const row of this.db.prepare(`SELECT doc FROM ${this.docs} ORDER BY id`).iterate() as Iterable<{ doc: Buffer }>) {
      yield deserialize(row.doc) as Doc;
    }
  }

  drop(): void {
    this.db.exec(`DROP TABLE IF EXISTS ${this.docs}; DROP TABLE IF EXISTS ${this.keys}; DROP TABLE IF EXISTS ${this.items};`);
    this.ranks.clear();
    for (const table of ['_collections', '_fields', '_indexes', '_ranks']) {
      this.db.prepare(`DELETE FROM ${table} WHERE ${table === '_collections' ? 'name' : 'collection'} = ?`).run(this.name);
    }
  }

  /** Fills a new column from the stored documents, a thousand at a time (never all in the heap). */
  private fill(field: string, column: string): void {
    const update = this.db.prepare(`UPDATE ${this.keys} SET ${column} = ? WHERE id = ?`);
    const next = this.db.prepare(`SELECT id, doc FROM ${this.docs} WHERE id > ? ORDER BY id LIMIT 1000`);
    let holds = 0;
    for (let rows = next.all(-Infinity) as Row[]; rows.length > 0; rows = next.all(rows[rows.length - 1].id) as Row[]) {
      for (const row of rows) {
        const found = fieldKeys((deserialize(row.doc) as Doc)[field], row.id);
        holds |= found.holds;
        update.run(found.key, row.id);
        if (found.items.length > 0) this.replaceItems(field, row.id, found.items);
      }
    }
    if (holds) this.setHolds(field, holds);
  }

  private setHolds(field: string, holds: number): void {
    this.fields.set(field, holds);
    this.db.prepare('UPDATE _fields SET holds = ? WHERE collection = ? AND field = ?').run(holds, this.name, field);
  }

  private putStatements(): { doc: Database.Statement; keys: Database.Statement } {
    const columns = [...this.fields.keys()].map((field) => quoted(`f:${field}`));
    const updates = ['id = excluded.id', ...columns.map((column) => `${column} = excluded.${column}`)].join(', ');
    return {
      doc: this.db.prepare(`INSERT INTO ${this.docs} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`),
      keys: this.db.prepare(`INSERT INTO ${this.keys} (${['id', ...columns].join(', ')}) VALUES (${['?', ...columns.map(() => '?')].join(', ')}) ON CONFLICT (id) DO UPDATE SET ${updates}`),
    };
  }
}
