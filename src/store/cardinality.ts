// The content model + the store -> how many entries each collection holds and the most items any
// one entry (or component item) holds in each relation, media field, component list and zone.
// The cost estimate caps each list's limit with these, so its bound is what the data allows.
import {
  type Attribute,
  type AttributeOwner,
  type ContentModel,
  type RelationAttribute,
} from '../model/types.ts';
import type { Change, Doc, Store } from './store.ts';

export interface Cardinality {
  /** Content-type uid -> how many entries it has (every locale and state). */
  readonly entries: ReadonlyMap<string, number>;
  /** `<content-type or component uid>.<attribute>` -> the most items one owner holds there. */
  readonly lists: ReadonlyMap<string, number>;
}

export const listKey = (ownerUid: string, attribute: string) => `${ownerUid}.${attribute}`;

/**
 * Reads every content-type's documents once (projected to what holds lists) and measures them.
 * Inverse relations are measured from their owning side: the most entries pointing at one target.
 */
export async function measureCardinality(model: ContentModel, store: Store): Promise<Cardinality> {
  const entries = new Map<string, number>();
  const lists = new Map<string, number>();
  const note = (key: string, size: number) => lists.set(key, Math.max(lists.get(key) ?? 0, size));
  for (const ct of model.contentTypes.values()) {
    const docs = await store.find(ct.collectionName, {}, { projection: listProjection(ct) });
    entries.set(ct.uid, docs.length);
    for (const doc of docs) {
      measureOwner(model, ct, doc, note);
      if (ct.localized) note(listKey(ct.uid, 'localizations'), asList(doc.localizations).length);
    }
    for (const attribute of ct.attributes.values()) {
      if (attribute.type === 'relation' && attribute.side === 'owner' && attribute.inversedBy) {
        note(listKey(attribute.target, attribute.inversedBy), mostPointingAtOne(docs, attribute));
      }
    }
  }
  return { entries, lists };
}

/** Top-level attributes that hold lists or may (components hold them inside). */
function listProjection(owner: AttributeOwner & { localized?: boolean }): Record<string, 1> {
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
  for (const attribute of owner.attributes.values()) {
    const value = doc[attribute.name];
    switch (attribute.type) {
      case 'relation':
        if (attribute.side === 'owner') note(listKey(owner.uid, attribute.name), asList(value).length);
        break;
      case 'media':
        note(listKey(owner.uid, attribute.name), asList(value).length);
        break;
      case 'component': {
        const items = asList(value) as Array<Record<string, unknown>>;
        note(listKey(owner.uid, attribute.name), items.length);
        const component = model.components.get(attribute.component)!;
        for (const item of items) measureOwner(model, component, item, note);
        break;
      }
      case 'dynamiczone': {
        const items = asList(value) as Array<Record<string, unknown>>;
        note(listKey(owner.uid, attribute.name), items.length);
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

/** For an owning relation, the most of its entries that point at one target entry. */
function mostPointingAtOne(docs: readonly Doc[], attribute: RelationAttribute): number {
  const counts = new Map<unknown, number>();
  let most = 0;
  for (const doc of docs) {
    for (const id of new Set(asList(doc[attribute.name]))) {
      const count = (counts.get(id) ?? 0) + 1;
      counts.set(id, count);
      most = Math.max(most, count);
    }
  }
  return most;
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
}

/**
 * `measured` raised to hold after `changes`, without reading the store: a put may add an entry and
 * holds its own lists; each of its owning relations may point once more at one target. Bounds
 * only grow (a deletion or an update that shrinks a list leaves them), so they stay bounds, a
 * little loose, until the data is measured again.
 */
export function raisedBy(model: ContentModel, measured: Cardinality, changes: readonly Change[]): Cardinality {
  const byCollection = new Map([...model.contentTypes.values()].map((ct) => [ct.collectionName, ct]));
  const entries = new Map(measured.entries);
  const lists = new Map(measured.lists);
  const note = (key: string, size: number) => lists.set(key, Math.max(lists.get(key) ?? 0, size));
  for (const change of changes) {
    const ct = byCollection.get(change.collection);
    if (!ct || change.op !== 'put') continue;
    entries.set(ct.uid, (entries.get(ct.uid) ?? 0) + 1);
    measureOwner(model, ct, change.doc, note);
    if (ct.localized) note(listKey(ct.uid, 'localizations'), asList(change.doc.localizations).length);
    for (const attribute of ct.attributes.values()) {
      if (attribute.type === 'relation' && attribute.side === 'owner' && attribute.inversedBy && asList(change.doc[attribute.name]).length > 0) {
        const key = listKey(attribute.target, attribute.inversedBy);
        lists.set(key, (lists.get(key) ?? 0) + 1);
      }
    }
  }
  return { entries, lists };
}

/** No data measured: every list may hold as much as its limit allows. */
export const UNMEASURED: Cardinality = { entries: new Map(), lists: new Map() };
