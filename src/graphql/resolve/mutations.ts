// Root mutation fields -> write operations: `createArticle(data, locale)` is a `create` (a draft
// unless `data.publishedAt` is given), `updateArticle` an `update`, `deleteArticle` a `delete`,
// `createArticleLocalization` a `createLocalization`; an update or delete of a missing id answers
// `{ data: null }`, as Strapi's. users-permissions' own mutations (sign-in, users, roles) run its
// operations (users-permissions.ts); the upload plugin's file mutations run the media library's
// operations (upload-mutations.ts); its folders' say they are not served yet.
import type { GraphQLFieldResolver } from 'graphql';
import { NotFoundError, NotImplementedError } from '../../errors/errors.ts';
import { mutationFieldNames } from '../../model/naming.ts';
import { USER_UID, type ContentModel, type ContentType } from '../../model/types.ts';
import type { Operation } from '../../operations/operation.ts';
import { runOperation } from '../../operations/run.ts';
import type { RequestScope } from '../../operations/scope.ts';
import { hasContentMutations, UPLOAD_FOLDER_MUTATION_FIELDS } from '../schema/mutation-defs.ts';
import { uploadMutationResolvers } from './upload-mutations.ts';
import { usersPermissionsResolvers } from './users-permissions.ts';
import { restWriteData } from './write-input.ts';

type Args = Record<string, unknown>;
type Resolver = GraphQLFieldResolver<unknown, RequestScope, Args>;

/** The features behind the plugins' mutations, and what serves them until then. */
const NOT_SERVED: ReadonlyArray<readonly [fields: readonly string[], feature: string]> = [
  [UPLOAD_FOLDER_MUTATION_FIELDS, 'managing upload folders: files are uploaded without one'],
];

export function mutationResolvers(model: ContentModel): Record<string, Resolver> {
  const resolvers: Record<string, Resolver> = {};
  for (const type of [...model.contentTypes.values()].filter(hasContentMutations)) {
    for (const [field, operation] of Object.entries(contentOperations(model, type))) {
      resolvers[field] = (_root, args, scope) => {
        const asked = operation(args);
        return answered(runOperation(scope, asked), asked.action);
      };
    }
  }
  if (model.contentTypes.has(USER_UID)) Object.assign(resolvers, usersPermissionsResolvers(model));
  Object.assign(resolvers, uploadMutationResolvers());
  for (const [fields, feature] of NOT_SERVED) {
    for (const field of fields) {
      resolvers[field] = () => {
        throw new NotImplementedError(`${field} is not served by this gateway yet (${feature})`);
      };
    }
  }
  return resolvers;
}

/**
 * An update or delete of an id that names no entry answers `{ data: null }` without an error, as
 * Strapi's GraphQL plugin answers it (REST's answer is a 404).
 */
async function answered(result: Promise<unknown>, action: Operation['action']): Promise<unknown> {
  try {
    return await result;
  } catch (error) {
    if (error instanceof NotFoundError && (action === 'update' || action === 'delete')) return { data: null };
    throw error;
  }
}

/** Each mutation field of `type` -> the operation its arguments make. */
export function contentOperations(model: ContentModel, type: ContentType): Record<string, (args: Args) => Operation> {
  const names = mutationFieldNames(type);
  const data = (args: Args) => restWriteData(model, type, args.data);
  const locale = (args: Args) => args.locale as string | null | undefined;
  const id = (args: Args) => args.id as string | null | undefined;
  const operations: Record<string, (args: Args) => Operation> = {
    [names.update]: (args) => ({ action: 'update', type, input: { id: id(args), data: data(args), locale: locale(args) } }),
    [names.delete]: (args) => ({ action: 'delete', type, input: { id: id(args), locale: locale(args) } }),
  };
  if (type.kind === 'collectionType') {
    operations[names.create] = (args) => ({ action: 'create', type, input: { data: data(args), locale: locale(args), publishByDefault: false } });
  }
  if (type.localized) {
    operations[names.createLocalization] = (args) => ({ action: 'createLocalization', type, input: { id: id(args), data: data(args), locale: locale(args) } });
  }
  return operations;
}
