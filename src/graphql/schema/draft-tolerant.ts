// The schema REST reads through: Strapi's, except that a required single value (a scalar, an
// enumeration, a single component) is nullable on a content type with draft & publish and on every
// component it holds, at any depth. A draft need not hold a required attribute, and REST answers
// it as Strapi's REST does, with the value null; GraphQL clients get Strapi's own schema, where
// such a draft fails its field as Strapi's GraphQL fails it (docs/decisions.md).
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { GraphQLNonNull, isListType, type GraphQLSchema } from 'graphql';
import { componentTypeName, typeName } from '../../model/naming.ts';
import { isScalar, type AttributeOwner, type Component, type ContentModel, type ContentType } from '../../model/types.ts';

/** `schema` with the required single values of draft holders nullable; `schema` itself when the model has none. */
export function draftTolerantSchema(model: ContentModel, schema: GraphQLSchema): GraphQLSchema {
  const relaxed = relaxedFields(model);
  if (relaxed.size === 0) return schema;
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (config, field, typeName) => {
      if (!relaxed.has(`${typeName}.${field}`) || !(config.type instanceof GraphQLNonNull) || isListType(config.type.ofType)) return config;
      return { ...config, type: config.type.ofType };
    },
  });
}

/** `Type.field` of every required single value on an owner whose entries may be drafts. */
function relaxedFields(model: ContentModel): Set<string> {
  const fields = new Set<string>();
  for (const [owner, type] of draftHolders(model)) {
    for (const attribute of owner.attributes.values()) {
      // The fields attribute-fields.ts marks non-null for a required attribute, lists aside (they answer []).
      const single = isScalar(attribute) || (attribute.type === 'component' && !attribute.repeatable);
      if (attribute.required && single) fields.add(`${type}.${attribute.name}`);
    }
  }
  return fields;
}

/** The content types with draft & publish and every component they hold, at any depth, with their GraphQL type names. */
function draftHolders(model: ContentModel): Array<[AttributeOwner, string]> {
  const found = new Map<string, [AttributeOwner, string]>();
  const visit = (owner: ContentType | Component, type: string) => {
    if (found.has(owner.uid)) return;
    found.set(owner.uid, [owner, type]);
    for (const attribute of owner.attributes.values()) {
      const uids = attribute.type === 'component' ? [attribute.component] : attribute.type === 'dynamiczone' ? attribute.components : [];
      for (const uid of uids) {
        const component = model.components.get(uid);
        if (component) visit(component, componentTypeName(component));
      }
    }
  };
  for (const type of model.contentTypes.values()) if (type.draftAndPublish) visit(type, typeName(type));
  return [...found.values()];
}
