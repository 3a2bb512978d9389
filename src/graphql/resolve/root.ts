// Root query fields -> operations: `articles(...)` is a `find`, `article(id)` and a single type's
// field a `findOne`, `me` the logged-in user. The operation layer authorizes and reads.
import type { GraphQLFieldResolver } from 'graphql';
import { collectionQueryField, singleQueryField } from '../../model/naming.ts';
import { USER_UID, hasRootQueries, type ContentModel } from '../../model/types.ts';
import type { FindInput, FindOneInput } from '../../operations/operation.ts';
import { runOperation } from '../../operations/run.ts';
import type { RequestScope } from '../../operations/scope.ts';

type Resolver = GraphQLFieldResolver<unknown, RequestScope, Record<string, unknown>>;

export function rootResolvers(model: ContentModel): Record<string, Resolver> {
  const resolvers: Record<string, Resolver> = model.contentTypes.has(USER_UID) ? { me: (_root, _args, scope) => runOperation(scope, { action: 'me' }) } : {};
  for (const type of [...model.contentTypes.values()].filter(hasRootQueries)) {
    resolvers[singleQueryField(type)] = (_root, args, scope) => runOperation(scope, { action: 'findOne', type, input: args as FindOneInput });
    if (type.kind === 'collectionType' || type.localized) {
      resolvers[collectionQueryField(type)] = (_root, args, scope) => runOperation(scope, { action: 'find', type, input: args as FindInput });
    }
  }
  return resolvers;
}
