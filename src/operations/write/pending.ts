// The documents one write changes, gathered before anything is written: each is read from the
// store once, changed in this buffer as many times as the write needs (a relation's other side,
// a localization's siblings), and handed to the store as one atomic list of changes.
import type { BeforeOf } from '../../store/collection-reads.ts';
import type { Change, Doc, Filter } from '../../store/store.ts';
import { LastPlaces } from './last-places.ts';
import { idsOf } from './relations.ts';
import type { Writer } from './writer.ts';

export class PendingWrite {
  private readonly docs = new Map<string, Map<number, Doc>>();
  private readonly removed = new Map<string, Set<number>>();
  /** Each document as the store held it when this write first read it: what a change replaces. */
  private readonly stored = new Map<string, Doc>();

  constructor(
    private readonly store: Writer['store'],
    /** The last places of ordered lists the gateway remembers (none: each is read). */
    readonly places: LastPlaces = new LastPlaces(false),
  ) {}

  /**
   * The documents of `collection` the store holds matching `filter`, each as this write has changed
   * it so far (matched as stored: for lookups this write's changes cannot bring a document into,
   * such as a deleted file's id in the entries' media paths).
   */
  async find(collection: string, filter: Filter): Promise<Doc[]> {
    const stored = await this.store.find(collection, filter);
    for (const doc of stored) this.remember(collection, doc);
    const gone = this.removed.get(collection);
    return stored.filter((doc) => !gone?.has(doc.id)).map((doc) => this.docs.get(collection)?.get(doc.id) ?? doc);
  }

  /**
   * The documents of `collection` holding one of `ids` through the relation field `field` (but
   * `except`), as this write has changed them so far: one it made hold an id is found, one it made
   * let go is not (a category made its own parent, then given other children).
   */
  async holding(collection: string, field: string, ids: readonly number[], except?: number): Promise<Doc[]> {
    const filter: Filter = { [field]: ids.length === 1 ? ids[0] : { $in: [...ids] }, ...(except === undefined ? {} : { id: { $ne: except } }) };
    const found = await this.find(collection, filter);
    const held = this.docs.get(collection);
    if (!held) return found;
    const wanted = new Set(ids);
    const holds = (doc: Doc) => doc.id !== except && idsOf(doc[field]).some((id) => wanted.has(id));
    const foundIds = new Set(found.map((doc) => doc.id));
    return [...found.filter((doc) => !held.has(doc.id) || holds(doc)), ...[...held.values()].filter((doc) => !foundIds.has(doc.id) && holds(doc))];
  }

  /** One document by id, as this write has changed it so far; undefined when there is none. */
  async get(collection: string, id: number): Promise<Doc | undefined> {
    if (this.removed.get(collection)?.has(id)) return undefined;
    const held = this.docs.get(collection)?.get(id);
    if (held) return held;
    const [doc] = await this.store.find(collection, { id }, { limit: 1 });
    if (doc) this.remember(collection, doc);
    return doc;
  }

  private remember(collection: string, doc: Doc): void {
    const key = `${collection}#${doc.id}`;
    if (!this.stored.has(key)) this.stored.set(key, doc);
  }

  /** The stored documents this write read before changing them (undefined: not read, or new). */
  readonly replaced: BeforeOf = (collection, id) => this.stored.get(`${collection}#${id}`);

  /** Sets the document's new content (whole). */
  put(collection: string, doc: Doc): void {
    if (!this.docs.has(collection)) this.docs.set(collection, new Map());
    this.docs.get(collection)!.set(doc.id, doc);
    this.removed.get(collection)?.delete(doc.id);
  }

  /** Changes one field of a document this write may already have changed. */
  async update(collection: string, id: number, change: (doc: Doc) => Doc): Promise<void> {
    const doc = await this.get(collection, id);
    if (doc) this.put(collection, change(doc));
  }

  remove(collection: string, id: number): void {
    this.docs.get(collection)?.delete(id);
    if (!this.removed.has(collection)) this.removed.set(collection, new Set());
    this.removed.get(collection)!.add(id);
  }

  /** The changes, puts first, in the order documents were first changed. */
  changes(): Change[] {
    const puts: Change[] = [...this.docs].flatMap(([collection, docs]) => [...docs.values()].map((doc): Change => ({ op: 'put', collection, doc })));
    const deletes: Change[] = [...this.removed].flatMap(([collection, ids]) => [...ids].map((id): Change => ({ op: 'delete', collection, id })));
    return [...puts, ...deletes];
  }
}
