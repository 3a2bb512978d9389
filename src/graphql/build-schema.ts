// ContentModel -> executable GraphQLSchema: the type definitions of schema/type-defs.ts joined
// with the resolvers of resolve/. The same schema serves /graphql and every REST request.
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import {
  componentTypeName,
  dynamicZoneInputName,
  dynamicZoneUnionName,
  entityName,
  enumName,
  enumValueName,
  typeName,
} from '../model/naming.ts';
import type { AttributeOwner, ContentModel } from '../model/types.ts';
import type { Doc } from '../store/store.ts';
import type { RequestScope } from '../operations/scope.ts';
import { attributeResolvers, dynamicZoneTypeResolver } from './resolve/attributes.ts';
import { carried } from './resolve/branch-state.ts';
import { paginationFields } from '../operations/find.ts';
import { rootResolvers } from './resolve/root.ts';
import { mutationResolvers } from './resolve/mutations.ts';
import { dynamicZoneInputScalar, scalarResolvers } from './schema/scalars.ts';
import { buildTypeDefs } from './schema/type-defs.ts';

// Resolver maps are heterogeneous by nature (scalars, enums, unions, objects), hence `any` values.
export function buildGraphQLSchema(model: ContentModel): GraphQLSchema {
  const resolvers: Record<string, any> = {
    ...scalarResolvers,
    Query: rootResolvers(model),
    Mutation: mutationResolvers(model),
    Pagination: paginationFields,
  };
  const owners: Array<[AttributeOwner, string]> = [
    ...[...model.components.values()].map((c) => [c, componentTypeName(c)] as [AttributeOwner, string]),
    ...[...model.contentTypes.values()].map((ct) => [ct, typeName(ct)] as [AttributeOwner, string]),
  ];
  for (const [owner, type] of owners) {
    resolvers[type] = attributeResolvers(model, owner);
    for (const attribute of owner.attributes.values()) {
      if (attribute.type === 'enumeration') {
        resolvers[enumName(type, attribute.name)] = Object.fromEntries(attribute.values.map((v) => [enumValueName(v), v]));
      }
      if (attribute.type === 'dynamiczone') {
        const union = dynamicZoneUnionName(type, attribute.name);
        resolvers[union] = { __resolveType: dynamicZoneTypeResolver(model) };
        const members = attribute.components.map((uid) => ({ typeName: componentTypeName(model.components.get(uid)!), uid }));
        resolvers[dynamicZoneInputName(union)] = dynamicZoneInputScalar(dynamicZoneInputName(union), members);
      }
    }
  }
  for (const ct of model.contentTypes.values()) {
    resolvers[entityName(typeName(ct))] = {
      id: (doc: Doc) => String(doc.id),
      // Each entry is a point where a large answer lets other requests run (Pacing.pace); the
      // caller sees the attributes the access module lets it read, in the state of the entry's branch.
      attributes: (doc: Doc, _args: unknown, scope: RequestScope) => scope.pacing.pace(carried(doc, scope.access.view(ct, doc))),
    };
  }
  resolvers.GenericMorph = { __resolveType: () => undefined };
  return makeExecutableSchema({ typeDefs: buildTypeDefs(model), resolvers });
}
