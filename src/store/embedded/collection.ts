// One collection of the embedded store: documents in slots (frozen, handed out as they are),
// their ids mapped to slots, the fields indexed, and the slots a planned filter leaves to test.
import type { Doc } from '../store.ts';
import { Bitmap } from './bitmap.ts';
import { FieldIndex, type Slots } from './field-index.ts';
import type { Term } from './plan.ts';
import { frozenCopy, queryView } from './values.ts';

export class Collection {
  private readonly docs: Array<Doc | undefined> = [];
  /** What mingo reads for each slot: the document, or a copy with its int64s wrapped. */
  private readonly views: Array<Doc | undefined> = [];
  private readonly slotOf = new Map<number, number>();
  private readonly indexes = new Map<string, FieldIndex>();
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
    this.views[slot] = queryView(doc);
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

  /**
   * The views of `candidates` (every slot when undefined) that pass `test`, in id order: a plain
   * loop, for the reads that visit every candidate (sorted pages, aggregations).
   */
  viewsMatching(candidates: Slots | undefined, test?: (view: Doc) => boolean): Doc[] {
    const out: Doc[] = [];
    const few = this.isFew(candidates);
    const order = few ? this.fewInIdOrder(candidates) : this.slotOrder();
    const narrow = candidates !== undefined && !few;
    for (let i = 0; i < order.length; i++) {
      const slot = order[i];
      if (narrow && !candidates.has(slot)) continue;
      const view = this.views[slot]!;
      if (test === undefined || test(view)) out.push(view);
    }
    return out;
  }

  /** How many of `candidates` (every slot when undefined) pass `test`, in no particular order. */
  countMatching(candidates: Slots | undefined, test: (view: Doc) => boolean): number {
    let total = 0;
    for (const slot of candidates ?? this.live) if (test(this.views[slot]!)) total += 1;
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
