// One collection of the embedded store: documents in slots (frozen, handed out as they are),
// their ids mapped to slots, the fields indexed, columns of the fields filters and sorts read, and
// the slots a planned filter leaves to test.
import type { Doc } from '../store.ts';
import { Bitmap } from './bitmap.ts';
import { FieldIndex, type Slots } from './field-index.ts';
import type { Term } from './plan.ts';
import type { CompiledPredicate } from './predicate.ts';
import { frozenCopy, queryView } from './values.ts';

/** Strings up to this length are shared between columns' slots (see `interned`). */
const INTERNED_LENGTH = 64;

export class Collection {
  private readonly docs: Array<Doc | undefined> = [];
  /** What mingo reads for each slot: the document, or a copy with its int64s wrapped. */
  private readonly views: Array<Doc | undefined> = [];
  private readonly slotOf = new Map<number, number>();
  private readonly indexes = new Map<string, FieldIndex>();
  /**
   * Top-level fields of the views as columns (slot -> value), made the first time a filter or a
   * sort reads the field and kept up to date by every write: a scan reads these compact arrays
   * instead of visiting every document, which on a busy heap costs a cache miss each.
   */
  private readonly columns = new Map<string, unknown[]>();
  private readonly strings = new Map<string, string>();
  /** Every slot holding a document. */
  readonly live = new Bitmap();
  /** Slots ascend with ids while documents arrive in id order, as imports write them. */
  private slotsInIdOrder = true;
  private idOrder: number[] | undefined;
  private lastId = -Infinity;

  get size(): number {
    return this.slotOf.size;
  }

  /** Grows with every write: what was read at one version holds until the next. */
  version = 0;

  /** Inserts or replaces a document by its id; the store keeps its own frozen copy. */
  upsert(given: Doc): void {
    this.version++;
    const doc = frozenCopy(given);
    const existing = this.slotOf.get(doc.id);
    const slot = existing ?? this.docs.length;
    if (existing !== undefined) this.unindex(slot);
    else {
      this.slotOf.set(doc.id, slot);
      if (doc.id < this.lastId) this.slotsInIdOrder = false;
      this.lastId = Math.max(this.lastId, doc.id);
      this.idOrder = undefined;
    }
    this.docs[slot] = doc;
    const view = queryView(doc);
    this.views[slot] = view;
    for (const [field, column] of this.columns) column[slot] = this.interned(view[field]);
    this.live.add(slot);
    for (const index of this.indexes.values()) index.add(slot, doc[index.field]);
  }

  delete(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.version++;
    this.unindex(slot);
    this.slotOf.delete(id);
    this.docs[slot] = undefined;
    this.views[slot] = undefined;
    for (const column of this.columns.values()) column[slot] = undefined;
    this.live.delete(slot);
    this.idOrder = undefined;
    return true;
  }

  /** Indexes `field` (building the index from what is stored); `id` is always indexed. */
  index(field: string): void {
    if (field === 'id' || this.indexes.has(field)) return;
    const index = new FieldIndex(field);
    for (const slot of this.live) index.add(slot, this.docs[slot]![field]);
    this.indexes.set(field, index);
  }

  isIndexed(field: string): boolean {
    return field === 'id' || this.indexes.has(field);
  }

  doc(slot: number): Doc {
    return this.docs[slot]!;
  }

  /** The stored document with this id. */
  byId(id: number): Doc | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.docs[slot];
  }

  view(slot: number): Doc {
    return this.views[slot]!;
  }

  /** Slots satisfying every term, or undefined for every slot (no terms). */
  candidates(terms: readonly Term[]): Slots | undefined {
    let found: Slots | undefined;
    for (const term of terms) {
      const slots = this.slotsFor(term);
      found = found === undefined ? slots : intersect(found, slots);
    }
    return found;
  }

  /** Slots of `candidates` (every slot when undefined) in id order, ascending or descending. */
  *inIdOrder(candidates: Slots | undefined, direction: 1 | -1): IterableIterator<number> {
    if (this.isFew(candidates)) {
      const slots = this.fewInIdOrder(candidates);
      yield* direction === 1 ? slots : slots.reverse();
      return;
    }
    const has = candidates === undefined ? () => true : (slot: number) => candidates.has(slot);
    const order = this.slotOrder();
    if (direction === 1) {
      for (const slot of order) if (has(slot)) yield slot;
    } else {
      for (let i = order.length - 1; i >= 0; i--) if (has(order[i])) yield order[i];
    }
  }

  /** The column of a top-level field: each slot's value in its view. */
  column(field: string): readonly unknown[] {
    let column = this.columns.get(field);
    if (!column) {
      column = new Array<unknown>(this.views.length);
      for (let slot = 0; slot < this.views.length; slot++) column[slot] = this.interned(this.views[slot]?.[field]);
      this.columns.set(field, column);
    }
    return column;
  }

  /**
   * A short string as one shared copy: a column of enumeration values or codes then points at a
   * handful of strings that stay in the processor's cache, where the documents' own copies are
   * scattered over the heap and reading each would miss it.
   */
  private interned(value: unknown): unknown {
    if (typeof value !== 'string' || value.length > INTERNED_LENGTH) return value;
    let shared = this.strings.get(value);
    if (shared === undefined) this.strings.set(value, (shared = value));
    return shared;
  }

  /** The predicate as a test of a slot, reading the columns of the fields it tests. */
  slotTest(predicate: CompiledPredicate): (slot: number) => boolean {
    return predicate.onColumns(predicate.fields.map((field) => this.column(field)), this.views);
  }

  /**
   * The slots of `candidates` (every slot when undefined) that pass `predicate`, in id order: a
   * plain loop, for the reads that visit every candidate (sorted pages, aggregations).
   */
  slotsMatching(candidates: Slots | undefined, predicate?: CompiledPredicate): number[] {
    const out: number[] = [];
    const few = this.isFew(candidates);
    const order = few ? this.fewInIdOrder(candidates) : this.slotOrder();
    const narrow = candidates !== undefined && !few;
    const test = predicate && this.slotTest(predicate);
    for (let i = 0; i < order.length; i++) {
      const slot = order[i];
      if (narrow && !candidates.has(slot)) continue;
      if (test === undefined || test(slot)) out.push(slot);
    }
    return out;
  }

  /** The views of {@link slotsMatching}. */
  viewsMatching(candidates: Slots | undefined, predicate?: CompiledPredicate): Doc[] {
    return this.slotsMatching(candidates, predicate).map((slot) => this.views[slot]!);
  }

  /** How many of `candidates` (every slot when undefined) pass `predicate`, in no particular order. */
  countMatching(candidates: Slots | undefined, predicate: CompiledPredicate): number {
    const test = this.slotTest(predicate);
    let total = 0;
    for (const slot of candidates ?? this.live) if (test(slot)) total += 1;
    return total;
  }

  /** A set of candidates small enough to sort by id, rather than walk every slot in id order. */
  private isFew(candidates: Slots | undefined): candidates is Set<number> {
    return candidates instanceof Set && candidates.size < this.size / 16;
  }

  private fewInIdOrder(candidates: Set<number>): number[] {
    return [...candidates].sort((a, b) => this.docs[a]!.id - this.docs[b]!.id);
  }

  /** How many slots `candidates` holds (every slot when undefined). */
  count(candidates: Slots | undefined): number {
    if (candidates === undefined) return this.size;
    return candidates instanceof Bitmap ? candidates.count() : candidates.size;
  }

  indexNames(): string[] {
    return [...this.indexes.keys()];
  }

  private slotsFor(term: Term): Slots {
    if (term.field === 'id') {
      if (term.kind === 'null') return term.isNull ? new Set() : this.live;
      return new Set(term.values.map((value) => this.slotOf.get(Number(value))).filter((slot): slot is number => slot !== undefined));
    }
    const index = this.indexes.get(term.field)!;
    if (term.kind === 'null') return term.isNull ? index.nulls : this.live.andNot(index.nulls);
    return index.holding(term.values) ?? this.live;
  }

  private slotOrder(): readonly number[] {
    if (this.idOrder) return this.idOrder;
    const slots = [...this.live];
    if (!this.slotsInIdOrder) slots.sort((a, b) => this.docs[a]!.id - this.docs[b]!.id);
    this.idOrder = slots;
    return slots;
  }

  private unindex(slot: number): void {
    const doc = this.docs[slot]!;
    for (const index of this.indexes.values()) index.remove(slot, doc[index.field]);
  }
}

function intersect(a: Slots, b: Slots): Slots {
  if (a instanceof Bitmap && b instanceof Bitmap) return a.and(b);
  const [small, other] = size(a) <= size(b) ? [a, b] : [b, a];
  const out = new Set<number>();
  for (const slot of small) if (other.has(slot)) out.add(slot);
  return out;
}

function size(slots: Slots): number {
  return slots instanceof Bitmap ? Number.POSITIVE_INFINITY : slots.size;
}
