// The typed REST query: what `validate.ts` makes of Strapi's query string for one content-type,
// and what `document.ts` and `reshape.ts` read. Nothing after validation re-checks these shapes.
import type { ListOperator, PresenceOperator, ValueOperator } from '../query/operators.ts';

/** What one entry or component item returns: scalar fields, and what is populated inside it. */
export interface Selection {
  /** Scalar attributes (and `createdAt`, `updatedAt`, `publishedAt`, `locale`) to return. */
  readonly fields: readonly string[];
  /**
   * The scalar fields the GraphQL document selects, when more than `fields`: an entry's every
   * default field, so its document does not vary with `fields` (one compiled document serves every
   * choice of them) and the answer shows `fields` alone, in their order. Absent: `fields`.
   */
  readonly selected?: readonly string[];
  /** Populated attributes by name, in the order they were asked for. */
  readonly populate: ReadonlyMap<string, PopulateNode>;
}

/** Arguments a populated list (to-many relation, multiple media, repeatable component) takes. */
export interface ListArguments {
  readonly filters?: EntryFilter;
  /** `field:asc` / `field:desc` entries, validated. */
  readonly sort: readonly string[];
}

/** A relation, or `localizations`: entries of another (or the same) content-type. */
export interface RelationNode extends ListArguments {
  readonly kind: 'relation';
  /** uid of the target content-type. */
  readonly target: string;
  readonly toMany: boolean;
  readonly selection: Selection;
}

/** A media field: entries of the media library (`plugin::upload.file`). */
export interface MediaNode extends ListArguments {
  readonly kind: 'media';
  readonly multiple: boolean;
  readonly selection: Selection;
}

export interface ComponentNode extends ListArguments {
  readonly kind: 'component';
  /** Component uid, `<category>.<name>`. */
  readonly component: string;
  readonly repeatable: boolean;
  readonly selection: Selection;
}

/**
 * A dynamic zone. `parts` holds a selection for each component type returned; items of a type
 * missing from `parts` are left out of the zone (Strapi's detailed `on` strategy).
 */
export interface DynamicZoneNode {
  readonly kind: 'dynamiczone';
  readonly parts: ReadonlyMap<string, Selection>;
}

export type PopulateNode = RelationNode | MediaNode | ComponentNode | DynamicZoneNode;

/** A filter value, already of the attribute's scalar type (Int, Float, Boolean, or a string). */
export type FilterValue = string | number | boolean;


/** The conditions on one scalar field (`{ gt: 1, lt: 10 }`), ANDed, with an optional `not`. */
export interface ScalarCondition {
  readonly values: ReadonlyMap<ValueOperator, FilterValue>;
  readonly lists: ReadonlyMap<ListOperator, readonly FilterValue[]>;
  readonly presence: ReadonlyMap<PresenceOperator, boolean>;
  readonly not?: ScalarCondition;
}

export type FieldFilter =
  | { readonly kind: 'scalar'; readonly condition: ScalarCondition }
  /** A relation, component or `localizations`: a filter on the entries or items it holds. */
  | { readonly kind: 'nested'; readonly filter: EntryFilter };

/** A filter on one content-type or component: its fields, ANDed, plus `$and`, `$or`, `$not`. */
export interface EntryFilter {
  readonly fields: ReadonlyMap<string, FieldFilter>;
  readonly and?: readonly EntryFilter[];
  readonly or?: readonly EntryFilter[];
  readonly not?: EntryFilter;
}

export type Pagination =
  | { readonly kind: 'page'; readonly page: number; readonly pageSize: number; readonly withCount: boolean }
  | { readonly kind: 'offset'; readonly start: number; readonly limit: number; readonly withCount: boolean };

export type PublicationState = 'live' | 'preview';

/** A REST `publicationState` as the GraphQL schema's enum names it (`LIVE`, `PREVIEW`). */
export function graphqlPublicationState(state: PublicationState | undefined): 'LIVE' | 'PREVIEW' | undefined {
  return state === undefined ? undefined : state === 'live' ? 'LIVE' : 'PREVIEW';
}

/** The state a REST read holds for the whole request (RequestScope.publicationState): LIVE unless asked. */
export function requestPublicationState(state: PublicationState | undefined): 'LIVE' | 'PREVIEW' {
  return graphqlPublicationState(state) ?? 'LIVE';
}

export interface RestQuery {
  readonly selection: Selection;
  readonly filters?: EntryFilter;
  readonly sort: readonly string[];
  readonly pagination: Pagination;
  /** A locale code, or `all`; absent means the default locale. Only for localized types. */
  readonly locale?: string;
  /** Absent when the request did not name one (live). */
  readonly publicationState?: PublicationState;
}

/** REST's page size when none is given, and the most a page may hold (Strapi's defaults). */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** The most related items returned per populated to-many relation (GraphQL's own maximum). */
export const MAX_RELATED_ITEMS = 100;
/**
 * The most levels a populate tree, or a sort path, may go through. The object form cannot go
 * deeper anyway (qs reads 20 brackets, two per level); this also bounds `a.b.c…` dot paths.
 */
export const MAX_NESTING = 10;
