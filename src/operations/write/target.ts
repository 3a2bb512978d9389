// Which entry a write names, and in which locale: an update or delete reads its entry (any
// publication state) by id, or a single type's by locale; a create's locale is the one asked or
// the body's (they must agree), else the default. A locale a write's request names is checked
// by the one locale rule reads follow (src/query/read.ts), and must be its entry's.
import { ApplicationError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors/errors.ts';
import { checkedLocaleCode, localeFilter } from '../../query/read.ts';
import type { ContentType } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { RequestScope } from '../scope.ts';
import { validationError } from './validation-errors.ts';
import type { Writer } from './writer.ts';

/** The scope's writer; a gateway built without one (tools) cannot write. */
export function writerOf(scope: RequestScope): Writer {
  if (!scope.writer) throw new ServiceUnavailableError('This gateway does not accept writes');
  return scope.writer;
}

/**
 * The locale a write's request names (REST's `?locale=`, GraphQL's `locale` argument) on a
 * localized type, checked as a read's is; a write names one locale, never `all`.
 * @throws ValidationError `Invalid locale xx: expected one of en, fr`.
 */
export function askedLocale(scope: RequestScope, type: ContentType, asked: string | null | undefined): string | undefined {
  if (!type.localized || asked === null || asked === undefined) return undefined;
  return checkedLocaleCode(asked, scope.locales.codes, { all: false });
}

/** The stored entry a write names, or undefined (a single type's entry may not exist yet). */
export async function storedEntry(scope: RequestScope, type: ContentType, id: string | number | null | undefined, locale: string | null | undefined): Promise<Doc | undefined> {
  const store = writerOf(scope).store;
  if (type.kind === 'singleType') {
    const [doc] = await store.find(type.collectionName, localeFilter(type, askedLocale(scope, type, locale), scope.locales), { limit: 1, sort: [['id', 1]] });
    return doc;
  }
  const number = Number(id);
  if (!Number.isInteger(number) || number < 1) return undefined;
  const [doc] = await store.find(type.collectionName, { id: number }, { limit: 1 });
  return doc;
}

/**
 * The entry a write names. An id names one entry in one locale: a locale asked besides it must be
 * that entry's (Strapi v4.25 writes the entry the id names whatever `?locale=` says).
 * @throws NotFoundError when there is none, as Strapi answers; ValidationError for a locale that
 * is unknown or not the entry's.
 */
export async function existingEntry(scope: RequestScope, type: ContentType, id: string | number | null | undefined, locale?: string | null): Promise<Doc> {
  const asked = type.kind === 'collectionType' ? askedLocale(scope, type, locale) : undefined;
  const doc = await storedEntry(scope, type, id, locale);
  if (!doc) throw new NotFoundError('Not Found');
  if (asked !== undefined && doc.locale !== asked) {
    throw new ValidationError(`Entry ${doc.id} is in locale ${String(doc.locale)}, not ${asked}: an id names one entry in one locale (its ${asked} localization has an id of its own)`, { locale: asked });
  }
  return doc;
}

/**
 * A localized type's locale for a new entry: the one the request asks (`?locale=`, GraphQL's
 * `locale`), or the body's `data.locale` (both given: they must agree), else the default.
 */
export function createLocale(scope: RequestScope, type: ContentType, asked: string | null | undefined, data: unknown): string | undefined {
  if (!type.localized) return undefined;
  const named = askedLocale(scope, type, asked);
  const given = data !== null && typeof data === 'object' ? (data as { locale?: unknown }).locale : undefined;
  if (typeof given !== 'string') return named ?? scope.locales.defaultLocale;
  const code = checkedLocale(scope, type, given);
  if (named !== undefined && named !== code) {
    throw validationError([{ path: ['locale'], message: `locale ${code} is not the locale the request asks for (${named}): a new entry has one locale` }]);
  }
  return code;
}

/** @throws ApplicationError for a body's locale the gateway does not serve, in Strapi's words. */
function checkedLocale(scope: RequestScope, type: ContentType, locale: string | null | undefined): string | undefined {
  if (!type.localized) return undefined;
  const code = locale ?? scope.locales.defaultLocale;
  if (!scope.locales.codes.includes(code)) throw new ApplicationError("This locale doesn't exist");
  return code;
}
