// Which entry a write names, and in which locale: an update or delete reads its entry (any
// publication state) by id, or a single type's by locale; a create's locale is the one asked,
// the body's, or the default, and must be one the gateway serves.
import { ApplicationError, NotFoundError, ServiceUnavailableError } from '../../errors/errors.ts';
import { localeFilter } from '../../query/read.ts';
import type { ContentType } from '../../model/types.ts';
import type { Doc } from '../../store/store.ts';
import type { RequestScope } from '../scope.ts';
import type { Writer } from './writer.ts';

/** The scope's writer; a gateway built without one (tools) cannot write. */
export function writerOf(scope: RequestScope): Writer {
  if (!scope.writer) throw new ServiceUnavailableError('This gateway does not accept writes');
  return scope.writer;
}

/** The stored entry a write names, or undefined (a single type's entry may not exist yet). */
export async function storedEntry(scope: RequestScope, type: ContentType, id: string | number | null | undefined, locale: string | null | undefined): Promise<Doc | undefined> {
  const store = writerOf(scope).store;
  if (type.kind === 'singleType') {
    const [doc] = await store.find(type.collectionName, localeFilter(type, checkedLocale(scope, type, locale), scope.locales), { limit: 1, sort: [['id', 1]] });
    return doc;
  }
  const number = Number(id);
  if (!Number.isInteger(number) || number < 1) return undefined;
  const [doc] = await store.find(type.collectionName, { id: number }, { limit: 1 });
  return doc;
}

/** The entry a write names. @throws NotFoundError when there is none, as Strapi answers. */
export async function existingEntry(scope: RequestScope, type: ContentType, id: string | number | null | undefined, locale?: string | null): Promise<Doc> {
  const doc = await storedEntry(scope, type, id, locale);
  if (!doc) throw new NotFoundError('Not Found');
  return doc;
}

/** A localized type's locale for a new entry: asked, else the body's, else the default. */
export function createLocale(scope: RequestScope, type: ContentType, asked: string | null | undefined, data: unknown): string | undefined {
  if (!type.localized) return undefined;
  const given = data !== null && typeof data === 'object' ? (data as { locale?: unknown }).locale : undefined;
  return checkedLocale(scope, type, asked ?? (typeof given === 'string' ? given : undefined));
}

/** @throws ApplicationError for a locale the gateway does not serve, in Strapi's words. */
export function checkedLocale(scope: RequestScope, type: ContentType, locale: string | null | undefined): string | undefined {
  if (!type.localized) return undefined;
  const code = locale ?? scope.locales.defaultLocale;
  if (!scope.locales.codes.includes(code)) throw new ApplicationError("This locale doesn't exist");
  return code;
}
