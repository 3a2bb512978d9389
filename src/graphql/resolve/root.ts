// Root query fields -> operations: `articles(...)` is a `find`, `article(id)` and a single type's
// field a `findOne`, `me` the logged-in user. The operation layer authorizes and reads. The
// upload folders' and i18n locales' queries are refused as Strapi refuses them, or not served yet.
import type { GraphQLFieldResolver } from 'graphql';
import type { ContentVerb } from '../../access/actions.ts';
import { ForbiddenError, NotImplementedError } from '../../errors/errors.ts';
import { collectionQueryField, singleQueryField } from '../../model/naming.ts';
import { USER_UID, hasRootQueries, type ContentModel } from '../../model/types.ts';
import type { FindInput, FindOneInput } from '../../operations/operation.ts';
import { runOperation } from '../../operations/run.ts';
import type { RequestScope } from '../../operations/scope.ts';
import { inBranch } from './branch-state.ts';

type Resolver = GraphQLFieldResolver<unknown, RequestScope, Record<string, unknown>>;

export function rootResolvers(model: ContentModel): Record<string, Resolver> {
  const resolvers: Record<string, Resolver> = model.contentTypes.has(USER_UID) ? { me: (_root, _args, scope) => runOperation(scope, { action: 'me' }) } : {};
  for (const type of [...model.contentTypes.values()].filter(hasRootQueries)) {
    // The entries a root field answers carry its state to the relation fields below them (branch-state.ts).
    resolvers[singleQueryField(type)] = async (_root, args, scope) =>
      inBranch(scope, await runOperation(scope, { action: 'findOne', type, input: args as FindOneInput }), (args as FindOneInput).publicationState ?? undefined);
    if (type.kind === 'collectionType' || type.localized) {
      resolvers[collectionQueryField(type)] = async (_root, args, scope) =>
        inBranch(scope, await runOperation(scope, { action: 'find', type, input: args as FindInput }), (args as FindInput).publicationState ?? undefined);
    }
  }
  return { ...resolvers, ...pluginQueryResolvers() };
}

/** Fields of content-types the gateway does not hold (upload folders, i18n locales), with their uid and action. */
const PLUGIN_QUERIES: ReadonlyArray<readonly [field: string, uid: string, action: ContentVerb]> = [
  ['uploadFolder', 'plugin::upload.folder', 'findOne'],
  ['uploadFolders', 'plugin::upload.folder', 'find'],
  ['i18NLocale', 'plugin::i18n.locale', 'findOne'],
  ['i18NLocales', 'plugin::i18n.locale', 'find'],
];

/** A caller without the permission gets Strapi's `Forbidden access`; one with it learns the data is not served yet. */
function pluginQueryResolvers(): Record<string, Resolver> {
  return Object.fromEntries(
    PLUGIN_QUERIES.map(([field, uid, action]) => [
      field,
      (_root: unknown, _args: unknown, scope: RequestScope) => {
        if (!scope.access.may(action, uid)) throw new ForbiddenError('Forbidden access');
        throw new NotImplementedError(`${field} is not served by this gateway yet (${uid} entries are not kept)`);
      },
    ]),
  );
}
