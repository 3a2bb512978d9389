// A CheckedSeed -> store documents per collection, laid out as docs/storage.md says: ids,
// component item ids, timestamps, publication state and localization groups. Pure.
import { assertNever, MEDIA_UID, type ContentModel } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import type { CheckedEntry, CheckedFields, CheckedItem, CheckedSeed } from './checked.ts';

export interface BuildOptions {
  /** Import time: the timestamps the seed leaves out, and `publishedAt` when absent. */
  now: Date;
  /** The next free id for an item of this component uid (from its collection's counter). */
  nextComponentId(component: string): number;
}

/** Documents by collection name, media first, then content-types in model order. */
export type BuiltDocuments = Map<string, Doc[]>;

/** How many items of each component (by uid) the seed holds, so ids can be reserved at once. */
export function countComponentItems(seed: CheckedSeed): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (fields: CheckedFields): void => {
    for (const item of items(fields)) {
      counts.set(item.component, (counts.get(item.component) ?? 0) + 1);
      visit(item.fields);
    }
  };
  for (const entries of seed.entries.values()) for (const entry of entries) visit(entry.fields);
  return counts;
}

export function buildDocuments(model: ContentModel, seed: CheckedSeed, options: BuildOptions): BuiltDocuments {
  const built: BuiltDocuments = new Map();
  const uids = [MEDIA_UID, ...[...model.contentTypes.keys()].filter((uid) => uid !== MEDIA_UID)];
  for (const uid of uids) {
    const entries = seed.entries.get(uid);
    if (!entries) continue;
    const contentType = model.contentTypes.get(uid)!;
    const ids = assignIds(entries);
    const groups = localizationGroups(entries, ids);
    const docs = entries.map((entry, index): Doc => {
      const doc: Doc = { id: ids[index], ...storedFields(entry.fields, options) };
      doc.createdAt = entry.createdAt ?? options.now;
      doc.updatedAt = entry.updatedAt ?? options.now;
      if (contentType.draftAndPublish) doc.publishedAt = entry.publishedAt === undefined ? options.now : entry.publishedAt;
      if (contentType.localized) {
        doc.locale = entry.locale;
        doc.localizations = (groups.get(index) ?? []).filter((id) => id !== ids[index]);
      }
      return doc;
    });
    built.set(contentType.collectionName, docs);
  }
  return built;
}

/** Given ids are kept; entries without one get ids after the largest given, in seed order. */
function assignIds(entries: readonly CheckedEntry[]): number[] {
  let next = entries.reduce((most, entry) => Math.max(most, entry.id ?? 0), 0);
  return entries.map((entry) => entry.id ?? ++next);
}

/** Entry index -> the ids of its whole localization group (itself included), ascending. */
function localizationGroups(entries: readonly CheckedEntry[], ids: readonly number[]): Map<number, number[]> {
  const rootOf = entries.map((entry, index) => entry.localizationOf ?? ids[index]);
  const members = new Map<number, number[]>();
  rootOf.forEach((root, index) => members.set(root, [...(members.get(root) ?? []), ids[index]]));
  return new Map(rootOf.map((root, index) => [index, [...members.get(root)!].sort((a, b) => a - b)]));
}

function storedFields(fields: CheckedFields, options: BuildOptions): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const [name, field] of fields) {
    switch (field.kind) {
      case 'value':
        stored[name] = field.value;
        break;
      case 'component':
        stored[name] = field.item && storedItem(field.item, options);
        break;
      case 'components':
        stored[name] = field.items.map((item) => storedItem(item, options));
        break;
      default:
        assertNever(field, 'checked value');
    }
  }
  return stored;
}

function storedItem(item: CheckedItem, options: BuildOptions): Record<string, unknown> {
  const id = options.nextComponentId(item.component);
  const fields = storedFields(item.fields, options);
  return item.zone ? { __component: item.component, id, ...fields } : { id, ...fields };
}

function* items(fields: CheckedFields): Generator<CheckedItem> {
  for (const field of fields.values()) {
    if (field.kind === 'component' && field.item) yield field.item;
    if (field.kind === 'components') yield* field.items;
  }
}
