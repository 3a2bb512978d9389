// A validated document -> the stored fields each content-type's entries need to answer it, for
// MongoDB to send only those (projection pushdown). Every selection of a content-type's attributes
// type anywhere in the document (fragments included) counts, so one projection per collection
// serves every read of that collection in the request; the entry's own fields (id, dates,
// locale, localizations) are always read.
import { type DocumentNode, type GraphQLSchema, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { type Attribute, type ContentModel, assertNever, isScalar } from '../model/types.ts';
import { entityName, typeName } from '../model/naming.ts';
import type { Projections } from '../query/projection.ts';


/** Fields every entry document keeps beside its attributes (docs/storage.md). */
const ENTRY_FIELDS = ['id', 'createdAt', 'updatedAt', 'publishedAt', 'locale', 'localizations'];

const byDocument = new WeakMap<DocumentNode, Projections>();

/** The projections of `document` (remembered per document: REST plans and yoga's parser reuse them). */
export function projectionsFor(model: ContentModel, schema: GraphQLSchema, document: DocumentNode): Projections {
  let found = byDocument.get(document);
  if (!found) byDocument.set(document, (found = analyse(model, schema, document)));
  return found;
}

function analyse(model: ContentModel, schema: GraphQLSchema, document: DocumentNode): Projections {
  const types = new Map([...model.contentTypes.values()].map((ct) => [typeName(ct), ct]));
  const entities = new Map([...model.contentTypes.values()].map((ct) => [entityName(typeName(ct)), ct]));
  const needed = new Map<string, Set<string>>();
  const fieldsOf = (collection: string) => {
    let fields = needed.get(collection);
    if (!fields) needed.set(collection, (fields = new Set(ENTRY_FIELDS)));
    return fields;
  };
  const typeInfo = new TypeInfo(schema);
  visit(document, visitWithTypeInfo(typeInfo, {
    Field(node) {
      const parent = typeInfo.getParentType();
      if (!parent) return;
      // `{ data { id } }` alone: the entry's own fields.
      const entity = entities.get(parent.name);
      if (entity) fieldsOf(entity.collectionName);
      const ct = types.get(parent.name);
      if (!ct) return;
      const fields = fieldsOf(ct.collectionName);
      const attribute = ct.attributes.get(node.name.value);
      const stored = attribute && storedField(attribute);
      if (stored) fields.add(stored);
    },
  }));
  return new Map([...needed].map(([collection, fields]) => [collection, Object.fromEntries([...fields].map((field) => [field, 1 as const]))]));
}

/** Where an attribute's value lives in its entry's document; undefined when it lives elsewhere. */
function storedField(attribute: Attribute): string | undefined {
  if (isScalar(attribute)) return attribute.name;
  switch (attribute.type) {
    case 'relation':
      // The owning side keeps the ids; the other side is found from the related entries.
      return attribute.side === 'owner' ? attribute.name : undefined;
    case 'media':
    case 'component':
    case 'dynamiczone':
      return attribute.name;
    default:
      return assertNever(attribute, 'attribute');
  }
}
