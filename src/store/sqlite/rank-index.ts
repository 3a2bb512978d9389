// Counts and deep pages of a large collection without walking it: a rank group is the entries one
// read shape picks (equalities and null tests), in one order, with checkpoints every so many
// entries (checkpoints.ts). A count of a range is two binary searches and two walks of at most a
// bucket; a page at any offset is a binary search and the ids of one or two buckets, read with one
// seek each and remembered (a bounded number of ids) until a write lands in them. Each kind of
// group has its SQL index (rank-sql.ts), learned from the reads that need it and kept in `_ranks`;
// checkpoints live in memory (one per `spacing` entries), are built on first use, and move with
// every committed write.
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { Checkpoints, type Position } from './checkpoints.ts';
import { quoted } from './database.ts';
import { compareKeys, type Key } from './keys.ts';
import {
  and,
  boundClause,
  definitionOf,
  groupClause,
  indexColumns,
  nullKeyClause,
  orderBy,
  stretch,
  type Clause,
  type ColumnOf,
  type RankDefinition,
} from './rank-sql.ts';
import type { Bound, GroupTerm, RankShape, SortShape, WalkShape } from './shape.ts';
import { MAX_SPLIT_VALUES, splitParts, stitchedPage } from './split-page.ts';

/** A key table's row as SQLite gives it (integers as bigint): `id` and `f:<field>` columns. */
export type KeyRow = Readonly<Record<string, Key>>;

export interface RankOptions {
  /** Entries between checkpoints. */
  spacing: number;
  /** Kinds of group (SQL indexes) a collection may learn. */
  maxDefinitions: number;
  /**
   * Groups of fewer keyed entries are not kept: SQL walks them through their index about as fast,
   * and a kept group costs every write of the collection a test (`moved`). A lookup by a unique
   * field (`slug = ?`, a write's uniqueness check) would otherwise keep a group of one entry per
   * value, up to {@link GROUPS_KEPT}, and every write of a large collection tested them all.
   */
  smallEntries: number;
}

interface Learned {
  definition: RankDefinition;
  index: string;
}

interface Group {
  /** This build of the group, unique in its RankIndexes: what its remembered buckets are keyed by. */
  readonly build: number;
  readonly learned: Learned;
  readonly terms: readonly GroupTerm[];
  /** The group's own order: its kind's index may be read the other way (id order). */
  readonly order: RankShape['order'];
  readonly clause: Clause;
  checkpoints: Checkpoints;
  stale: boolean;
}

/** A monotone test along a group's order, with SQL for the keys failing it. */
interface Edge {
  passes(key: Key): boolean;
  failing: Clause;
}

/** A stretch of a group's page order: its entries with NULL keys or with keys, how many, the rank of its first. */
type Segment = readonly [kind: 'nulls' | 'keyed', length: number, first: number];

const GROUPS_KEPT = 256;

/**
 * Keys of groups found small, remembered so that SQL answers them without building them again. A
 * group that grows later is still answered by SQL (the same answer, walked) until its key is pushed out.
 */
const SMALL_KEYS_KEPT = 4096;

/**
 * Ids of buckets remembered, a collection's groups together: 2^20 (about 8 MiB). At 200,000
 * articles the default list's group and the three kinds' groups have about 3,100 buckets of 128
 * ids, which all fit; a page read from remembered buckets runs no SQL. Under HTTP load a page's
 * seek cost 170-200 µs of CPU (15 µs in a loop alone: SQLite's pages and code are cold between
 * requests).
 */
const BUCKET_IDS_KEPT = 2 ** 20;

/**
 * A kind wanted while the collection has learned all it may replaces the least used one once it was
 * wanted this many times and more than twice as often (uses counted since the kinds' last halving).
 * Slow on purpose: kinds follow a front end that changed, not shapes taking turns by the minute
 * (each replacement makes an index: about 0.3 s at 200,000 articles). At 32 wants, the varied
 * benchmark's scenarios, five seconds each in turn, took each other's kinds at every turn.
 */
const RETIRE_AFTER = 256;

/** Every this many reads of a collection's kinds, their counts of uses and wants are halved: older traffic weighs less. */
const HALVE_EVERY = 16_384;

/**
 * Entries a walk in the page's order may test for each entry of the range it saves reading and
 * sorting: a covering index's entry is tested in ~4 ns, a range's entry read (its sort key from the
 * table) and sorted costs ~300 ns (a table of 200,000 rows, 2026-11-29). Kept below that ratio.
 */
const WALK_PER_SORTED = 50;

/**
 * Whether walking the page's order pays: the walk tests about wanted × walked / matches entries
 * (`walked` entries of the order, `matches` of them in the range), within {@link WALK_PER_SORTED}
 * times the matches that reading the range would sort.
 */
function walkPays(wanted: number, walked: number, matches: number): boolean {
  return (wanted * walked) / Math.max(1, matches) <= WALK_PER_SORTED * matches;
}

/** Writes of a collection without groups after which each kind's reads are weighed against them. */
export const WRITES_WINDOW = 256;
/**
 * A kind of a collection without groups is kept while it serves at least one read per this many
 * writes: each kind's index costs a write about 30 µs (a leaf page in the commit's log), a list it
 * serves saves about 250 µs of sorting at 2,000 entries (docs/decisions.md).
 */
export const WRITES_PER_USE = 8;

export class RankIndexes {
  private readonly learned = new Map<string, Learned>();
  private readonly groups = new LRUCache<string, Group>({ max: GROUPS_KEPT });
  private readonly small = new LRUCache<string, true>({ max: SMALL_KEYS_KEPT });
  private readonly statements = new Map<string, Database.Statement>();
  /** Each bucket's ids, in its group's order, by group build and bucket index. */
  private readonly buckets = new LRUCache<string, readonly number[]>({ maxSize: BUCKET_IDS_KEPT, sizeCalculation: (ids) => ids.length + 1 });
  private builds = 0;
  /** Reads each learned kind served (by index name), and wants of kinds not learned (by definition), halved every {@link HALVE_EVERY}. */
  private readonly uses = new Map<string, number>();
  private readonly wants = new LRUCache<string, number>({ max: 256 });
  private reads = 0;
  /** Writes since the kinds' reads were last weighed against them, and each kind's reads since (by index name). */
  private windowWrites = 0;
  private readonly windowUses = new Map<string, number>();

  constructor(
    private readonly db: Database.Database,
    private readonly collection: string,
    /** The key table's name in SQL (`"k:articles"`). */
    private readonly keys: string,
    private readonly column: ColumnOf,
    private readonly options: RankOptions,
    /** Told of each SQL index made (it wants planner statistics). */
    private readonly made: (index: string) => void = () => undefined,
  ) {
    for (const row of db.prepare('SELECT name, definition FROM _ranks WHERE collection = ?').all(collection) as Array<{ name: string; definition: string }>) {
      this.learned.set(row.definition, { definition: JSON.parse(row.definition) as RankDefinition, index: row.name });
    }
  }

  /** How many entries match the shape, or undefined when no group may answer it. */
  count(shape: RankShape): number | undefined {
    const group = this.group(shape);
    if (!group) return undefined;
    if (!shape.range) return shape.order.field === 'id' ? group.checkpoints.size : undefined;
    return this.inRange(group, shape);
  }

  /** How many of the group's entries lie in the shape's range. */
  private inRange(group: Group, shape: RankShape): number {
    const [start, end] = this.edges(shape);
    return Math.max(0, this.rankOfFirst(group, end) - this.rankOfFirst(group, start));
  }

  /**
   * The ids of the page (`limit` 0: to the end), or undefined when no group may answer it. A
   * `reversed` shape's page is the mirror of the group's: counted from its end, read forward, turned.
   */
  pageIds(shape: RankShape, skip: number, limit: number): number[] | undefined {
    const group = this.group(shape);
    return group && this.groupPage(group, this.segments(group, shape), skip, limit, shape.reversed ?? false);
  }

  /**
   * The ids of a page sorted on two keys, read as the groups of its first key's values one after
   * another (split-page.ts); undefined when groups cannot answer it: its first key takes more than
   * {@link MAX_SPLIT_VALUES} values, the sort's index is not learned, or a value's group is too
   * small to keep or may not be learned (SQL then walks the page).
   */
  splitPageIds(shape: SortShape, skip: number, limit: number): number[] | undefined {
    const firstKeys = shape.keys.length === 2 ? this.firstKeys(shape) : undefined;
    if (!firstKeys) return undefined;
    const parts: Array<[Group, readonly Segment[]]> = [];
    for (const part of splitParts(shape, firstKeys)) {
      const group = this.group(part);
      if (!group) return undefined;
      parts.push([group, this.segments(group, part)]);
    }
    const sizes = parts.map(([, segments]) => segments.reduce((sum, [, length]) => sum + length, 0));
    return stitchedPage(sizes, (index, offset, take) => this.groupPage(...parts[index], offset, take, false), skip, limit, shape.reversed ?? false);
  }

  /**
   * The values the first key of a two-key sort takes among the page's entries, in the sort's order
   * (NULL first ascending, last descending, as SQLite sorts), each found by one seek of the sort's
   * index (its equal fields, then that key); undefined past {@link MAX_SPLIT_VALUES} values, or
   * when that index is not learned.
   */
  private firstKeys(shape: SortShape): Key[] | undefined {
    const learned = this.fitting(sortDefinition(shape));
    if (!learned) return undefined;
    const [[field, direction]] = shape.keys;
    const column = this.column(field);
    const terms = groupClause(shape.terms, 'id', this.column);
    const seek = (bound: Clause): { key: Key } | undefined => {
      const where = and([terms, bound]);
      const sql = `SELECT ${column} AS key FROM ${this.from(learned)} WHERE ${where.where} ORDER BY ${column} ${direction === 1 ? 'ASC' : 'DESC'} LIMIT 1`;
      return this.statement(sql).get(...where.params) as { key: Key } | undefined;
    };
    const keys: Key[] = [];
    for (let found = seek({ where: `${column} IS NOT NULL`, params: [] }); found; found = seek({ where: `${column} ${direction === 1 ? '>' : '<'} ?`, params: [found.key] })) {
      if (keys.length === MAX_SPLIT_VALUES) return undefined;
      keys.push(found.key);
    }
    if (!seek({ where: `${column} IS NULL`, params: [] })) return keys;
    return direction === 1 ? [null, ...keys] : [...keys, null];
  }

  /** The shape's stretches of the group in its page order: its entries with NULL keys and its keyed ones (within its range). */
  private segments(group: Group, shape: RankShape): Segment[] {
    const [start, end] = shape.range ? this.edges(shape) : [undefined, undefined];
    const first = start ? this.rankOfFirst(group, start) : 0;
    const keyed = { first, length: Math.max(0, (end ? this.rankOfFirst(group, end) : group.checkpoints.size) - first) };
    const nulls = shape.range || shape.order.field === 'id' ? 0 : this.nullKeys(group);
    return shape.order.direction === 1 ? [['nulls', nulls, 0], ['keyed', keyed.length, keyed.first]] : [['keyed', keyed.length, keyed.first], ['nulls', nulls, 0]];
  }

  /** A page of the group's segments laid end to end (split-page.ts `stitchedPage`). */
  private groupPage(group: Group, segments: readonly Segment[], skip: number, limit: number, reversed: boolean): number[] {
    const read = (index: number, offset: number, take: number) => {
      const [segment, , first] = segments[index];
      return segment === 'nulls' ? this.nullPage(group, offset, take) : this.keyedPage(group, first + offset, take);
    };
    return stitchedPage(segments.map(([, length]) => length), read, skip, limit, reversed)!;
  }

  /** The index of a learned kind that serves groups of `shape`, without learning one; undefined when none does. */
  fittingIndex(shape: RankShape): string | undefined {
    return this.fitting(definitionOf(shape))?.index;
  }

  /**
   * The SQL index a group of this shape would read, made now if need be, without a group: for a
   * collection too small for checkpoints to pay, plain SQL then walks that index (its equal fields,
   * its order, and the fields it tests for NULL) instead of the key table. None when it would hold
   * one field and the id, as the field's own index does (tables.ts), or the id alone, as the table
   * does; false when none is or may be learned.
   */
  learnIndex(shape: RankShape): boolean {
    const definition = definitionOf(shape);
    const fields = definition.equal.length + definition.nullness.length + (definition.order === 'id' ? 0 : 1);
    return fields > 1 && this.learn(definition) !== undefined;
  }

  /** The index a page sorted on several keys would walk: like {@link learnIndex}, for plain SQL at any size. */
  learnSortIndex(shape: SortShape): boolean {
    return this.learn(sortDefinition(shape)) !== undefined;
  }

  /**
   * The index a page with a range on one field, sorted on another, would walk (shape.ts
   * `walkShape`): a group's index of its terms and order that also holds the range's field, for
   * plain SQL at any size. False when none is or may be learned, or when it would hold one field
   * and the id.
   */
  learnWalkIndex(shape: WalkShape): boolean {
    const definition = this.walkDefinition(shape);
    const fields = definition.equal.length + definition.nullness.length + (definition.order === 'id' ? 0 : 1) + 1;
    return fields > 1 && this.learn(definition) !== undefined;
  }

  /**
   * The index a page of a walk shape is read through, `range` being its range's count shape: the
   * order's index, walked with the range tested in it, when the page's `wanted` entries come within
   * {@link WALK_PER_SORTED} times the range's entries (the group's share in the range, from its
   * exact count); else the range's own index, read whole and sorted. SQLite's planner, left to
   * choose, sorted a range of 10-20 % of 33,000 entries (3-12 ms) where the walk reads ~200.
   * Undefined when either index or the range's group is missing.
   */
  walkThrough(walk: WalkShape, range: RankShape, wanted: number): string | undefined {
    const walked = this.fitting(this.walkDefinition(walk));
    const group = walked && range.range && this.group(range);
    if (!group) return undefined;
    return walkPays(wanted, group.checkpoints.size, this.inRange(group, range)) ? walked.index : group.learned.index;
  }

  /**
   * {@link walkThrough} in a collection without rank groups, from `matches` (the page's filter,
   * counted) of the collection's `entries` (which overstates the walk where the filter has
   * equalities: it walks only their entries): the order's index when the walk pays. Undefined when
   * it does not, or no learned kind fits the walk: SQLite's planner chooses (it reads the range and
   * sorts it).
   */
  walkThroughCounted(walk: WalkShape, matches: number, entries: number, wanted: number): string | undefined {
    const walked = this.fitting(this.walkDefinition(walk));
    return walked && walkPays(wanted, entries, matches) ? walked.index : undefined;
  }

  private walkDefinition(shape: WalkShape): RankDefinition {
    return { ...definitionOf({ terms: shape.terms, order: shape.order }), ...(shape.then ? { then: shape.then } : {}), covers: [shape.ranged] };
  }

  /**
   * The collection, which keeps no groups (embedded-store.ts), took a write. Every
   * {@link WRITES_WINDOW} of them, each kind that served fewer than one read per
   * {@link WRITES_PER_USE} is retired (its index dropped): it cost the writes more than it saved the
   * reads. A read that wants it again learns it again.
   */
  wrote(): void {
    if (this.learned.size === 0) return;
    this.windowWrites += 1;
    if (this.windowWrites < WRITES_WINDOW) return;
    const needed = this.windowWrites / WRITES_PER_USE;
    for (const kind of [...this.learned.values()]) if ((this.windowUses.get(kind.index) ?? 0) < needed) this.retire(kind);
    this.windowWrites = 0;
    this.windowUses.clear();
  }

  /** A committed write changed one entry's keys (`before` absent: created; `after` absent: deleted). */
  moved(before: KeyRow | undefined, after: KeyRow | undefined): void {
    for (const group of this.groups.values()) {
      if (group.stale) continue;
      if (before && this.holds(group, before)) this.shift(group, before, -1);
      if (after && this.holds(group, after)) this.shift(group, after, 1);
    }
  }

  /** The collection was emptied or dropped: every group is built again on next use. */
  clear(): void {
    this.groups.clear();
    this.buckets.clear();
    this.small.clear();
  }

  /** SQLite's plan of each statement the groups read with (EXPLAIN QUERY PLAN): for tests and operators. */
  plans(): string[] {
    return [...this.statements.keys()].map((sql) => (this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from(sql.matchAll(/\?/g), () => null)) as Array<{ detail: string }>).map((row) => row.detail).join(' | '));
  }

  /** Whether any group is kept: only then do writes need to tell `moved` their keys. */
  get active(): boolean {
    return this.groups.size > 0;
  }

  /** How many groups are kept. */
  get kept(): number {
    return this.groups.size;
  }

  private shift(group: Group, row: KeyRow, delta: 1 | -1): void {
    const position = this.position(group, row);
    this.buckets.delete(bucketKey(group, group.checkpoints.bucketAt(position)));
    if (group.checkpoints.shift(position, delta)) group.stale = true;
  }

  private position(group: Group, row: KeyRow): Position {
    const id = Number(row.id);
    const order = group.order.field;
    return { key: order === 'id' ? id : (row[`f:${order}`] ?? null), id };
  }

  private holds(group: Group, row: KeyRow): boolean {
    const order = group.order.field;
    if (order !== 'id' && (row[`f:${order}`] ?? null) === null) return false;
    return group.terms.every((term) => {
      const key = row[`f:${term.field}`] ?? null;
      if (term.test === 'eq') return key !== null && compareKeys(key, term.key) === 0;
      return (key === null) === (term.test === 'null');
    });
  }

  /** The shape's group, built (or rebuilt) now if need be; undefined when none may be learned. */
  private group(shape: RankShape): Group | undefined {
    const learned = this.learn(definitionOf(shape));
    if (!learned) return undefined;
    const key = JSON.stringify([learned.index, shape.order, shape.terms], (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
    let group = this.groups.get(key);
    if (!group || group.stale) {
      if (this.small.has(key)) return undefined;
      const clause = groupClause(shape.terms, shape.order.field, this.column);
      const checkpoints = this.build(learned, clause, shape.order);
      if (checkpoints.size < this.options.smallEntries) {
        this.groups.delete(key);
        this.small.set(key, true);
        return undefined;
      }
      group = { build: ++this.builds, learned, terms: shape.terms, order: shape.order, clause, checkpoints, stale: false };
      this.groups.set(key, group);
    }
    return group;
  }

  /**
   * A learned kind whose index serves the definition's groups, or the definition's own index, made
   * and noted now (at most `maxDefinitions`). An id order's index is made ascending and read either way.
   */
  private learn(wanted: RankDefinition): Learned | undefined {
    this.counted();
    const known = this.fitting(wanted);
    if (known) {
      this.uses.set(known.index, (this.uses.get(known.index) ?? 0) + 1);
      this.windowUses.set(known.index, (this.windowUses.get(known.index) ?? 0) + 1);
    }
    const wantedText = JSON.stringify(wanted);
    if (known || (this.learned.size >= this.options.maxDefinitions && !this.retiredFor(wantedText))) return known;
    // The fields other kinds test for NULL go in its index too (publishedAt, which live reads test
    // and previews do not): a group testing them later reads this index rather than learning another.
    const tested = new Set([...wanted.nullness, ...[...this.learned.values()].flatMap((learned) => learned.definition.nullness)]);
    const nullness = [...tested].filter((field) => !wanted.equal.includes(field) && field !== wanted.order).sort();
    // Likewise the fields other kinds cover (the ranges of pages sorted on another key): a kind of
    // one order then serves its groups and those pages, ranged on either field, where each wanted a
    // kind of its own (44 kinds for the nested GraphQL documents at 200,000 articles, 35 since).
    // Without covered fields the definition's text (and so its index's name) is what releases
    // before them wrote.
    const ordered = new Set([...wanted.equal, wanted.order, ...(wanted.then ?? []).map(([field]) => field)]);
    const covered = new Set([...(wanted.covers ?? []), ...[...this.learned.values()].flatMap((learned) => learned.definition.covers ?? [])]);
    const covers = [...covered].filter((field) => !nullness.includes(field) && !ordered.has(field)).sort();
    const definition: RankDefinition = { ...wanted, nullness, direction: wanted.order === 'id' ? 1 : wanted.direction, ...(covers?.length ? { covers } : { covers: undefined }) };
    const text = JSON.stringify(definition);
    const index = `r:${this.collection}:${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    const bare: ColumnOf = (field) => (field === 'id' ? 'id' : quoted(`f:${field}`));
    this.db.transaction(() => {
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${quoted(index)} ON ${this.keys} (${indexColumns(definition, bare)})`);
      this.db.prepare('INSERT OR REPLACE INTO _ranks (collection, name, definition) VALUES (?, ?, ?)').run(this.collection, index, text);
    })();
    this.made(index);
    const learned = { definition, index };
    this.learned.set(text, learned);
    // Its wants count as uses: a kind just learned is not the coldest at once.
    this.uses.set(index, this.wants.get(wantedText) ?? 1);
    this.wants.delete(wantedText);
    // Learned within this window: weighed from the next one on.
    this.windowUses.set(index, Number.POSITIVE_INFINITY);
    return learned;
  }

  /**
   * Counts a want of a kind the collection has no room for (its definition's text); once it was wanted {@link RETIRE_AFTER}
   * times and more than twice as often as the least used kind was used, that kind is retired (its
   * index dropped, its groups forgotten) and true returned: learned kinds follow the traffic, where
   * the first ones learned kept their place forever, in the data folder too.
   */
  private retiredFor(text: string): boolean {
    const count = (this.wants.get(text) ?? 0) + 1;
    this.wants.set(text, count);
    if (this.learned.size === 0) return false;
    const coldest = [...this.learned.values()].reduce((a, b) => ((this.uses.get(b.index) ?? 0) < (this.uses.get(a.index) ?? 0) ? b : a));
    if (count < RETIRE_AFTER || count <= 2 * (this.uses.get(coldest.index) ?? 0)) return false;
    this.retire(coldest);
    return true;
  }

  private retire(kind: Learned): void {
    for (const [key, group] of [...this.groups.entries()]) if (group.learned === kind) this.groups.delete(key);
    this.db.transaction(() => {
      this.db.exec(`DROP INDEX IF EXISTS ${quoted(kind.index)}`);
      this.db.prepare('DELETE FROM _ranks WHERE collection = ? AND name = ?').run(this.collection, kind.index);
    })();
    this.learned.delete(JSON.stringify(kind.definition));
    this.uses.delete(kind.index);
    this.windowUses.delete(kind.index);
  }

  /** One more read of the collection's kinds; every {@link HALVE_EVERY}, uses and wants are halved. */
  private counted(): void {
    if (++this.reads % HALVE_EVERY !== 0) return;
    for (const [index, uses] of this.uses) this.uses.set(index, uses >> 1);
    for (const [text, wants] of [...this.wants.entries()]) this.wants.set(text, wants >> 1);
  }

  /**
   * The learned kind whose index serves groups of `wanted`: the same fields fixed by value, the same
   * order (either way when it is id's, whose ties cannot differ), and each field `wanted` tests for
   * NULL or covers among its index's columns (a group testing fewer reads the same index).
   */
  private fitting(wanted: RankDefinition): Learned | undefined {
    const exact = this.learned.get(JSON.stringify(wanted));
    if (exact) return exact;
    for (const learned of this.learned.values()) {
      const { equal, nullness, order, direction, covers = [] } = learned.definition;
      const sameOrder = order === wanted.order && (order === 'id' || direction === wanted.direction) && JSON.stringify(learned.definition.then ?? []) === JSON.stringify(wanted.then ?? []);
      const holds = wanted.nullness.every((field) => nullness.includes(field)) && (wanted.covers ?? []).every((field) => nullness.includes(field) || covers.includes(field));
      if (sameOrder && equal.join('\0') === wanted.equal.join('\0') && holds) return learned;
    }
    return undefined;
  }

  /** Walks the group once, in its order, a checkpoint every `spacing` entries (SQL steps over the others). */
  private build(learned: Learned, clause: Clause, order: RankShape['order']): Checkpoints {
    const checkpoints = new Checkpoints(order.direction, this.options.spacing);
    for (let from = this.step(learned, clause, order, undefined, 0); from; from = this.step(learned, clause, order, from, this.options.spacing)) {
      checkpoints.add(from, checkpoints.length * this.options.spacing);
    }
    const last = checkpoints.length - 1;
    checkpoints.size = last < 0 ? 0 : checkpoints.rank(last) + this.countStretch(learned, clause, order, checkpoints.at(last), undefined);
    return checkpoints;
  }

  /** The position of the entry `skip` entries on from `from` (the group's first entry when absent), or undefined past the end. */
  private step(learned: Learned, clause: Clause, { field: order, direction }: RankShape['order'], from: Position | undefined, skip: number): Position | undefined {
    const key = order === 'id' ? 'k.id' : this.column(order);
    let left = skip;
    for (const part of stretch(order, direction, from, undefined, this.column)) {
      const where = and([clause, part]);
      const sql = `SELECT ${key} AS key, k.id AS id FROM ${this.from(learned)} WHERE ${where.where} ORDER BY ${orderBy(order, direction, this.column)} LIMIT 1 OFFSET ?`;
      const row = this.statement(sql).get(...where.params, left) as { key: Key; id: bigint } | undefined;
      if (row) return { key: order === 'id' ? Number(row.id) : row.key, id: Number(row.id) };
      // Fewer than `left` + 1 entries in this part: counted by the same seek.
      left -= this.countWhere(learned, [where]);
    }
    return undefined;
  }

  /** How many of the group's entries lie from `from` to `to` (excluded). */
  private countStretch(learned: Learned, clause: Clause, { field: order, direction }: RankShape['order'], from: Position | undefined, to: Position | undefined, also: readonly Clause[] = []): number {
    let count = 0;
    for (const part of stretch(order, direction, from, to, this.column)) count += this.countWhere(learned, [clause, part, ...also]);
    return count;
  }

  /** The edges of the shape's range along the group's order: where it starts, where it ends. */
  private edges(shape: RankShape): [Edge, Edge] {
    const { low, high } = shape.range!;
    const field = shape.order.field;
    const passesLow = this.edge(field, low, 'low');
    const passesHigh = this.edge(field, high, 'high');
    if (shape.order.direction === 1) return [passesLow, this.negated(field, high, 'high')];
    return [passesHigh, this.negated(field, low, 'low')];
  }

  /** Keys passing `bound` as the `end` of a range. */
  private edge(field: string, bound: Bound, end: 'low' | 'high'): Edge {
    return { passes: (key) => passesBound(key, bound, end), failing: boundClause(field, bound, end, true, this.column) };
  }

  /** Keys failing `bound`: the entries past the range's far end. */
  private negated(field: string, bound: Bound, end: 'low' | 'high'): Edge {
    return { passes: (key) => !passesBound(key, bound, end), failing: boundClause(field, bound, end, false, this.column) };
  }

  /** Entries of the group before the first one passing `edge`. */
  private rankOfFirst(group: Group, edge: Edge): number {
    const index = group.checkpoints.lastFailing(edge.passes);
    const [from, to] = this.bucketEnds(group, index);
    return group.checkpoints.rank(index) + this.countStretch(group.learned, group.clause, group.order, from, to, [edge.failing]);
  }

  /** The checkpoints bucket `index` runs from and to (-1: from the group's start; the last: to its end). */
  private bucketEnds(group: Group, index: number): [Position | undefined, Position | undefined] {
    const { checkpoints } = group;
    return [index >= 0 ? checkpoints.at(index) : undefined, index + 1 < checkpoints.length ? checkpoints.at(index + 1) : undefined];
  }

  /** `take` ids of the group from the entry with `rank` entries before it, bucket after bucket. */
  private keyedPage(group: Group, rank: number, take: number): number[] {
    const { checkpoints } = group;
    const ids: number[] = [];
    let index = checkpoints.bucketOf(rank);
    let offset = rank - checkpoints.rank(index);
    for (; ids.length < take && index < checkpoints.length; index++, offset = 0) {
      const bucket = this.bucket(group, index);
      for (let i = offset; i < bucket.length && ids.length < take; i++) ids.push(bucket[i]);
    }
    return ids;
  }

  /** The ids of bucket `index` (-1: before the first checkpoint), in the group's order: remembered, or read with a seek per stretch. */
  private bucket(group: Group, index: number): readonly number[] {
    const key = bucketKey(group, index);
    let ids = this.buckets.get(key);
    if (ids) return ids;
    const { field: order, direction } = group.order;
    const [from, to] = this.bucketEnds(group, index);
    ids = stretch(order, direction, from, to, this.column).flatMap((part) => {
      const where = and([group.clause, part]);
      const sql = `SELECT k.id FROM ${this.from(group.learned)} WHERE ${where.where} ORDER BY ${orderBy(order, direction, this.column)}`;
      return (this.statement(sql).pluck().all(...where.params) as bigint[]).map(Number);
    });
    this.buckets.set(key, ids);
    return ids;
  }

  /** The group's entries whose order key is NULL: ordered by id, walked from the start. */
  private nullPage(group: Group, offset: number, take: number): number[] {
    const where = nullKeyClause(group.terms, group.order.field, this.column);
    const sql = `SELECT k.id FROM ${this.from(group.learned)} WHERE ${where.where} ORDER BY k.id ASC LIMIT ? OFFSET ?`;
    return (this.statement(sql).pluck().all(...where.params, take, offset) as bigint[]).map(Number);
  }

  private nullKeys(group: Group): number {
    return this.countWhere(group.learned, [nullKeyClause(group.terms, group.order.field, this.column)]);
  }

  private countWhere(learned: Learned, parts: readonly Clause[]): number {
    const where = and(parts);
    return Number(this.statement(`SELECT count(*) FROM ${this.from(learned)} WHERE ${where.where}`).pluck().get(...where.params));
  }

  private from(learned: Learned): string {
    return `${this.keys} AS k INDEXED BY ${quoted(learned.index)}`;
  }

  /** A prepared statement reading integers as bigint (keys compare exactly), kept for reuse. */
  private statement(sql: string): Database.Statement {
    let found = this.statements.get(sql);
    if (!found) this.statements.set(sql, (found = this.db.prepare(sql).safeIntegers(true)));
    return found;
  }
}

const bucketKey = (group: Group, index: number) => `${group.build}:${index}`;

/** The definition of the index a page sorted on several keys walks: its equal fields, its keys in order, the id. */
function sortDefinition(shape: SortShape): RankDefinition {
  const [[field, direction], ...then] = shape.keys;
  return { ...definitionOf({ terms: shape.terms, order: { field, direction } }), then };
}

/** Whether `key` lies on the inner side of `bound`, the range's `end`. */
function passesBound(key: Key, bound: Bound, end: 'low' | 'high'): boolean {
  const order = compareKeys(key, bound.key) * (end === 'low' ? 1 : -1);
  return order > 0 || (order === 0 && bound.inclusive);
}
