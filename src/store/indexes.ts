// A content-type -> the indexes docs/storage.md lists for its collection; and the start-up step
// that creates them for every content-type of a model.
import type { Attribute, ContentModel, ContentType, ScalarType } from '../model/types.ts';
import type { IndexSpec, Store } from './store.ts';

/**
 * `id` (unique), each owning relation and media field, `locale` (i18n), `publishedAt`
 * (draftAndPublish) with ordinary indexes named as MongoDB names them (`field_1`), so creating
 * them again is a no-op; and a unique index (`field_unique`) for each `uid` and `unique: true`
 * attribute. Strapi v4 holds those unique over the whole collection, every locale and drafts
 * included, and lets any number of entries leave them empty (test/fixtures/store/
 * strapi-unique-scope.json): the index is partial, over the documents whose value has the
 * attribute's stored type, so null and missing values never collide.
 */
export function indexesFor(contentType: ContentType): IndexSpec[] {
  const fields: string[] = [];
  const unique: IndexSpec[] = [];
  for (const attribute of contentType.attributes.values()) {
    const owning = (attribute.type === 'relation' && attribute.side === 'owner') || attribute.type === 'media';
    if (owning) fields.push(attribute.name);
    const uniqueIndex = uniqueIndexFor(attribute);
    if (uniqueIndex) unique.push(uniqueIndex);
  }
  if (contentType.localized) fields.push('locale');
  if (contentType.draftAndPublish) fields.push('publishedAt');
  return [
    { keys: { id: 1 }, unique: true, name: 'id_1' },
    ...[...new Set(fields)].map((field): IndexSpec => ({ keys: { [field]: 1 }, name: `${field}_1` })),
    ...unique,
  ];
}

function uniqueIndexFor(attribute: Attribute): IndexSpec | undefined {
  if (attribute.type === 'relation' || attribute.type === 'media' || attribute.type === 'component' || attribute.type === 'dynamiczone') return undefined;
  if (attribute.type !== 'uid' && !attribute.unique) return undefined;
  const name = attribute.name;
  return { keys: { [name]: 1 }, unique: true, partial: { [name]: { $type: storedType(attribute.type) } }, name: `${name}_unique` };
}

/** The BSON type a scalar is stored as (docs/mongodb.md, BSON mapping), by `$type` alias. */
function storedType(type: ScalarType): string {
  switch (type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'enumeration':
    case 'email':
    case 'password':
    case 'uid':
    case 'date':
    case 'time':
    case 'json':
      return 'string';
    case 'datetime':
    case 'timestamp':
      return 'date';
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'bool';
    default: {
      const unknownType: never = type;
      throw new Error(`No stored type for attribute type ${String(unknownType)}`);
    }
  }
}

/**
 * How the embedded store keeps an attribute besides the document: `key`, a key column (the scalars
 * reads may filter or sort on whose values stay short; long texts, JSON and passwords are tested
 * on the documents, passwords never filtered); `apart`, in the row's apart part (components and
 * dynamic zones: a list does not show them unless it populates them, and they make up most of an
 * entry's bytes); `document` for the rest.
 */
type StoredRole = 'key' | 'apart' | 'document';

function storedRole(attribute: Attribute): StoredRole {
  switch (attribute.type) {
    case 'string':
    case 'enumeration':
    case 'email':
    case 'uid':
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
    case 'date':
    case 'time':
    case 'datetime':
    case 'timestamp':
    case 'boolean':
      return attribute.private ? 'document' : 'key';
    case 'component':
    case 'dynamiczone':
      return 'apart';
    case 'text':
    case 'richtext':
    case 'json':
    case 'password':
    case 'relation':
    case 'media':
      return 'document';
    default: {
      const unknown: never = attribute;
      throw new Error(`No storage rule for attribute ${String((unknown as Attribute).type)}`);
    }
  }
}

function fieldsWithRole(contentType: ContentType, role: StoredRole): string[] {
  return [...contentType.attributes.values()].filter((attribute) => storedRole(attribute) === role).map((attribute) => attribute.name);
}

/** The attributes the embedded store keeps as key columns (see {@link StoredRole}). */
export function keyFieldsFor(contentType: ContentType): string[] {
  return fieldsWithRole(contentType, 'key');
}

/** The attributes the embedded store keeps apart (see {@link StoredRole}). */
export function apartFieldsFor(contentType: ContentType): string[] {
  return fieldsWithRole(contentType, 'apart');
}

/** Creates the indexes of every content-type's collection (the media library's included), and names its key and apart fields. */
export async function ensureModelIndexes(model: ContentModel, store: Store): Promise<void> {
  for (const contentType of model.contentTypes.values()) {
    await store.ensureIndexes(contentType.collectionName, indexesFor(contentType), {
      keyFields: [...keyFieldsFor(contentType), 'createdAt', 'updatedAt'],
      apartFields: apartFieldsFor(contentType),
    });
  }
}
