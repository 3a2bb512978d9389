// `findOne`: one entry by id, or a single type's entry in one locale; drafts only in the preview
// state. An id that names nothing (or no integer) is no entry, not an error.
import { ValidationError } from '../errors/errors.ts';
import { and, localeFilter, publicationFilter } from '../query/read.ts';
import { collectionQueryField, singleQueryField } from '../model/naming.ts';
import type { ContentType } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import type { FindOneInput } from './operation.ts';
import type { RequestScope } from './scope.ts';

export async function findOne(scope: RequestScope, type: ContentType, input: FindOneInput): Promise<{ data: Doc | null }> {
  const single = type.kind === 'singleType';
  if (single && input.locale === 'all') {
    throw new ValidationError(`Invalid locale all: ${singleQueryField(type)} answers one entry; ${collectionQueryField(type)}(locale: "all") lists every locale's`);
  }
  const id = single ? undefined : Number(input.id);
  if (!single && !Number.isInteger(id)) return { data: null };
  const filter = and(
    id === undefined ? {} : { id },
    publicationFilter(type, input.publicationState),
    // By id, the id names one entry in one locale already; Strapi ignores `locale` there.
    single ? localeFilter(type, input.locale, scope.locales) : {},
  );
  const [doc] = await scope.store.find(type.collectionName, filter, { limit: 1, sort: [['id', 1]] });
  return { data: doc ?? null };
}
