// The content model + documents -> how many entries each collection holds and the most items any
// one entry (or component item) holds in each relation, media field, component list and zone.
// The cost estimate caps each list's limit with these, so its bound is what the data allows.
// Pure: the documents come a batch at a time (an import's batches, or a stream of the store's:
// src/store/measure-store.ts), and only numbers are kept between batches.
import {
  type Attribute,
  type AttributeOwner,
  type ContentModel,
  type ContentType,
  type RelationAttribute,
} from '../model/types.ts';
import type { Change } from './store.ts';

export interface Cardinality {
  /** Content-type uid -> how many entries it has (every locale and state). */
  readonly entries: ReadonlyMap<string, number>;
  /** `<content-type or component uid>.<attribute>` -> the most items one owner holds there. */
  readonly lists: ReadonlyMap<string, number>;
}

export const listKey = (ownerUid: string, attribute: string) => `${ownerUid}.${attribute}`;

/** Owning relations that have an inverse side, whose list is measured from here. */
export function inverseSides(ct: ContentType): readonly RelationAttribute[] {
  let sides = INVERSE_SIDES.get(ct);
  if (!sides) {
    sides = [...ct.attributes.values()].filter(
      (attribute): attribute is RelationAttribute => attribute.type === 'relation' && attribute.side === 'owner' && attribute.inversedBy !== undefined,
    );
    INVERSE_SIDES.set(ct, sides);
  }
  return sides;
}

/** Per content-type, once: measured after every write. */
const INVERSE_SIDES = new WeakMap<ContentType, readonly RelationAttribute[]>();

/** Each model's content-types by collection name, made once. */
const BY_COLLECTION = new WeakMap<ContentModel, ReadonlyMap<string, ContentType>>();

function byCollectionOf(model: ContentModel): ReadonlyMap<string, ContentType> {
  let found = BY_COLLECTION.get(model);
  if (!found) BY_COLLECTION.set(model, (found = new Map([...model.contentTypes.values()].map((ct) => [ct.collectionName, ct]))));
  return found;
}

/** An owner's attributes that hold lists (or may: components hold them inside), each with its list's key; made once per owner. */
const LIST_ATTRIBUTES = new WeakMap<AttributeOwner, ReadonlyArray<{ attribute: Attribute; key: string }>>();

function listAttributes(owner: AttributeOwner): ReadonlyArray<{ attribute: Attribute; key: string }> {
  let found = LIST_ATTRIBUTES.get(owner);
  if (!found) {
    found = [...owner.attributes.values()].filter((attribute) => holdsItems(attribute)).map((attribute) => ({ attribute, key: listKey(owner.uid, attribute.name) }));
    LIST_ATTRIBUTES.set(owner, found);
  }
  return found;
}

/**
 * The lists measured from the owning side (an inverse relation: the most entries pointing at one
 * target). Their bound after a write is a count raised by one, not a size seen in a document.
 */
export function inverseListKeys(model: ContentModel): ReadonlySet<string> {
  let found = INVERSE_KEYS.get(model);
  if (!found) INVERSE_KEYS.set(model, (found = new Set([...model.contentTypes.values()].flatMap((ct) => inverseSides(ct).map((attribute) => listKey(attribute.target, attribute.inversedBy!))))));
  return found;
}

/** Each model's inverse list keys, made once (every write's raise asks). */
const INVERSE_KEYS = new WeakMap<ContentModel, ReadonlySet<string>>();

/**
 * Measures documents a batch at a time. Between batches it holds numbers only: the most items
 * seen per list, and for each inverse relation how many entries point at each target (one
 * number per target entry, never a document).
 */
export class CardinalityMeter {
  private readonly most = new Map<string, number>();
  /** Inverse list key -> target id -> entries pointing at it. */
  private readonly pointing = new Map<string, Map<unknown, number>>();
  private readonly byCollection: ReadonlyMap<string, ContentType>;

  constructor(private readonly model: ContentModel) {
    this.byCollection = byCollectionOf(model);
    for (const key of inverseListKeys(model)) this.pointing.set(key, new Map());
  }

  /** Measures a batch of `collection`'s documents (projected or whole); other collections are ignored. */
  add(collection: string, docs: readonly Record<string, unknown>[]): void {
    const ct = this.byCollection.get(collection);
    if (!ct) return;
    const note = (key: string, size: number) => this.most.set(key, Math.max(this.most.get(key) ?? 0, size));
    for (const doc of docs) {
      measureEntry(this.model, ct, doc, note);
      for (const attribute of inverseSides(ct)) this.point(listKey(attribute.target, attribute.inversedBy!), doc[attribute.name]);
    }
  }

  /** The lists as measured so far. */
  lists(): Map<string, number> {
    const lists = new Map(this.most);
    for (const [key, counts] of this.pointing) {
      let most = 0;
      for (const count of counts.values()) most = Math.max(most, count);
      lists.set(key, most);
    }
    return lists;
  }

  private point(key: string, value: unknown): void {
    const counts = this.pointing.get(key)!;
    for (const id of new Set(asList(value))) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
}

/** An entry's own lists (and its components' and zones'), each noted with its size. */
function measureEntry(model: ContentModel, ct: ContentType, doc: Record<string, unknown>, note: (key: string, size: number) => void): void {
  measureOwner(model, ct, doc, note);
  if (ct.localized) note(listKey(ct.uid, 'localizations'), asList(doc.localizations).length);
}

/** Top-level attributes that hold lists or may (components hold them inside). */
export function listProjection(owner: AttributeOwner & { localized?: boolean }): Record<string, 1> {
  const fields: Record<string, 1> = { id: 1 };
  for (const attribute of owner.attributes.values()) {
    if (holdsItems(attribute)) fields[attribute.name] = 1;
  }
  if (owner.localized) fields.localizations = 1;
  return fields;
}

function holdsItems(attribute: Attribute): boolean {
  return attribute.type === 'relation' || attribute.type === 'media' || attribute.type === 'component' || attribute.type === 'dynamiczone';
}

function measureOwner(model: ContentModel, owner: AttributeOwner, doc: Record<string, unknown>, note: (key: string, size: number) => void): void {
  for (const { attribute, key } of listAttributes(owner)) {
    const value = doc[attribute.name];
    switch (attribute.type) {
      case 'relation':
        if (attribute.side === 'owner') note(key, asList(value).length);
        break;
      case 'media':
        note(key, asList(value).length);
        break;
      case 'component': {
        const items = asList(value) as Array<Record<string, unknown>>;
        note(key, items.length);
        const component = model.components.get(attribute.component)!;
        for (const item of items) measureOwner(model, component, item, note);
        break;
      }
      case 'dynamiczone': {
        const items = asList(value) as Array<Record<string, unknown>>;
        note(key, items.length);
        for (const item of items) {
          const component = model.components.get(String(item.__component));
          if (component) measureOwner(model, component, item, note);
        }
        break;
      }
      default:
        break;
    }
  }
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
}

/** Documents as they were before a write, by `<collection>#<id>`, holding (at least) their owning relations. */
export type PriorDocs = ReadonlyMap<string, Record<string, unknown>>;

export const priorKey = (collection: string, id: number) => `${collection}#${id}`;

/**
 * What a write adds to any measurement, worked out once per write: the entries its puts may add
 * (per content-type), the most items each list holds in its documents, and how many more entries
 * may point at one target of each inverse relation.
 */
export interface Rise {
  readonly entries: ReadonlyMap<string, number>;
  readonly lists: ReadonlyMap<string, number>;
  readonly inverse: ReadonlyMap<string, number>;
}

/**
 * The rise of `changes`, without reading the store: a put not in `prior` may add an entry; a put
 * holds its own lists; an owning relation that now holds a target its document did not hold
 * before (`prior`; without it, every target is taken as new) may point once more at one target.
 */
export function riseOf(model: ContentModel, changes: readonly Change[], prior?: PriorDocs): Rise {
  const byCollection = byCollectionOf(model);
  const entries = new Map<string, number>();
  const lists = new Map<string, number>();
  const inverse = new Map<string, number>();
  const note = (key: string, size: number) => lists.set(key, Math.max(lists.get(key) ?? 0, size));
  for (const change of changes) {
    const ct = byCollection.get(change.collection);
    if (!ct || change.op !== 'put') continue;
    const before = prior?.get(priorKey(change.collection, change.doc.id));
    if (!before) entries.set(ct.uid, (entries.get(ct.uid) ?? 0) + 1);
    measureEntry(model, ct, change.doc, note);
    for (const attribute of inverseSides(ct)) {
      const held = new Set(asList(before?.[attribute.name]));
      if (!asList(change.doc[attribute.name]).some((id) => !held.has(id))) continue;
      const key = listKey(attribute.target, attribute.inversedBy!);
      inverse.set(key, (inverse.get(key) ?? 0) + 1);
    }
  }
  return { entries, lists, inverse };
}

/**
 * `measured` raised by `rise` (the same object when nothing rose). Bounds only grow (a deletion or
 * a shorter list leaves them): a little loose until measured again.
 */
export function raised(measured: Cardinality, rise: Rise): Cardinality {
  if (!risesAbove(measured, rise)) return measured;
  const entries = new Map(measured.entries);
  const lists = new Map(measured.lists);
  for (const [uid, added] of rise.entries) entries.set(uid, (entries.get(uid) ?? 0) + added);
  for (const [key, size] of rise.lists) lists.set(key, Math.max(lists.get(key) ?? 0, size));
  for (const [key, added] of rise.inverse) lists.set(key, (lists.get(key) ?? 0) + added);
  return { entries, lists };
}

function risesAbove(measured: Cardinality, rise: Rise): boolean {
  if (rise.entries.size > 0 || rise.inverse.size > 0) return true;
  for (const [key, size] of rise.lists) if (size > (measured.lists.get(key) ?? 0)) return true;
  return false;
}

/** `measured` raised to hold after `changes` (see {@link riseOf}). */
export function raisedBy(model: ContentModel, measured: Cardinality, changes: readonly Change[], prior?: PriorDocs): Cardinality {
  return raised(measured, riseOf(model, changes, prior));
}

/** No data measured: every list may hold as much as its limit allows. */
export const UNMEASURED: Cardinality = { entries: new Map(), lists: new Map() };
