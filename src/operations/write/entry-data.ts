// A write's `data`, checked and coerced: what the body asks to change on one entry (or on one
// component item), in the store's terms. Built from the raw body at one boundary (`input.ts`);
// the write operations (`create.ts`, `update.ts`, `delete.ts`) apply it to stored documents.

/** Where a connected id goes in a to-many relation, as Strapi's `connect` `position` says. */
export type Position =
  | { readonly kind: 'end' }
  | { readonly kind: 'start' }
  | { readonly kind: 'before'; readonly id: number }
  | { readonly kind: 'after'; readonly id: number };

/**
 * A change of a relation or media attribute. A plain id, an array of ids, `{ set }` and `null`
 * are `set` (`null` and `[]` clear it); `{ connect, disconnect }` edits the current list.
 * Duplicate ids are already dropped.
 */
export type RelationChange =
  | { readonly kind: 'set'; readonly ids: readonly number[] }
  | {
      readonly kind: 'edit';
      readonly connect: ReadonlyArray<{ readonly id: number; readonly position: Position }>;
      readonly disconnect: readonly number[];
    };

/** A component item in a body: with the `id` of an item the entry holds, it is updated in place. */
export interface ComponentWrite {
  /** The component's uid (`shared.seo`). */
  readonly component: string;
  readonly id?: number;
  readonly data: EntryData;
}

/** One attribute of a body, checked and in the store's form. */
export type FieldWrite =
  /** A scalar in its stored form (docs/storage.md): Date, bigint, a hashed password, JSON text, or null. */
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'relation'; readonly change: RelationChange }
  | { readonly kind: 'media'; readonly change: RelationChange }
  /** A single component; `null` removes it. */
  | { readonly kind: 'component'; readonly item: ComponentWrite | null }
  /** A repeatable component: the whole new list. */
  | { readonly kind: 'components'; readonly items: readonly ComponentWrite[] }
  /** A dynamic zone: the whole new list, each item naming its component. */
  | { readonly kind: 'zone'; readonly items: readonly ComponentWrite[] };

/**
 * The attributes a body names (and only those: what it leaves out is kept by an update and
 * defaulted by a create), keyed by attribute name. `publishedAt` is here when the body sets it.
 */
export type EntryData = ReadonlyMap<string, FieldWrite>;
