// Raw query (qs output, `unknown`) -> RestQuery for one content-type: the one boundary where the
// REST query string becomes typed. Checks every name against the model and the caller's role.
import type { ContentType } from '../model/types.ts';
import { type Scope, invalidValue, isRecord } from './attributes.ts';
import { MAX_PAGE_SIZE, type Pagination, type PublicationState, type RestQuery } from './query.ts';
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
 * Strapi does; `locale` is read only for localized types. For the media library (`files`), the
 * answer is a plain list, as Strapi's upload plugin gives it: every file (up to the maximum page
 * size) unless `pagination` is given, and never a count.
 */
export function validateQuery(raw: unknown, target: ContentType, scope: ValidationScope, kind: 'entries' | 'files' = 'entries'): RestQuery {
  const query = isRecord(raw) ? raw : {};
  const pagination = validatePagination(query.pagination);
  return {
    selection: {
      fields: validateFields(query.fields, target),
      populate: validatePopulate(query.populate, target, scope),
    },
    filters: validateFilters(query.filters, target, scope),
    sort: validateSort(query.sort, target, scope),
    pagination: kind === 'entries' ? pagination : query.pagination === undefined ? EVERY_FILE : { ...pagination, withCount: false },
    locale: target.localized ? validateLocale(query.locale, scope.locales) : undefined,
    publicationState: validatePublicationState(query.publicationState),
  };
}

const EVERY_FILE: Pagination = { kind: 'offset', start: 0, limit: MAX_PAGE_SIZE, withCount: false };

/**
 * A known locale code, or `all`. An unknown code is refused (400) rather than answered with an
 * empty list, so a typo does not look like missing content.
 */
function validateLocale(raw: unknown, locales: readonly string[]): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw invalidValue('locale', 'a locale code or all', raw);
  if (raw !== 'all' && !locales.includes(raw)) throw invalidValue('locale', `one of ${[...locales, 'all'].join(', ')}`, raw);
  return raw;
}

function validatePublicationState(raw: unknown): PublicationState | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'live' || raw === 'preview') return raw;
  throw invalidValue('publicationState', 'live or preview', raw);
}
