// The seed while it is being built from an archive: plain JSON values in the import format,
// indexed by `uid#id` so that links, which arrive after the entities, can fill in relations.
import type { Component, ContentType } from '../model/types.ts';

/** An entry, media row or component item in the seed's JSON form. */
export type Values = Record<string, unknown>;

/** Where a row of the archive went: its owner's definition and its values in the seed. */
export interface Row {
  /** The archive's id of the entry or component item. */
  id: number;
  owner: ContentType | Component;
  values: Values;
  /** For a component item, the label of the entry holding it. */
  holder?: string;
}

/** How messages name a row: `api::article.article entry 3`, `shared.seo item 7 (in api::article.article entry 3)`. */
export function rowLabel(row: Row): string {
  return row.holder === undefined ? `${row.owner.uid} entry ${row.id}` : `${row.owner.uid} item ${row.id} (in ${row.holder})`;
}

export interface RoleRow {
  id: number;
  type: string;
  name: string;
  description: string | null;
}

export interface PermissionRow {
  id: number;
  action: string;
  /** The role it belongs to, from its `role` link. */
  role?: number;
}

export interface SeedDraft {
  locales: Array<{ code: string; name: string }>;
  roles: RoleRow[];
  permissions: Map<number, PermissionRow>;
  media: Values[];
  /** Entries by content-type uid, in archive order, each with its `id`. */
  entries: Map<string, Values[]>;
  /** Every entry, media row and component item by `uid#id` (component ids are the archive's). */
  rows: Map<string, Row>;
  /** Lines for the import report: what was left out, and why. */
  notes: string[];
  /** Problems that make the archive unusable, each naming its row. */
  problems: string[];
}

export const rowKey = (uid: string, id: number) => `${uid}#${id}`;

/** Counts things left out by what they are, to report each kind once with its count. */
export class Tally {
  private readonly counts = new Map<string, number>();

  add(what: string, count = 1): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + count);
  }

  lines(prefix: string): string[] {
    return [...this.counts].map(([what, count]) => `${prefix} ${what} (${count})`);
  }
}
