// The embedded store: MongoDB's query language over SQLite (better-sqlite3), the default when no
// MONGODB_URI is set. Documents are kept whole (v8's serialisation: dates, int64s and nested
// values survive), the fields that indexes name or reads ask for as SQL-comparable key columns.
// A filter becomes SQL where it translates exactly (sort, skip and limit then run in SQL too);
// elsewhere SQL narrows and the JS predicate (predicate.ts, mingo) decides, reading documents one
// by one. Writes are group-committed, visible once committed, acknowledged once fsynced (off the
// event loop, several commits per fsync). docs/storage.md.
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { ServiceUnavailableError } from '../errors/errors.ts';
import { assertNever } from '../model/types.ts';
import { perParentRead, type PerParentRead } from './embedded/per-parent.ts';
import { runPipeline, sortRows, type PipelineSources } from './embedded/pipeline.ts';
import { compiledFilter } from './embedded/queries.ts';
import { decode, encode, queryView } from './embedded/values.ts';
import { asStoreError, openDatabase, quoted, sqlLimit } from './sqlite/database.ts';
import { DocumentCache } from './sqlite/document-cache.ts';
import { Durability, walSync } from './sqlite/durability.ts';
import { GroupCommit, type Outcome } from './sqlite/group-commit.ts';
import { IdCounters } from './sqlite/id-counters.ts';
import { cacheKey, filterFields, listedIds, narrowedByIds, pageOf } from './sqlite/read-parts.ts';
import type { RankOptions } from './sqlite/rank-index.ts';
import { rankShape, sortShape, walkShape, type RankShape, type SortShape, type WalkShape } from './sqlite/shape.ts';
import type { StoredDocument } from './sqlite/document-codec.ts';
import { idParams, itemsCount, itemsCountSql } from './sqlite/items-count.ts';
import { walkBudget, walkSql } from './sqlite/order-walk.ts';
import { PlannerStatistics } from './sqlite/statistics.ts';
import { CollectionTables, type Move } from './sqlite/tables.ts';
import { translateFilter, translateSort, type Sql } from './sqlite/translate.ts';
import { raisedDoc, UniqueViolation, type Change, type EnsureIndexesOptions, type Doc, type Filter, type FindOptions, type IndexSpec, type Store, type WriteOptions } from './store.ts';

/** Documents read from disk per statement when an answer is long. */
const READ_BATCH = 500;
/** The longest page whose ids are remembered: the largest page size of the REST and GraphQL APIs. */
const KEPT_PAGE_IDS = 100;
/** Ids read by a statement of their own placeholders; longer lists go as one JSON parameter. */
const LISTED_IDS = 100;

/** How byIds reads: `whole` documents or without their apart fields; `keep` those read again (see DocumentCache). */
interface Reading {
  readonly keep: boolean;
  readonly whole: boolean;
}

const WHOLE: Reading = { keep: true, whole: true };

export interface EmbeddedStoreOptions {
  /** The database file; `:memory:` (the default) for a store that lives in the process only. */
  file?: string;
  /** Called once the store is closed (the data folder's lock lets go). */
  onClose?: () => void;
  /** Collections holding at least this many entries count and page through rank groups (10,000). */
  rankMinEntries?: number;
  /** Entries between a rank group's checkpoints (128). */
  rankSpacing?: number;
  /** Rank groups of fewer keyed entries are answered by SQL, not kept (four spacings: 512). */
  rankSmallEntries?: number;
  /** Kinds of rank group (SQL indexes) one collection may learn from reads (32). */
  rankMaxDefinitions?: number;
  /** Bound of the decoded documents kept in memory, in bytes (64 MiB). */
  documentCacheBytes?: number;
  /** What makes the commits so far durable (tests inject a failing one); the log's fsync by default. */
  sync?: () => Promise<void>;
}

/** Kinds of rank group (SQL indexes) one collection may learn from reads. */
const MAX_RANK_DEFINITIONS = 32;

export class EmbeddedStore implements Store {
  readonly db: Database.Database;
  private readonly tables = new Map<string, CollectionTables>();
  private readonly commits: GroupCommit;
  private readonly counters: IdCounters;
  /** fsyncs of the write-ahead log, each making every commit before it durable. */
  readonly durability: Durability;
  private readonly log: ReturnType<typeof walSync> | undefined;
  /** Counts by collection version and SQL: a list's count of an unchanged collection is not redone. */
  private readonly counts = new LRUCache<string, number>({ max: 2000 });
  /** Pages' ids by read and collection version (a write makes a new version). */
  private readonly pages = new LRUCache<string, readonly number[]>({ max: 2000 });
  private readonly statements = new LRUCache<string, Database.Statement>({ max: 500 });
  /** Whether SQLite's plan of a page's statement sorts every match (`sortsEveryMatch`), by its text. */
  private readonly sorting = new LRUCache<string, boolean>({ max: 500 });
  /** Each collection's size when a read last counted it. */
  private readonly sizes = new Map<string, number>();

  private readonly onClose?: () => void;
  private readonly rankOptions: RankOptions;
  private readonly rankMinEntries: number;
  private readonly documents: DocumentCache;
  private readonly statistics: PlannerStatistics;
  /** Why the store answers nothing: a group of writes was lost after being seen (group-commit.ts). */
  private lost: ServiceUnavailableError | undefined;

  constructor(options: EmbeddedStoreOptions = {}) {
    this.db = openDatabase(options.file ?? ':memory:');
    this.onClose = options.onClose;
    const spacing = options.rankSpacing ?? 128;
    this.rankOptions = { spacing, maxDefinitions: options.rankMaxDefinitions ?? MAX_RANK_DEFINITIONS, smallEntries: options.rankSmallEntries ?? 4 * spacing };
    this.rankMinEntries = options.rankMinEntries ?? 10_000;
    this.documents = new DocumentCache(options.documentCacheBytes ?? 64 * 1024 * 1024);
    this.statistics = new PlannerStatistics(this.db);
    for (const { name } of this.db.prepare('SELECT name FROM _collections').all() as Array<{ name: string }>) {
      this.tables.set(name, new CollectionTables(this.db, name, this.rankOptions));
    }
    this.counters = new IdCounters(this.db);
    // A database in memory has no log to sync: its commits are as durable as they will be.
    this.log = this.db.memory ? undefined : walSync(this.db.name);
    this.durability = new Durability(options.sync ?? this.log?.sync ?? (async () => undefined));
    this.commits = new GroupCommit(this.db, (error) => this.uniqueViolation(error) ?? error, (outcome) => this.settled(outcome), this.durability, () => this.counters.save());
  }

  async find(collection: string, filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    this.refuseIfLost();
    const tables = this.tables.get(collection);
    if (!tables) return [];
    // A lookup by ids needs no SQL to know its ids: those of them whose documents exist, read below.
    const listed = listedIds(filter, options);
    const narrowed = listed ? undefined : narrowedByIds(filter, options);
    if (narrowed) return this.tested(tables, narrowed.ids, narrowed.rest, options);
    const translated = listed ? undefined : this.translated(tables, filter, options);
    const ids = listed ?? this.pageIds(tables, filter, translated!.sql, translated!.order, options);
    if (!ids) return this.select(tables, filter, options, translated);
    // A long answer is read a batch at a time, letting other requests run between batches. The
    // projection only decides whether the apart fields are read: documents are handed out as read
    // (FindOptions.projection), as copying them costs more than the fields they carry besides.
    const docs: Doc[] = [];
    const reading: Reading = { keep: !options.readOnce, whole: tables.readsApart(options.projection) };
    for (let start = 0; start < ids.length; start += READ_BATCH) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      docs.push(...this.byIds(tables, ids.slice(start, start + READ_BATCH), reading));
    }
    return docs;
  }

  /** The documents of these ids (in their order) that pass `rest`, up to the limit: read, mostly from memory, and tested here. */
  private tested(tables: CollectionTables, ids: readonly number[], rest: Filter, options: FindOptions): Doc[] {
    const test = compiledFilter(encode(rest) as Filter).test;
    const passed = this.byIds(tables, ids, { keep: !options.readOnce, whole: true }).filter((doc) => test(queryView(doc)));
    return options.limit ? passed.slice(0, options.limit) : passed;
  }

  /** The filter and sort in SQL, after learning the fields they read. */
  private translated(tables: CollectionTables, filter: Filter, options: FindOptions) {
    const sort = options.sort ?? [];
    this.learn(tables, filter, sort);
    return { sql: translateFilter(filter, tables), order: translateSort(sort, tables) };
  }

  /**
   * The page's ids from the key table alone, when the filter and the sort translate exactly; else
   * undefined. A page of at most {@link KEPT_PAGE_IDS} is remembered until the next write.
   */
  private pageIds(tables: CollectionTables, filter: Filter, sql: ReturnType<typeof translateFilter>, order: string | undefined, options: FindOptions): readonly number[] | undefined {
    if (!order || !sql.exact) return undefined;
    const skip = options.skip ?? 0;
    const limit = options.limit ?? 0;
    const key = limit > 0 && limit <= KEPT_PAGE_IDS ? `${cacheKey(tables, sql)}\n${order}\n${skip}\n${limit}` : undefined;
    const known = key === undefined ? undefined : this.pages.get(key);
    if (known) return known;
    const { ranked, walked, split } = this.planned(tables, filter, options.sort);
    // As in MongoDB, a limit of 0 means no limit (-1 to SQLite). The values are parameters and the
    // LIMIT is written in (sqlLimit), so each page of a shape and size reuses one prepared statement.
    const through = walked && this.walkedThrough(tables, filter, sql, walked, skip, limit);
    const ids = (ranked && this.guarded(() => tables.ranks.pageIds(ranked, skip, limit)))
      ?? (split && this.guarded(() => tables.ranks.splitPageIds(split, skip, limit)))
      ?? (through ? undefined : this.walkedPage(tables, filter, sql, order, options.sort, skip, limit))
      ?? (this.statement(`SELECT k.id FROM ${tables.keys} AS k${through ? ` INDEXED BY ${quoted(through)}` : ''} WHERE ${sql.where} ORDER BY ${order} ${sqlLimit(limit || -1)} OFFSET ?`).pluck().all(...sql.params, skip) as number[]);
    // A rank group of a new kind made its index.
    this.statistics.indexesMade(tables.takeMadeIndexes());
    if (key !== undefined) this.pages.set(key, ids);
    return ids;
  }

  async count(collection: string, filter: Filter): Promise<number> {
    this.refuseIfLost();
    const tables = this.tables.get(collection);
    if (!tables) return 0;
    this.learn(tables, filter, []);
    return this.counted(tables, filter, translateFilter(filter, tables));
  }

  /**
   * How many documents match, remembered until the next write: from a rank group, or SQL. `learns`
   * false: no index is learned for the count (a count the store makes for itself, not a reader's;
   * a reader's count of the same filter is then answered from it, and learns after the next write).
   */
  private counted(tables: CollectionTables, filter: Filter, sql: Sql, learns = true): number {
    const key = cacheKey(tables, sql, sql.exact ? undefined : filter);
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const ranked = sql.exact && learns ? this.planned(tables, filter, 'count').ranked : undefined;
    const total = (ranked && this.guarded(() => tables.ranks.count(ranked))) ?? (sql.exact ? this.itemsCounted(tables, filter) : undefined) ?? this.sqlCount(tables, filter, sql);
    this.statistics.indexesMade(tables.takeMadeIndexes());
    this.counts.set(key, total);
    return total;
  }

  /**
   * A count through an array field's items, or an `$or` of lists with one (sqlite/items-count.ts), in a collection with rank
   * groups, when the other conditions are equalities and null tests that a learned kind ordered by
   * id tests in its index (or there are none); undefined to count as SQLite plans.
   */
  private itemsCounted(tables: CollectionTables, filter: Filter): number | undefined {
    if (!tables.keyTable || this.entries(tables) < this.rankMinEntries) return undefined;
    const split = itemsCount(filter, tables);
    const rest = split && (Object.keys(split.rest).length === 0 ? { index: undefined, where: undefined, params: [] } : this.restThroughKind(tables, split.rest));
    if (!rest) return undefined;
    return this.guarded(() => (this.statement(itemsCountSql(tables.keys, tables.items, split.sources, rest.index, rest.where)).get(...idParams(split.sources), ...rest.params) as { n: number }).n);
  }

  /** `rest` in SQL and the index of a learned kind ordered by id that tests it, when it is equalities and null tests such a kind fits. */
  private restThroughKind(tables: CollectionTables, rest: Filter): { index: string; where: string; params: unknown[] } | undefined {
    const shape = rankShape(rest, 'count', tables);
    const index = shape && !shape.range && shape.order.field === 'id' && shape.terms.length > 0 ? tables.ranks.fittingIndex(shape) : undefined;
    const sql = index === undefined ? undefined : translateFilter(rest, tables);
    return sql?.exact ? { index: index!, where: sql.where, params: sql.params } : undefined;
  }

  /**
   * The page read by walking its order and testing each entry (sqlite/order-walk.ts), in a
   * collection with rank groups, when SQLite would read and sort every match and the matches are
   * many; undefined to read it as SQLite plans, also when the walk's bound came first (the matches
   * lie late in the order). The count it weighs with is the one the page's total then reads.
   */
  private walkedPage(tables: CollectionTables, filter: Filter, sql: Sql, order: string, sort: FindOptions['sort'], skip: number, limit: number): number[] | undefined {
    if (limit === 0 || this.entries(tables) < this.rankMinEntries) return undefined;
    const walk = tables.walk(sort);
    if (!walk || !this.sortsEveryMatch(tables, sql, order, skip, limit)) return undefined;
    const budget = walkBudget(this.counted(tables, filter, sql), this.entries(tables), skip + limit);
    if (budget === undefined) return undefined;
    const probed = translateFilter(filter, tables.probing);
    const ids = this.guarded(() => this.statement(walkSql(tables.keys, walk.order, walk.index, probed.where, limit)).pluck().all(budget, ...probed.params, skip) as number[]);
    return ids.length === limit ? ids : undefined;
  }

  /**
   * Whether SQLite's plan of the page reads every match and sorts them (EXPLAIN QUERY PLAN), once
   * per statement, page bounds and schema: SQLite plans with the LIMIT's value (a page of one may
   * walk an index in order where a page of 25 sorts), and a kind learned or retired, or statistics
   * gathered, may change the plan.
   */
  private sortsEveryMatch(tables: CollectionTables, sql: Sql, order: string, skip: number, limit: number): boolean {
    const text = `SELECT k.id FROM ${tables.keys} AS k WHERE ${sql.where} ORDER BY ${order} ${sqlLimit(limit)} OFFSET ?`;
    const key = `${this.statement('PRAGMA schema_version').pluck().get() as number} ${skip}\n${text}`;
    let sorts = this.sorting.get(key);
    if (sorts === undefined) {
      const plan = this.guarded(() => this.db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...sql.params, skip) as Array<{ detail: string }>);
      this.sorting.set(key, (sorts = plan.some((step) => step.detail.includes('TEMP B-TREE FOR ORDER BY'))));
    }
    return sorts;
  }

  /** A count SQL answers, from the key table (exact) or by testing each document SQL selects. */
  private sqlCount(tables: CollectionTables, filter: Filter, sql: Sql): number {
    if (sql.exact) return (this.statement(`SELECT count(*) AS n FROM ${tables.keys} AS k WHERE ${sql.where}`).get(...sql.params) as { n: number }).n;
    let total = 0;
    for (const _ of this.matching(tables, filter, sql, 'k.id ASC')) total += 1;
    return total;
  }

  /**
   * How the read goes (sqlite/shape.ts): `ranked`, its rank shape, when its collection is large
   * enough for rank groups to pay and a group can answer it; `split`, a page sorted on two keys
   * there; `walked`, when it is a page with a range on one field sorted on others; none when plain
   * SQL answers as SQLite plans it.
   */
  private planned(tables: CollectionTables, filter: Filter, sort: FindOptions['sort'] | 'count'): { ranked?: RankShape; walked?: WalkShape; split?: SortShape } {
    // A collection without a key table has no index a group could read (its columns are the
    // documents'); one that said not to learn indexes gets none from its reads.
    if (!tables.keyTable || !tables.learnsIndexes) return {};
    const shape = rankShape(filter, sort, tables);
    if (shape && this.entries(tables) >= this.rankMinEntries) return { ranked: shape };
    // SQL answers, through the index a group of this shape would read (a smaller collection), the
    // one of a sort on several keys, or the one of a range sorted on another key.
    if (shape) tables.ranks.learnIndex(shape);
    if (shape || sort === 'count') return {};
    const sorted = sortShape(filter, sort, tables);
    // A page sorted on two keys: the groups of its first key's values, once they pay (split-page.ts).
    if (sorted && tables.ranks.learnSortIndex(sorted) && this.entries(tables) >= this.rankMinEntries) return { split: sorted };
    const walked = sorted ? undefined : walkShape(filter, sort, tables);
    if (walked) tables.ranks.learnWalkIndex(walked);
    return { walked };
  }

  /**
   * The index plain SQL reads a page with a range on one field and a sort on another through:
   * the order's index walked, or the range's read and sorted, by the range's exact count. In a
   * collection with rank groups that count is its group's (rank-index.ts `walkThrough`); in a
   * smaller one it is the filter's, from SQL and remembered until the next write (a page's total
   * counts the same filter), and only the walk is named. Undefined to let SQLite's planner choose;
   * it has no samples of values to choose by (sqlite/database.ts `dropSamples`).
   */
  private walkedThrough(tables: CollectionTables, filter: Filter, sql: Sql, walked: WalkShape, skip: number, limit: number): string | undefined {
    if (limit === 0) return undefined;
    const entries = this.entries(tables);
    if (entries < this.rankMinEntries) return tables.ranks.walkThroughCounted(walked, this.counted(tables, filter, sql, false), entries, skip + limit);
    const range = rankShape(filter, 'count', tables);
    return range && this.guarded(() => tables.ranks.walkThrough(walked, range, skip + limit));
  }

  /** How many documents the collection holds, remembered until the next write. */
  private entries(tables: CollectionTables): number {
    const key = JSON.stringify([tables.name, tables.version, 'entries']);
    let known = this.counts.get(key);
    if (known === undefined) this.counts.set(key, (known = (this.statement(`SELECT count(*) AS n FROM ${tables.keys}`).get() as { n: number }).n));
    this.sizes.set(tables.name, known);
    return known;
  }

  /**
   * Tells each written collection without rank groups (by its size when a read last counted it) of
   * each change, so kinds its reads no longer pay for are retired (rank-index.ts `wrote`). A
   * collection with groups keeps its kinds: the groups read them.
   */
  private weighKinds(moves: ReadonlyArray<readonly [CollectionTables, Move[]]>): void {
    for (const [tables] of moves) if ((this.sizes.get(tables.name) ?? Number.POSITIVE_INFINITY) < this.rankMinEntries) tables.ranks.wrote();
  }

  /** The plans of the statements the collection's rank groups read with (tests, operators). */
  rankPlans(collection: string): string[] {
    return this.tables.get(collection)?.ranks.plans() ?? [];
  }

  /** How many rank groups the collection keeps (each costs its writes a test): for tests and operators. */
  rankGroups(collection: string): number {
    return this.tables.get(collection)?.ranks.kept ?? 0;
  }

  /** SQLite's plan for counting `filter` (EXPLAIN QUERY PLAN lines): what tests and operators read. */
  countPlan(collection: string, filter: Filter): string[] {
    const tables = this.tables.get(collection);
    if (!tables) return [];
    const sql = translateFilter(filter, tables);
    const rows = this.db.prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM ${tables.keys} AS k WHERE ${sql.where}`).all(...sql.params) as Array<{ detail: string }>;
    return rows.map((row) => row.detail);
  }

  /** SQLite's plan for a page of `filter` in plain SQL (EXPLAIN QUERY PLAN lines), as a find without a rank group reads it. */
  pagePlan(collection: string, filter: Filter, options: FindOptions): string[] {
    const tables = this.tables.get(collection);
    if (!tables) return [];
    const [sql, order] = [translateFilter(filter, tables), translateSort(options.sort ?? [], tables)];
    const statement = `EXPLAIN QUERY PLAN SELECT k.id FROM ${tables.keys} AS k WHERE ${sql.where} ORDER BY ${order ?? 'k.id'} ${sqlLimit(options.limit || -1)} OFFSET ?`;
    const rows = this.db.prepare(statement).all(...sql.params, options.skip ?? 0) as Array<{ detail: string }>;
    return rows.map((row) => row.detail);
  }

  /** SQLite's plan for a page of `filter` read by walking its order (order-walk.ts), whether or not a find would; none when no index walks the order. */
  walkPlan(collection: string, filter: Filter, options: FindOptions): string[] {
    const tables = this.tables.get(collection);
    const walk = tables?.walk(options.sort);
    if (!tables || !walk) return [];
    const sql = translateFilter(filter, tables.probing);
    const rows = this.db.prepare(`EXPLAIN QUERY PLAN ${walkSql(tables.keys, walk.order, walk.index, sql.where, options.limit || -1)}`).all(100, ...sql.params, options.skip ?? 0) as Array<{ detail: string }>;
    return rows.map((row) => row.detail);
  }

  async aggregate(collection: string, pipeline: readonly Filter[]): Promise<Doc[]> {
    this.refuseIfLost();
    const tables = this.tables.get(collection);
    const sources: PipelineSources = {
      collection: (name) => {
        const other = this.tables.get(name);
        return other ? [...other.scan()].map(queryView) : [];
      },
      lookup: (name, field, values) => {
        const other = this.tables.get(name);
        return other ? this.select(other, { [field]: { $in: decode(values) } }, {}).map(queryView) : [];
      },
    };
    const perParent = tables && perParentRead(pipeline);
    const groups = perParent && this.firstPerParent(tables, perParent);
    if (groups) {
      const rows = runPipeline(groups, encode(perParent.rest) as Filter[], sources) as Doc[];
      return perParent.restReadsValues ? (decode(rows) as Doc[]) : rows;
    }
    const [first, ...rest] = pipeline;
    const leading = first?.$match as Filter | undefined;
    const start = tables ? this.select(tables, leading ?? {}, {}).map(queryView) : [];
    return decode(runPipeline(start, encode(leading ? rest : pipeline) as Filter[], sources)) as Doc[];
  }

  /**
   * The groups of a per-parent read (embedded/per-parent.ts), each parent's first documents read
   * as a page of its own in SQL: at most parents × n documents, where reading every document of
   * every parent and sorting them took ~12,000 per tag at 200,000 articles. Undefined when the
   * filter or sort does not translate exactly (the pipeline then runs over every match). The rows
   * are the stored documents themselves when nothing after the grouping reads their values (a
   * `$project`): no view to make, and nothing to decode.
   */
  private firstPerParent(tables: CollectionTables, read: PerParentRead): Array<Record<string, unknown>> | undefined {
    const groups: Array<Record<string, unknown>> = [];
    for (const parent of read.parents) {
      const filter = read.filterOf(parent);
      const options: FindOptions = { sort: read.sort, limit: read.n };
      const translated = this.translated(tables, filter, options);
      if (!translated.order || !translated.sql.exact) return undefined;
      const ids = this.pageIds(tables, filter, translated.sql, translated.order, options)!;
      const docs = this.byIdsInBatches(tables, ids);
      const group = read.group(parent, read.restReadsValues ? docs.map(queryView) : docs);
      if (group) groups.push(group);
    }
    return groups;
  }

  async upsertMany(collection: string, docs: readonly Doc[]): Promise<number> {
    await this.write(docs.map((doc) => ({ op: 'put', collection, doc })));
    return docs.length;
  }

  write(changes: readonly Change[], options: WriteOptions = {}): Promise<void> {
    const mayRefuse = changes.some((change) => change.op !== 'delete' && this.mayRefuse(change.collection));
    return this.commits.submit(() => {
      const moves: Array<[CollectionTables, Move[]]> = [];
      const written: Array<[string, Doc, number]> = [];
      for (const change of changes) {
        const applied = this.apply(change, written);
        if (applied) moves.push(applied);
      }
      // Applied, not undone: what it wrote is what the next read would decode.
      return () => {
        moves.forEach(([tables, moved]) => moved.forEach(([before, after]) => tables.ranks.moved(before, after)));
        this.weighKinds(moves);
        for (const [collection, doc, length] of written) this.documents.written(collection, doc, length);
        this.statistics.committed(changes.length);
      };
    }, { visible: options.visible, mayRefuse });
  }

  /**
   * One change, inside the write's transaction: its collection's tables and the rank moves it made
   * (none: nothing to delete); a put's document goes to `written` (kept once the write is applied).
   */
  private apply(change: Change, written: Array<[string, Doc, number]>): [CollectionTables, Move[]] | undefined {
    const tables = change.op === 'delete' ? this.tables.get(change.collection) : this.collection(change.collection);
    if (!tables) return undefined;
    const moved: Move[] = [];
    switch (change.op) {
      case 'put':
        written.push([change.collection, change.doc, tables.upsert(change.doc, moved)]);
        break;
      case 'delete':
        this.documents.forget(change.collection, change.id);
        tables.delete(change.id, moved);
        break;
      case 'raise': {
        const raised = raisedDoc(this.docById(tables, change.id), change);
        written.push([change.collection, raised, tables.upsert(raised, moved)]);
        break;
      }
      default:
        assertNever(change, 'change');
    }
    return [tables, moved];
  }

  /** The document with this id as stored, or undefined. */
  private docById(tables: CollectionTables, id: number): Doc | undefined {
    const row = this.statement(`SELECT doc, apart FROM ${tables.docs} WHERE id = ?`).get(id) as { doc: StoredDocument; apart: StoredDocument | null } | undefined;
    return row && this.documents.decoded(tables.name, id, row, false);
  }

  /** The read and the put run in one group commit's transaction: no other write comes between them. */
  async putIf(collection: string, doc: Doc, expected: Filter): Promise<boolean> {
    let written = false;
    await this.commits.submit(() => {
      const tables = this.collection(collection);
      const current = this.docById(tables, doc.id);
      if (current && !compiledFilter(encode(expected) as Filter).test(queryView(current))) return;
      const moved: Move[] = [];
      this.documents.forget(collection, doc.id);
      tables.upsert(doc, moved);
      written = true;
      return () => moved.forEach(([before, after]) => tables.ranks.moved(before, after));
    }, { mayRefuse: this.mayRefuse(collection) });
    return written;
  }

  async deleteByIds(collection: string, ids: readonly number[]): Promise<number> {
    const tables = this.tables.get(collection);
    if (!tables) return 0;
    let deleted = 0;
    await this.commits.submit(() => {
      const moves: Move[] = [];
      deleted = ids.filter((id) => {
        this.documents.forget(collection, id);
        return tables.delete(id, moves);
      }).length;
      return () => {
        moves.forEach(([before, after]) => tables.ranks.moved(before, after));
        this.statistics.committed(ids.length);
      };
    }, { mayRefuse: false });
    return deleted;
  }

  /** Ids from memory, on disk with the next group commit (`sqlite/id-counters.ts`). */
  async allocateIds(collection: string, n: number): Promise<number> {
    return this.guarded(() => this.counters.allocate(collection, n));
  }

  async reserveUpTo(collection: string, id: number): Promise<void> {
    this.guarded(() => this.counters.reserveUpTo(collection, id));
  }

  async ensureIndexes(collection: string, indexes: readonly IndexSpec[], options: EnsureIndexesOptions = {}): Promise<void> {
    this.guarded(() =>
      this.db.transaction(() => {
        const tables = this.collection(collection);
        tables.addColumns(options.keyFields ?? []);
        if (options.keyTable === false) tables.dropKeyTable();
        if (options.apartFields) tables.setApart(options.apartFields);
        if (options.learnIndexes !== undefined) tables.learnsIndexes = options.learnIndexes;
        for (const index of indexes) {
          const fields = Object.keys(index.keys);
          if (index.unique && !(fields.length === 1 && fields[0] === 'id')) tables.uniqueIndex(index.name, fields);
          else for (const field of fields) if (!field.includes('.')) tables.addField(field, false);
          this.db.prepare('INSERT OR REPLACE INTO _indexes (collection, name, spec) VALUES (?, ?, ?)').run(collection, index.name, JSON.stringify(index));
        }
      })(),
    );
  }

  async listIndexes(collection: string): Promise<string[]> {
    const rows = this.db.prepare('SELECT name FROM _indexes WHERE collection = ?').all(collection) as Array<{ name: string }>;
    return this.tables.has(collection) ? ['_id_', ...rows.map((row) => row.name)] : [];
  }

  async drop(collection: string): Promise<void> {
    this.guarded(() =>
      this.db.transaction(() => {
        this.tables.get(collection)?.drop();
        this.db.prepare('DELETE FROM _counters WHERE name = ?').run(collection);
      })(),
    );
    this.counters.drop(collection);
    this.tables.delete(collection);
    this.documents.clear();
    this.changed();
  }

  /** Fails once the disk failed an fsync: the gateway's health then asks for a restart. */
  async ping(): Promise<void> {
    if (this.durability.failed) throw this.durability.failed;
    this.db.prepare('SELECT 1').get();
  }

  /** The collections the store has made (emptied ones too, dropped ones not). */
  collectionNames(): string[] {
    return [...this.tables.keys()];
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.commits.flush();
    await this.durability.drained();
    await this.log?.close();
    if (!this.db.open) return;
    this.db.close();
    this.onClose?.();
  }

  /** The documents matching `filter`, sorted, skipped and limited as `options` say. */
  private select(tables: CollectionTables, filter: Filter, options: FindOptions, translated = this.translated(tables, filter, options)): Doc[] {
    const sort = options.sort ?? [];
    const { sql, order } = translated;
    const skip = options.skip ?? 0;
    // As in MongoDB, a limit of 0 means no limit.
    const limit = options.limit || Number.POSITIVE_INFINITY;
    const ids = this.pageIds(tables, filter, sql, order, options);
    if (ids) {
      // The page's ids from the key table alone, then their documents: no document is read to be skipped.
      return this.byIdsInBatches(tables, ids);
    }
    if (order) return pageOf(this.matching(tables, filter, sql, order), skip, limit);
    // A sort SQL cannot order (a dotted path, a field holding arrays): every match, sorted here.
    const views = [...this.matching(tables, filter, sql, 'k.id ASC')].map((doc) => [queryView(doc), doc] as const);
    const docOf = new Map(views);
    const first = Number.isFinite(limit) ? skip + limit : undefined;
    return sortRows(views.map(([view]) => view), sort, first).slice(skip).map((view) => docOf.get(view)!);
  }

  /** A prepared statement, kept for the next read of the same text. */
  private statement(sql: string): Database.Statement {
    let found = this.statements.get(sql);
    if (!found) this.statements.set(sql, (found = this.db.prepare(sql)));
    return found;
  }

  /** {@link byIds} a batch at a time, in this turn (`find` yields between batches instead). */
  private byIdsInBatches(tables: CollectionTables, ids: readonly number[]): Doc[] {
    const docs: Doc[] = [];
    for (let start = 0; start < ids.length; start += READ_BATCH) docs.push(...this.byIds(tables, ids.slice(start, start + READ_BATCH)));
    return docs;
  }

  /**
   * The documents with these ids that exist, in their order. `keep`: those read again are kept; `whole`
   * false: those neither kept nor about to be are read without their apart fields.
   */
  private byIds(tables: CollectionTables, ids: readonly number[], reading: Reading = WHOLE): Doc[] {
    if (ids.length === 0) return [];
    const found = new Map<number, Doc>();
    for (const id of ids) {
      const kept = this.documents.get(tables.name, id);
      if (kept) found.set(id, kept);
    }
    if (found.size === ids.length) return ids.map((id) => found.get(id)!);
    const missing = ids.filter((id) => !found.has(id));
    // A document the cache is about to keep is read whole: the cache holds whole documents only.
    const whole = reading.whole ? missing : missing.filter((id) => reading.keep && this.documents.wouldKeep(tables.name, id));
    const wholeIds = new Set(whole);
    const partial = whole.length === missing.length ? [] : missing.filter((id) => !wholeIds.has(id));
    for (const [id, doc, apart] of this.rows(tables, whole, 'id, doc, apart')) found.set(id, this.documents.decoded(tables.name, id, { doc, apart }, reading.keep));
    for (const [id, doc] of this.rows(tables, partial, 'id, doc')) found.set(id, this.documents.decoded(tables.name, id, { doc, apart: undefined }, reading.keep));
    const docs: Doc[] = [];
    for (const id of ids) {
      const doc = found.get(id);
      if (doc) docs.push(doc);
    }
    return docs;
  }

  /** The rows with these ids, these columns, in no given order. */
  private rows(tables: CollectionTables, ids: readonly number[], columns: string): Array<[number, StoredDocument, StoredDocument | null]> {
    if (ids.length === 0) return [];
    return (ids.length <= LISTED_IDS
      ? this.statement(`SELECT ${columns} FROM ${tables.docs} WHERE id IN (${ids.map(() => '?').join(', ')})`).raw().all(...ids)
      : this.statement(`SELECT ${columns} FROM ${tables.docs} WHERE id IN (SELECT value FROM json_each(?))`).raw().all(JSON.stringify(ids))) as Array<[number, StoredDocument, StoredDocument | null]>;
  }

  /** The documents SQL selects, in `order`, that the JS predicate passes: read one at a time. */
  private *matching(tables: CollectionTables, filter: Filter, sql: Sql, order: string): IterableIterator<Doc> {
    const test = sql.exact ? undefined : compiledFilter(encode(filter) as Filter).test;
    const rows = this.statement(`SELECT d.id, d.doc, d.apart FROM ${tables.keys} AS k JOIN ${tables.docs} AS d ON d.id = k.id WHERE ${sql.where} ORDER BY ${order}`).iterate(...sql.params);
    for (const row of rows as Iterable<{ id: number; doc: StoredDocument; apart: StoredDocument | null }>) {
      // A long walk reads the kept documents but keeps none of its own (it would push out the hot ones).
      const doc = this.documents.decoded(tables.name, row.id, row, false);
      if (!test || test(queryView(doc))) yield doc;
    }
  }

  /** Gives the top-level fields a read filters or sorts on key columns (and sorts their index). */
  private learn(tables: CollectionTables, filter: Filter, sort: NonNullable<FindOptions['sort']>): void {
    if (!tables.learnsIndexes) return;
    const fields = [...filterFields(filter), ...sort.map(([field]) => field)].filter((field) => field !== 'id' && !tables.hasIndex(field));
    if (fields.length > 0) this.guarded(() => fields.forEach((field) => tables.addField(field, true)));
    for (const [field, direction] of sort) tables.sortIndex(field, direction);
    // New indexes have no statistics yet: SQLite's planner would guess.
    this.statistics.indexesMade(tables.takeMadeIndexes());
  }

  private collection(name: string): CollectionTables {
    let found = this.tables.get(name);
    if (!found) {
      found = new CollectionTables(this.db, name, this.rankOptions);
      found.create();
      this.tables.set(name, found);
    }
    return found;
  }

  /** A unique index's refusal as UniqueViolation naming the index; undefined for other errors. */
  private uniqueViolation(error: unknown): UniqueViolation | undefined {
    if ((error as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return undefined;
    const message = (error as Error).message;
    for (const row of this.db.prepare('SELECT collection, name, spec FROM _indexes').all() as Array<{ collection: string; name: string; spec: string }>) {
      const fields = Object.keys((JSON.parse(row.spec) as IndexSpec).keys);
      const columns = fields.map((field) => `k:${row.collection}.f:${field}`).join(', ');
      if (message.endsWith(`: ${columns}`)) return new UniqueViolation(row.collection, row.name);
    }
    return undefined;
  }

  /** Runs a statement outside a write; a refusing disk becomes ServiceUnavailableError. */
  private guarded<T>(run: () => T): T {
    try {
      return run();
    } catch (error) {
      throw asStoreError(error);
    }
  }

  /**
   * After a write applied or undone: cached answers go; after one undone, the collections it undid
   * the creation of are forgotten. A lost group (group-commit.ts) had been seen: what was read
   * since may be cached here, so nothing is answered any more until a restart reads the disk again.
   */
  private settled(outcome: Outcome): void {
    if (outcome === 'lost') {
      this.lost = this.durability.failed;
      this.documents.clear();
    }
    this.changed(outcome !== 'applied');
  }

  /** Whether a put into `collection` may be refused by a unique index (a collection not made yet may get one). */
  private mayRefuse(collection: string): boolean {
    return this.tables.get(collection)?.refuses ?? true;
  }

  /** Reads stop once a group of writes was lost after being seen (see `settled`). */
  private refuseIfLost(): void {
    if (this.lost) throw this.lost;
  }

  /** Drops cached answers; after a rollback, forgets the collections it undid the creation of. */
  private changed(rolledBack = false): void {
    for (const tables of this.tables.values()) tables.version += 1;
    if (!rolledBack) return;
    const known = new Set((this.db.prepare('SELECT name FROM _collections').all() as Array<{ name: string }>).map((row) => row.name));
    for (const name of this.tables.keys()) if (!known.has(name)) this.tables.delete(name);
  }
}
