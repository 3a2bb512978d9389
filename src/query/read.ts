// Reads entries of one content-type: the filter every read adds (publication state, locale),
// and the single store call that runs a filter with a sort plan and an optional window.
import { ValidationError } from '../errors/errors.ts';
import type { ContentModel, ContentType, RelationAttribute } from '../model/types.ts';
import type { Doc, Filter, ReadStore } from '../store/store.ts';
import { setOwn } from '../own-property.ts';
import type { LocaleSettings } from '../auth/settings.ts';
import { compileFilters, type FilterScope } from './filters.ts';
import { LINK_ORDER_FIELDS, linkOrderStages } from './link-order.ts';
import type { SortPlan } from './sort.ts';

export type PublicationState = 'LIVE' | 'PREVIEW';

/** Live reads never see drafts, at any depth. */
export function publicationFilter(ct: ContentType, state: PublicationState | null | undefined): Filter {
  return ct.draftAndPublish && state !== 'PREVIEW' ? { publishedAt: { $ne: null } } : {};
}

/** `locale` absent means the default locale; `all` means every locale. */
export function localeFilter(ct: ContentType, locale: string | null | undefined, locales: LocaleSettings): Filter {
  if (!ct.localized || locale === 'all') return {};
  return { locale: checkedLocaleCode(locale ?? locales.defaultLocale, locales.codes, { all: true }) };
}

/**
 * The one locale rule: a code a request names must be one the gateway serves; `all` (every
 * locale) only where a request reads several (`all: true`), never where it names one entry's.
 * @throws ValidationError `Invalid locale xx: expected one of en, fr, all`.
 */
export function checkedLocaleCode(code: string, codes: readonly string[], options: { all: boolean }): string {
  if (codes.includes(code) || (options.all && code === 'all')) return code;
  const expected = options.all ? [...codes, 'all'] : codes;
  throw new ValidationError(`Invalid locale ${code}: expected one of ${expected.join(', ')}`, { locale: code });
}

/** Every filter at once; an `$and` among them is spread, so one conjunction stays one level deep. */
export function and(...filters: Filter[]): Filter {
  const parts = filters.flatMap((f) => (Object.keys(f).length === 1 && Array.isArray(f.$and) ? (f.$and as Filter[]) : [f])).filter((f) => Object.keys(f).length > 0);
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0] : { $and: parts };
}

/**
 * What filters and sorts read besides their input: the store, which content-types the caller may
 * list, and which related entries count (published ones only, in the live state).
 */
export function filterScope(model: ContentModel, store: ReadStore, access: FilterScope['access'], state: PublicationState | null | undefined): FilterScope {
  return {
    model,
    lookup: async (ct, filter, field) => {
      const docs = await store.find(ct.collectionName, filter, { projection: { [field]: 1 } });
      return docs.map((d) => d[field] ?? null);
    },
    access,
    visible: (ct) => publicationFilter(ct, state),
  };
}

/**
 * The entries of `type` a read may answer: those the caller's `filters` select (through the
 * relations it may `find`, as compiled by filters.ts), drafts hidden unless the state is PREVIEW.
 * Root lists and populated relations both read through it: the one place these rules meet.
 */
export async function visibleEntries(scope: FilterScope, type: ContentType, filters: Record<string, unknown> | null | undefined, state: PublicationState | null | undefined): Promise<Filter> {
  return and(await compileFilters(scope, type, filters), publicationFilter(type, state));
}

export interface Window {
  skip: number;
  limit: number;
}

/** One store call: `find` when the sort stays on the document, `aggregate` when it follows a relation. */
export async function readEntries(store: ReadStore, ct: ContentType, filter: Filter, sort: SortPlan, window?: Window): Promise<Doc[]> {
  if (sort.lookups.length === 0) {
    return store.find(ct.collectionName, filter, { sort: sort.keys, skip: window?.skip, limit: window?.limit });
  }
  const pipeline: Filter[] = [
    { $match: filter },
    ...sort.lookups,
    { $sort: Object.fromEntries(sort.keys) },
    ...(window?.skip ? [{ $skip: window.skip }] : []),
    ...(window ? [{ $limit: window.limit }] : []),
    { $project: Object.fromEntries(sort.temporary.map((field) => [field, 0])) },
  ];
  return store.aggregate(ct.collectionName, pipeline);
}

/** Where each entry's parent id is unwound to while grouping; never leaves the query. */
const PARENT = '__parent';

/**
 * For each parent id, the first `n` entries in sort order whose `field` holds it (a single id or
 * a list of ids): one aggregation whose answer is bounded by parents × n, however many entries
 * each parent has. Needs MongoDB 5.2 or later (`$firstN`). With `linkOrder` (the owning relation
 * `field` is, when the read has no sort of its own), each parent's entries come in link order.
 */
export async function readPerParent(
  store: ReadStore, ct: ContentType, filter: Filter, sort: SortPlan, field: string, parentIds: readonly number[], n: number, linkOrder?: RelationAttribute,
): Promise<Map<number, Doc[]>> {
  const rowsPerLink: Filter[] = linkOrder
    ? linkOrderStages(linkOrder, PARENT, parentIds, sort.keys)
    : [
        ...sort.lookups,
        { $sort: Object.fromEntries(sort.keys) },
        { $addFields: { [PARENT]: `$${field}` } },
        { $unwind: `$${PARENT}` },
        { $match: { [PARENT]: { $in: [...parentIds] } } },
      ];
  const pipeline: Filter[] = [
    { $match: filter },
    ...rowsPerLink,
    { $group: { _id: `$${PARENT}`, docs: { $firstN: { input: '$$ROOT', n } } } },
    // The store drops every `_id` (MongoDB's own ids), so the parent travels under another name.
    { $project: { _id: 0, parent: '$_id', docs: 1 } },
  ];
  const rows = (await store.aggregate(ct.collectionName, pipeline)) as unknown as Array<{ parent: number; docs: Doc[] }>;
  const temporary = new Set([PARENT, ...sort.temporary, ...(linkOrder ? LINK_ORDER_FIELDS : [])]);
  const byParent = new Map<number, Doc[]>();
  for (const row of rows) byParent.set(row.parent, row.docs.map((doc) => withoutFields(doc, temporary)));
  return byParent;
}

/** `doc` without the fields a pipeline added to it. */
function withoutFields(doc: Doc, fields: ReadonlySet<string>): Doc {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(doc)) if (!fields.has(key)) setOwn(kept, key, doc[key]);
  return kept as Doc;
}
