// A collection's tables in the embedded database: its documents (`d:<name>`, the apart fields in
// their own column), the keys of the fields it indexes (`k:<name>`, one column per field,
// SQL-comparable; or, for a collection that keeps no key table, a view of the same columns kept in
// `d:<name>`), and the keys of array items (`i:<name>`). Keeps the key columns in step with every
// put and delete, and adds a column (filled from the stored documents) when an index names a field
// or a read asks for one it has not got.
import type Database from 'better-sqlite3';
import type { Doc, FindOptions } from '../store.ts';
import { quoted } from './database.ts';
import { fieldKeys, HOLDS_ARRAYS, sqlDirection, type Key } from './keys.ts';
import { decodeRow, encodeRow, type StoredDocument } from './document-codec.ts';
import { RankIndexes, type KeyRow, type RankOptions } from './rank-index.ts';
import { walkOrder, type WalkOrder } from './order-walk.ts';
import type { KeyColumns } from './translate.ts';

type Row = { id: number; doc: StoredDocument; apart: StoredDocument | null };

/** One entry's keys before and after a change (absent: the entry did not exist). */
export type Move = readonly [before: KeyRow | undefined, after: KeyRow | undefined];

/** Fields a collection may learn from reads, beyond those its indexes name. */
const MAX_LEARNED = 24;

/** Prepared statements one collection keeps (its updates prepare one per set of changed columns). */
const MAX_STATEMENTS = 200;

/** A document's array items as stored, by field: each key by its canonical text (`canonical`). */
type StoredItems = Map<string, Map<string, Key>>;

/** A key as text that two keys share exactly when SQLite holds them as the same value. */
function canonical(key: Key): string {
  if (key === null) return 'null';
  if (typeof key === 'number' || typeof key === 'bigint') return `n:${key}`;
  if (typeof key === 'string') return `s:${key}`;
  return `b:${key.toString('hex')}`;
}

export class CollectionTables implements KeyColumns {
  readonly docs: string;
  readonly keys: string;
  readonly items: string;
  /** Key fields -> what their values have held. */
  private readonly fields = new Map<string, number>();
  private learned = 0;
  private put?: { doc: Database.Statement; stored?: Database.Statement; keys?: Database.Statement };
  private readonly statements = new Map<string, Database.Statement>();
  /** Fields whose descending sort index this process has made sure of. */
  private readonly sortIndexes = new Set<string>();
  /** Fields whose ascending index this process has made sure of. */
  private readonly indexed = new Set<string>();
  /** Indexes this process made and has not yet handed to the planner statistics (`takeMadeIndexes`). */
  private madeIndexes: string[] = [];
  /** Whether reads give the fields they filter or sort on an index (ensureIndexes' `learnIndexes`). */
  learnsIndexes = true;
  /** Grows with every change applied: answers cached at one version hold until the next. */
  version = 0;
  /** Whether a write may be refused by a unique index here (one over other fields than the id). */
  refuses: boolean;
  /** Counts and deep pages of large reads (rank-index.ts). */
  readonly ranks: RankIndexes;
  /**
   * Whether the key columns have a table of their own (the default). Without one (ensureIndexes'
   * `keyTable: false`) they are columns of `d:<name>` and `k:<name>` is a view of them: every read
   * runs the same SQL, and a put writes one row, one page in its commit instead of two.
   */
  keyTable: boolean;
  /** The fields written to the `apart` column: those ensureIndexes last declared apart. */
  private apart: ReadonlySet<string> = new Set();
  /** Every field ever declared apart (kept in `_apart`): only those may be in a row's `apart` column. */
  private readonly everApart = new Set<string>();

  constructor(
    private readonly db: Database.Database,
    readonly name: string,
    rankOptions: RankOptions,
  ) {
    this.docs = quoted(`d:${name}`);
    this.keys = quoted(`k:${name}`);
    this.items = quoted(`i:${name}`);
    const column = (field: string) => (field === 'id' ? 'k.id' : this.column(field)!);
    this.keyTable = db.prepare('SELECT type FROM sqlite_master WHERE name = ?').pluck().get(`k:${name}`) !== 'view';
    this.ranks = new RankIndexes(db, name, this.keys, column, rankOptions, (index) => this.madeIndexes.push(index));
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").pluck().all(`k:${name}`) as string[];
    this.refuses = indexes.some((index) => index.startsWith(`u:${name}:`));
    for (const row of db.prepare('SELECT field, holds, learned FROM _fields WHERE collection = ?').all(name) as Array<{ field: string; holds: number; learned: number }>) {
      this.fields.set(row.field, row.holds);
      this.learned += row.learned;
    }
    for (const field of db.prepare('SELECT field FROM _apart WHERE collection = ?').pluck().all(name) as string[]) this.everApart.add(field);
    this.addApartColumn();
  }

  /** A table of format 2 or older gets the `apart` column (NULL in its rows: every field in `doc`). */
  private addApartColumn(): void {
    const columns = this.db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(`d:${this.name}`) as string[];
    if (columns.length > 0 && !columns.includes('apart')) this.db.exec(`ALTER TABLE ${this.docs} ADD COLUMN apart BLOB`);
  }

  /** Creates the tables (a no-op when they exist). */
  create(): void {
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS ${this.docs} (id INTEGER PRIMARY KEY, doc BLOB NOT NULL, apart BLOB);
      ${this.keyTable ? `CREATE TABLE IF NOT EXISTS ${this.keys} (id INTEGER PRIMARY KEY);` : ''}
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

  /** These key columns, with each entry's array items tested by a seek of its own (translate.ts `probesItems`): for a walk. */
  get probing(): KeyColumns {
    return { column: (field) => this.column(field), holds: (field) => this.holds(field), items: this.items, probesItems: true };
  }

  /**
   * How a page sorted by `sort` is walked (order-walk.ts): its order, and the index it reads
   * forward or backward (the field's own, field then id ascending, when the ties go the field's
   * way; its descending one, `sortIndex`, when they go the other; none for id order, which reads
   * the key table). Undefined when the sort has two key fields, when this process has not made the
   * index, or when the collection keeps no key table.
   */
  walk(sort: FindOptions['sort']): { order: WalkOrder; index?: string } | undefined {
    const order = walkOrder(sort);
    if (!this.keyTable || !order) return undefined;
    if (order.field === undefined) return { order };
    const [made, index] = order.direction === order.ties ? [this.indexed, `k:${this.name}:${order.field}`] : [this.sortIndexes, `k:${this.name}:${order.field}:desc`];
    return made.has(order.field) ? { order, index } : undefined;
  }

  /** Whether this process knows the field's index exists (it may, made by an earlier one). */
  hasIndex(field: string): boolean {
    return this.indexed.has(field);
  }

  /**
   * Inserts or replaces `doc`, its keys and its items' keys; the entry's keys before and after go
   * to `moves` while rank groups are kept. Returns the stored row's length (its two parts); throws
   * SQLite's errors.
   */
  upsert(doc: Doc, moves?: Move[]): number {
    const statements = (this.put ??= this.putStatements());
    const before = this.ranks.active ? this.keyRow(doc.id) : undefined;
    const stored = statements.stored?.get(doc.id) as Key[] | undefined;
    const keys: Key[] = [];
    let items: StoredItems | undefined;
    for (const [field, holds] of this.fields) {
      const found = fieldKeys(doc[field], doc.id);
      keys.push(found.key);
      if ((holds | found.holds) !== holds) this.setHolds(field, holds | found.holds);
      if ((holds | found.holds) & HOLDS_ARRAYS) this.updateItems(field, doc.id, found.items, (items ??= this.storedItems(doc.id)));
    }
    const row = encodeRow(doc, this.apart);
    const length = row.doc.length + (row.apart?.length ?? 0);
    if (!statements.keys) {
      statements.doc.run(doc.id, row.doc, row.apart, ...keys);
      return length;
    }
    statements.doc.run(doc.id, row.doc, row.apart);
    if (stored) this.updateKeys(doc.id, stored, keys);
    else statements.keys.run(doc.id, ...keys);
    if (this.ranks.active) moves?.push([before, this.keyRow(doc.id)]);
    return length;
  }

  /**
   * Sets the key columns whose value changed, and only those: SQLite rewrites the entry of every
   * index over a column an UPDATE sets, changed or not, and a collection has an index for each
   * field its reads filter or sort on.
   */
  private updateKeys(id: number, stored: readonly Key[], keys: readonly Key[]): void {
    const changed: string[] = [];
    const values: Key[] = [];
    let index = 0;
    for (const field of this.fields.keys()) {
      const key = keys[index++];
      // The stored row starts with the id.
      if (canonical(stored[index]) === canonical(key)) continue;
      changed.push(`${quoted(`f:${field}`)} = ?`);
      values.push(key);
    }
    if (changed.length > 0) this.statement(`UPDATE ${this.keys} SET ${changed.join(', ')} WHERE id = ?`).run(...values, id);
  }

  /** The entry's key row as rank groups compare it (integers as bigint), or undefined. */
  private keyRow(id: number): KeyRow | undefined {
    return this.statement(`SELECT * FROM ${this.keys} WHERE id = ?`).safeIntegers(true).get(id) as KeyRow | undefined;
  }

  /** The document's array items as stored: by field, each key by its canonical text. */
  private storedItems(id: number): StoredItems {
    const stored: StoredItems = new Map();
    for (const row of this.statement(`SELECT field, key FROM ${this.items} WHERE id = ?`).all(id) as Array<{ field: string; key: Key }>) {
      let keys = stored.get(row.field);
      if (!keys) stored.set(row.field, (keys = new Map()));
      keys.set(canonical(row.key), row.key);
    }
    return stored;
  }

  /**
   * Sets the field's items of the document to `items`, removing and adding only the keys that
   * changed: an update that leaves a list alone (most do) changes no page of the item table.
   */
  private updateItems(field: string, id: number, items: readonly Key[], stored: StoredItems): void {
    const before = stored.get(field) ?? new Map<string, Key>();
    const after = new Map(items.map((key) => [canonical(key), key]));
    for (const [text, key] of before) if (!after.has(text)) this.statement(`DELETE FROM ${this.items} WHERE field = ? AND key = ? AND id = ?`).run(field, key, id);
    for (const [text, key] of after) if (!before.has(text)) this.insertItem(field, key, id);
  }

  private insertItem(field: string, key: Key, id: number): void {
    this.statement(`INSERT OR IGNORE INTO ${this.items} (field, key, id) VALUES (?, ?, ?)`).run(field, key, id);
  }

  /** A prepared statement, kept for the next call. */
  private statement(sql: string): Database.Statement {
    let found = this.statements.get(sql);
    if (!found) {
      // Updates of other sets of columns each have their own statement: kept within a bound.
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      this.statements.set(sql, (found = this.db.prepare(sql)));
    }
    return found;
  }

  /** Removes the document with this id; says whether there was one. */
  delete(id: number, moves?: Move[]): boolean {
    const before = this.ranks.active ? this.keyRow(id) : undefined;
    if (before) moves?.push([before, undefined]);
    this.statement(`DELETE FROM ${this.items} WHERE id = ?`).run(id);
    if (this.keyTable) this.statement(`DELETE FROM ${this.keys} WHERE id = ?`).run(id);
    return this.statement(`DELETE FROM ${this.docs} WHERE id = ?`).run(id).changes > 0;
  }

  /**
   * Gives `field` a key column (filled from the stored documents) and an index on it. A field a
   * read asks for is learned only while the collection has learned fewer than MAX_LEARNED.
   */
  addField(field: string, learned: boolean): boolean {
    if (field === 'id' || this.fields.has(field)) return this.fieldIndex(field);
    if (learned && (this.learned >= MAX_LEARNED || field.includes('.') || field.startsWith('$'))) return false;
    this.addColumns([field], learned);
    if (learned) this.learned += 1;
    return this.fieldIndex(field);
  }

  /**
   * Gives each field a key column, without an index (one is made once a read filters on it), filled
   * from the stored documents in one pass: a collection's declared scalar fields (ensureIndexes'
   * `keyFields`), so reads never have to decode every document to learn one.
   */
  addColumns(fields: readonly string[], learned = false): void {
    const added = fields.filter((field) => field !== 'id' && !this.fields.has(field) && !field.includes('.') && !field.startsWith('$'));
    if (added.length === 0) return;
    this.db.transaction(() => {
      for (const field of added) {
        this.db.exec(`ALTER TABLE ${this.keyRows} ADD COLUMN ${quoted(`f:${field}`)}`);
        this.fields.set(field, 0);
        this.db.prepare('INSERT INTO _fields (collection, field, holds, learned) VALUES (?, ?, 0, ?)').run(this.name, field, learned ? 1 : 0);
      }
      if (!this.keyTable) this.viewKeys();
      this.fill(added);
    })();
    this.put = undefined;
  }

  /** The index on a key field's column (made on first need); true when it exists. */
  fieldIndex(field: string): boolean {
    if (field === 'id' || this.indexed.has(field)) return true;
    if (!this.fields.has(field)) return false;
    this.db.exec(`CREATE INDEX IF NOT EXISTS ${quoted(`k:${this.name}:${field}`)} ON ${this.keyRows} (${quoted(`f:${field}`)}, id)`);
    this.indexed.add(field);
    this.madeIndexes.push(`k:${this.name}:${field}`);
    return true;
  }

  /** An index for sorting by `field` in `direction` with ties in ascending id order. */
  sortIndex(field: string, direction: 1 | -1): void {
    if (direction === 1 || !this.fields.has(field) || this.sortIndexes.has(field)) return;
    this.sortIndexes.add(field);
    this.db.exec(`CREATE INDEX IF NOT EXISTS ${quoted(`k:${this.name}:${field}:desc`)} ON ${this.keyRows} (${quoted(`f:${field}`)} ${sqlDirection(direction)}, id)`);
    this.madeIndexes.push(`k:${this.name}:${field}:desc`);
  }

  /** The indexes made since the last call (they want planner statistics), forgotten here. */
  takeMadeIndexes(): string[] {
    const made = this.madeIndexes;
    this.madeIndexes = [];
    return made;
  }

  /** A unique index over these fields' key columns; NULLs (null, missing) are never duplicates. */
  uniqueIndex(name: string, fields: readonly string[]): void {
    // Its refusals are found by the key table's indexes (`refuses`), and a savepoint taken for them.
    if (!this.keyTable) throw new Error(`Collection ${this.name} keeps no key table: it takes no unique index`);
    for (const field of fields) this.addField(field, false);
    const columns = fields.map((field) => (field === 'id' ? 'id' : quoted(`f:${field}`))).join(', ');
    this.db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${quoted(`u:${this.name}:${name}`)} ON ${this.keyRows} (${columns})`);
    this.refuses = true;
  }

  /** Every stored document, in id order, read one by one. */
  *scan(): IterableIterator<Doc> {
    for (const row of this.db.prepare(`SELECT doc, apart FROM ${this.docs} ORDER BY id`).iterate() as Iterable<Row>) {
      yield decodeRow(row.doc, row.apart);
    }
  }

  /** Where the key columns are written: their own table, or the documents' table. */
  private get keyRows(): string {
    return this.keyTable ? this.keys : this.docs;
  }

  /**
   * Moves the key columns into the documents' table for good (ensureIndexes' `keyTable: false`):
   * each column copied, the key table and its indexes dropped, `k:<name>` made a view. A
   * collection with a unique index keeps its table (the index lives there).
   */
  dropKeyTable(): void {
    if (!this.keyTable) return;
    if (this.refuses) throw new Error(`Collection ${this.name} has a unique index: its key columns keep their table`);
    const columns = [...this.fields.keys()].map((field) => quoted(`f:${field}`));
    this.db.transaction(() => {
      for (const column of columns) this.db.exec(`ALTER TABLE ${this.docs} ADD COLUMN ${column}`);
      if (columns.length > 0) this.db.exec(`UPDATE ${this.docs} AS d SET (${columns.join(', ')}) = (SELECT ${columns.join(', ')} FROM ${this.keys} WHERE id = d.id)`);
      this.db.exec(`DROP TABLE ${this.keys}`);
      this.db.prepare('DELETE FROM _ranks WHERE collection = ?').run(this.name);
      this.keyTable = false;
      this.viewKeys();
    })();
    this.indexed.clear();
    this.sortIndexes.clear();
    this.ranks.clear();
    this.statements.clear();
    this.put = undefined;
  }

  /** `k:<name>` as a view of the key columns kept in the documents' table. */
  private viewKeys(): void {
    const columns = ['id', ...[...this.fields.keys()].map((field) => quoted(`f:${field}`))];
    this.db.exec(`DROP VIEW IF EXISTS ${this.keys}; CREATE VIEW ${this.keys} AS SELECT ${columns.join(', ')} FROM ${this.docs}`);
  }

  /** Declares which fields later writes keep apart (ensureIndexes' `apartFields`); each is noted for good. */
  setApart(fields: readonly string[]): void {
    this.apart = new Set(fields);
    const note = this.db.prepare('INSERT OR IGNORE INTO _apart (collection, field) VALUES (?, ?)');
    for (const field of fields) {
      if (this.everApart.has(field)) continue;
      note.run(this.name, field);
      this.everApart.add(field);
    }
  }

  /**
   * Whether a read with this projection needs rows' `apart` column: without a projection, or when
   * it names a field some row may keep there.
   */
  readsApart(projection: Readonly<Record<string, 1>> | undefined): boolean {
    if (!projection) return true;
    if (this.everApart.size === 0) return false;
    return Object.keys(projection).some((path) => this.everApart.has(path.split('.', 1)[0]));
  }

  drop(): void {
    this.db.exec(`DROP ${this.keyTable ? 'TABLE' : 'VIEW'} IF EXISTS ${this.keys}; DROP TABLE IF EXISTS ${this.docs}; DROP TABLE IF EXISTS ${this.items};`);
    this.ranks.clear();
    for (const table of ['_collections', '_fields', '_indexes', '_ranks', '_apart']) {
      this.db.prepare(`DELETE FROM ${table} WHERE ${table === '_collections' ? 'name' : 'collection'} = ?`).run(this.name);
    }
  }

  /** Fills new columns from the stored documents, a thousand at a time (never all in the heap). */
  private fill(fields: readonly string[]): void {
    const update = this.db.prepare(`UPDATE ${this.keyRows} SET ${fields.map((field) => `${quoted(`f:${field}`)} = ?`).join(', ')} WHERE id = ?`);
    const next = this.db.prepare(`SELECT id, doc, apart FROM ${this.docs} WHERE id > ? ORDER BY id LIMIT 1000`);
    const holds = new Map(fields.map((field) => [field, 0]));
    for (let rows = next.all(-Infinity) as Row[]; rows.length > 0; rows = next.all(rows[rows.length - 1].id) as Row[]) {
      for (const row of rows) {
        const doc = decodeRow(row.doc, row.apart);
        const keys = fields.map((field) => {
          const found = fieldKeys(doc[field], row.id);
          holds.set(field, holds.get(field)! | found.holds);
          for (const key of found.items) this.insertItem(field, key, row.id);
          return found.key;
        });
        update.run(...keys, row.id);
      }
    }
    for (const [field, held] of holds) if (held) this.setHolds(field, held);
  }

  private setHolds(field: string, holds: number): void {
    this.fields.set(field, holds);
    this.db.prepare('UPDATE _fields SET holds = ? WHERE collection = ? AND field = ?').run(holds, this.name, field);
  }

  /**
   * A document's statements: its row put (with its key columns, in field order, when they live in
   * it); its key row read and made, when they have a table.
   */
  private putStatements(): { doc: Database.Statement; stored?: Database.Statement; keys?: Database.Statement } {
    const columns = [...this.fields.keys()].map((field) => quoted(`f:${field}`));
    const inDoc = this.keyTable ? [] : columns;
    const set = ['doc', 'apart', ...inDoc].map((column) => `${column} = excluded.${column}`).join(', ');
    const doc = this.db.prepare(`INSERT INTO ${this.docs} (${['id', 'doc', 'apart', ...inDoc].join(', ')}) VALUES (${['?', '?', '?', ...inDoc.map(() => '?')].join(', ')}) ON CONFLICT (id) DO UPDATE SET ${set}`);
    if (!this.keyTable) return { doc };
    return {
      doc,
      stored: this.db.prepare(`SELECT ${['id', ...columns].join(', ')} FROM ${this.keys} WHERE id = ?`).raw(true).safeIntegers(true),
      keys: this.db.prepare(`INSERT INTO ${this.keys} (${['id', ...columns].join(', ')}) VALUES (${['?', ...columns.map(() => '?')].join(', ')})`),
    };
  }
}
