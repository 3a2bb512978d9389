// What checking one write's `data` gathers while it walks the attributes (entry, components,
// zone items): the problems in Strapi's order, and the store checks left for after the walk.
import type { AttributeOwner, ContentModel, ScalarAttribute } from '../../model/types.ts';
import type { EntryData } from './entry-data.ts';
import type { RelationInput } from './relations-input.ts';
import type { Issue } from './validation-errors.ts';

/** An entry or component item being written: new (defaults, required) or an update of a stored one (partial). */
export type ItemMode = 'create' | 'update';

/** Checks `raw` against `owner`'s attributes, `stored` being the item it updates (if any). */
export type CheckFields = (owner: AttributeOwner, raw: Readonly<Record<string, unknown>>, path: readonly string[], mode: ItemMode, stored?: Readonly<Record<string, unknown>>) => EntryData;

export interface Walk {
  readonly model: ContentModel;
  /** The write leaves or makes the entry a draft: `required` (and a list's `min`) are not enforced. */
  readonly draft: boolean;
  /** Whether the entry itself is updated: then a component `id` must be one the entry holds. */
  readonly updatesEntry: boolean;
  readonly issues: Issue[];
  /** Date kinds' messages; Strapi answers the first, without details, once nothing else is wrong. */
  readonly formats: string[];
  /** Component attributes naming an item id the entry does not hold. */
  readonly foreign: string[];
  /** Relation and media inputs with the ids the item holds there now (for `connect` positions), when it stores them. */
  readonly relations: Array<{ readonly target: string; readonly input: RelationInput; readonly current?: readonly number[] }>;
  /** Unique values to look up; `at` is where in `issues` Strapi lists a clash. */
  readonly unique: Array<{ readonly at: number; readonly path: readonly string[]; readonly attribute: ScalarAttribute; readonly value: unknown }>;
  /** New passwords, hashed in place once the whole body has passed (their FieldWrite's `value` is a PlainPassword until then). */
  readonly passwords: Array<{ value: unknown }>;
  readonly fields: CheckFields;
}
