// The content model -> JSON Schemas (OpenAPI 3.1) of what the REST API answers: an entry per
// content-type, a schema per component, the list and single envelopes, the media library's plain
// files and Strapi's error envelope. Every attribute kind is mapped; private ones never appear.
import { exposedAttribute } from '../access/rules.ts';
import { componentTypeName, componentUid, typeName } from '../model/naming.ts';
import { assertNever, MEDIA_UID, USER_UID, isScalar, type Attribute, type ContentModel, type ContentType, type ScalarAttribute } from '../model/types.ts';
import { type Owner, isContentType, systemFields } from '../model/fields.ts';

export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });

/** Schema names, one place: `Post` -> `PostEntry`, `PostListResponse`, `PostResponse`. */
export const schemaNames = {
  entry: (ct: ContentType) => `${typeName(ct)}Entry`,
  list: (ct: ContentType) => `${typeName(ct)}ListResponse`,
  single: (ct: ContentType) => `${typeName(ct)}Response`,
  component: componentTypeName,
  file: 'UploadFile',
  user: 'UsersPermissionsUser',
  error: 'ErrorResponse',
} as const;

/** A scalar as answered: dates as ISO text, biginteger as a decimal string, JSON as itself. */
export function scalarSchema(attribute: Pick<ScalarAttribute, 'type'> & { values?: string[] }): Schema {
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'uid':
    case 'password':
      return { type: 'string' };
    case 'email':
      return { type: 'string', format: 'email' };
    case 'enumeration':
      return { type: 'string', enum: attribute.values ?? [] };
    case 'date':
      return { type: 'string', format: 'date', examples: ['2024-06-01'] };
    case 'time':
      return { type: 'string', pattern: '^\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?$', examples: ['09:30:00.000'] };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'timestamp':
      return { type: 'string', pattern: '^-?\\d+$', description: 'Epoch milliseconds, as a decimal string', examples: ['1714675500000'] };
    case 'integer':
      return { type: 'integer' };
    case 'biginteger':
      return { type: 'string', pattern: '^-?\\d+$', description: 'A 64-bit integer, as a decimal string' };
    case 'float':
    case 'decimal':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'json':
      return { description: 'Any JSON value' };
    default:
      return assertNever(attribute.type, 'scalar type');
  }
}

/** What a populated relation or media field holds: `{ data }`, an entry, a list or null. */
function wrapped(target: ContentType, toMany: boolean, emptyIsNull = false): Schema {
  const entry = ref(schemaNames.entry(target));
  const data = toMany ? { type: 'array', items: entry } : nullable(entry);
  return { type: 'object', properties: { data: toMany && emptyIsNull ? nullable(data) : data }, required: ['data'] };
}

/** A related entry in the plugins' plain format: `{ id, ...attributes }`, its attributes as selected. */
const PLAIN_ENTRY: Schema = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };

function plainRelation(toMany: boolean): Schema {
  return { ...(toMany ? { type: 'array', items: PLAIN_ENTRY } : nullable(PLAIN_ENTRY)), description: 'Only when populated, as plain objects' };
}

/** `plain`: the upload and users-permissions format, relations and media without `{ data }`. */
function attributeSchema(model: ContentModel, attribute: Attribute, plain: boolean): Schema {
  if (isScalar(attribute)) return nullable(scalarSchema(attribute));
  switch (attribute.type) {
    case 'relation':
      if (plain) return plainRelation(attribute.toMany);
      return { ...wrapped(model.contentTypes.get(attribute.target)!, attribute.toMany), description: 'Only when populated' };
    case 'media':
      if (plain) return plainRelation(attribute.multiple);
      // Strapi answers an empty multiple media field with `data: null`.
      return { ...wrapped(model.contentTypes.get(MEDIA_UID)!, attribute.multiple, true), description: 'Only when populated' };
    case 'component': {
      const item = ref(schemaNames.component(model.components.get(attribute.component)!));
      return { ...(attribute.repeatable ? { type: 'array', items: item } : nullable(item)), description: 'Only when populated' };
    }
    case 'dynamiczone':
      return {
        type: 'array',
        description: 'Only when populated; each item names its component in `__component`',
        items: { oneOf: attribute.components.map((uid) => ref(`${schemaNames.component(model.components.get(uid)!)}ZoneItem`)) },
      };
    default:
      return assertNever(attribute, 'attribute');
  }
}

/** The attributes of an entry or component item; every one optional (`fields`, `populate`). */
function attributesSchema(model: ContentModel, owner: Owner, plain = false): Schema {
  const properties: Record<string, Schema> = {};
  for (const name of owner.attributes.keys()) {
    const attribute = exposedAttribute(owner, name);
    if (attribute) properties[name] = attributeSchema(model, attribute, plain);
  }
  for (const [name, type] of systemFields(owner)) {
    properties[name] = name === 'publishedAt' ? nullable(scalarSchema({ type })) : scalarSchema({ type });
  }
  if (isContentType(owner) && owner.localized) {
    properties.localizations = { ...wrapped(owner, true), description: 'Only when populated: the other locales of this entry' };
  }
  return { type: 'object', properties };
}

const PAGINATION: Record<string, Schema> = {
  PagePagination: {
    type: 'object',
    description: '`total` and `pageCount` are absent with `pagination[withCount]=false`',
    properties: { page: { type: 'integer' }, pageSize: { type: 'integer' }, pageCount: { type: 'integer' }, total: { type: 'integer' } },
    required: ['page', 'pageSize'],
  },
  OffsetPagination: {
    type: 'object',
    properties: { start: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' } },
    required: ['start', 'limit'],
  },
};

const ERROR: Schema = {
  type: 'object',
  description: "Strapi's error envelope",
  properties: {
    data: { type: 'null' },
    error: {
      type: 'object',
      properties: {
        status: { type: 'integer' },
        name: { type: 'string', examples: ['ValidationError'] },
        message: { type: 'string', examples: ['Invalid parameter nope'] },
        details: { type: 'object' },
      },
      required: ['status', 'name', 'message', 'details'],
    },
  },
  required: ['data', 'error'],
};

/** Every schema the paths refer to, by name. */
export function componentSchemas(model: ContentModel): Record<string, Schema> {
  const schemas: Record<string, Schema> = { ...PAGINATION, [schemaNames.error]: ERROR };
  for (const ct of model.contentTypes.values()) {
    schemas[schemaNames.entry(ct)] = {
      type: 'object',
      properties: { id: { type: 'integer' }, attributes: attributesSchema(model, ct) },
      required: ['id', 'attributes'],
    };
    schemas[schemaNames.list(ct)] = {
      type: 'object',
      properties: {
        data: { type: 'array', items: ref(schemaNames.entry(ct)) },
        meta: { type: 'object', properties: { pagination: { oneOf: [ref('PagePagination'), ref('OffsetPagination')] } } },
      },
      required: ['data', 'meta'],
    };
    schemas[schemaNames.single(ct)] = {
      type: 'object',
      properties: { data: ref(schemaNames.entry(ct)), meta: { type: 'object' } },
      required: ['data', 'meta'],
    };
  }
  for (const c of model.components.values()) {
    const attributes = attributesSchema(model, c);
    const name = schemaNames.component(c);
    schemas[name] = { ...attributes, properties: { id: { type: 'integer' }, ...(attributes.properties as Schema) }, required: ['id'] };
    schemas[`${name}ZoneItem`] = {
      allOf: [ref(name), { type: 'object', properties: { __component: { const: componentUid(c) } }, required: ['__component'] }],
    };
  }
  const user = model.contentTypes.get(USER_UID);
  if (user) {
    const attributes = attributesSchema(model, user, true);
    schemas[schemaNames.user] = {
      type: 'object',
      description: 'A user, as /api/users answers it (no `attributes` wrapper; related entries plain too)',
      properties: { id: { type: 'integer' }, ...(attributes.properties as Schema) },
      required: ['id'],
    };
  }
  const media = model.contentTypes.get(MEDIA_UID);
  if (media) {
    const attributes = attributesSchema(model, media);
    schemas[schemaNames.file] = {
      type: 'object',
      description: 'A media library file, as /api/upload/files answers it (no `attributes` wrapper)',
      properties: { id: { type: 'integer' }, ...(attributes.properties as Schema) },
      required: ['id'],
    };
  }
  return schemas;
}
