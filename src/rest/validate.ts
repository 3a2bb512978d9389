// Raw query (qs output, `unknown`) -> RestQuery for one content-type: the one boundary where the
// REST query string becomes typed. Checks every name against the model and the caller's role.
import type { ContentType } from '../model/types.ts';
import { checkedLocaleCode } from '../query/read.ts';
import { type Scope, defaultFields, invalidValue, isRecord } from './attributes.ts';
import { MAX_PAGE_SIZE, type Pagination, type PublicationState, type RestQuery, type Selection } from './query.ts';
import type { ReadRoute } from './read-route.ts';
import { validateFields } from './validate-fields.ts';
import { validateFilters } from './validate-filters.ts';
import { validatePagination } from './validate-pagination.ts';
import { validatePopulate } from './validate-populate.ts';
import { validateSort } from './validate-sort.ts';

export interface ValidationScope extends Scope {
  /** Locale codes the gateway knows. */
  readonly locales: readonly string[];
}

/**
 * Validates a parsed query string for `target`. Unknown top-level parameters are ignored, as
 * Strapi does; `locale` is read only for localized types. The media library (`files`) and the
 * users (`users`) answer plain lists, as their plugins give them, never with a count: every entry
 * up to the maximum page size unless top-level `start`/`limit` say otherwise (both plugins ignore
 * `pagination`). One file (`byId`) is answered whole, whatever `fields` says, as the upload plugin does.
 */
export function validateQuery(raw: unknown, target: ContentType, scope: ValidationScope, kind: ReadRoute['kind'] = 'entries', byId = false): RestQuery {
  const query = isRecord(raw) ? raw : {};
  const defaults = defaultFields(target, scope.access.readable);
  const fields = validateFields(kind === 'files' && byId ? undefined : query.fields, target, scope.access.readable, 'fields', true, defaults);
  return {
    selection: entrySelection(fields, defaults, validatePopulate(query.populate, target, scope)),
    filters: validateFilters(query.filters, target, scope),
    sort: validateSort(query.sort, target, scope),
    pagination: paginationFor(kind, query),
    locale: target.localized ? validateLocale(query.locale, scope.locales) : undefined,
    publicationState: validatePublicationState(query.publicationState),
  };
}

/**
 * The entry's fields and populate; when `fields` chose fewer than every default field, the
 * document selects them all (see {@link Selection.selected}): varied `fields` share a document.
 */
export function entrySelection(fields: readonly string[], defaults: readonly string[], populate: Selection['populate']): Selection {
  const same = fields === defaults || (fields.length === defaults.length && fields.every((name, i) => name === defaults[i]));
  return same ? { fields, populate } : { fields, selected: defaults, populate };
}

const EVERY_ENTRY: Pagination = { kind: 'offset', start: 0, limit: MAX_PAGE_SIZE, withCount: false };

function paginationFor(kind: ReadRoute['kind'], query: Record<string, unknown>): Pagination {
  switch (kind) {
    case 'entries':
      return validatePagination(query.pagination);
    case 'files':
    case 'users': {
      const { start, limit } = query;
      if (start === undefined && limit === undefined) return EVERY_ENTRY;
      return { ...validatePagination({ start: start ?? '0', limit: limit ?? String(MAX_PAGE_SIZE) }), withCount: false };
    }
  }
}

/**
 * A known locale code, or `all`, by the one locale rule (src/query/read.ts). An unknown code is
 * refused (400) rather than answered with an empty list, so a typo does not look like missing content.
 */
function validateLocale(raw: unknown, locales: readonly string[]): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw invalidValue('locale', 'a locale code or all', raw);
  return checkedLocaleCode(raw, locales, { all: true });
}

function validatePublicationState(raw: unknown): PublicationState | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'live' || raw === 'preview') return raw;
  throw invalidValue('publicationState', 'live or preview', raw);
}
