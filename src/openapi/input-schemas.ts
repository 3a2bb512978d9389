// The content model -> JSON Schemas (OpenAPI 3.1) of what the REST writes take: a `data` per
// content-type (every attribute kind in the forms a body may use), an input per component and
// dynamic zone item, and the relation forms. Private and password attributes are writable.
import { componentTypeName, componentUid, typeName } from '../model/naming.ts';
import { assertNever, isScalar, type Attribute, type Component, type ContentModel, type ContentType, type ScalarAttribute } from '../model/types.ts';
import { ref, scalarSchema, schemaNames, type Schema } from './schemas.ts';

/** Input schema names, one place: `Post` -> `PostInput`, `PostRequest` (Strapi's documentation plugin's name)… */
export const inputNames = {
  /** The attributes of a `data`, every one optional: a PUT's. */
  input: (ct: ContentType) => `${typeName(ct)}Input`,
  /** A create's `data`: the input with the required attributes that have no default. */
  createInput: (ct: ContentType) => `${typeName(ct)}CreateInput`,
  /** `{ data }` of a PUT. */
  request: (ct: ContentType) => `${typeName(ct)}Request`,
  /** `{ data }` of a POST. */
  createRequest: (ct: ContentType) => `${typeName(ct)}CreateRequest`,
  /** The body of `POST …/:id/localizations`: the fields at the top level, or in `data`. */
  localizationRequest: (ct: ContentType) => `${typeName(ct)}LocalizationRequest`,
  component: (c: Component) => `${componentTypeName(c)}Input`,
  zoneItem: (c: Component) => `${componentTypeName(c)}ZoneItemInput`,
} as const;

const nullable = (schema: Schema): Schema => ({ oneOf: [schema, { type: 'null' }] });
const INTEGER_TEXT = '^-?\\d+$';
const NUMBER_TEXT = '^-?\\d+(\\.\\d+)?$';
/** Strapi's rule for `uid` values. */
const UID_TEXT = '^[A-Za-z0-9-_.~]*$';

/** A scalar as a body may give it: numbers also as numeric text, biginteger as text or a number. */
export function scalarInputSchema(attribute: ScalarAttribute): Schema {
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'enumeration':
    case 'date':
    case 'time':
    case 'datetime':
    case 'boolean':
      return scalarSchema(attribute);
    case 'uid':
      return { type: 'string', pattern: UID_TEXT };
    case 'password':
      return { type: 'string', writeOnly: true, description: 'Stored hashed; never answered' };
    case 'timestamp':
      return { type: 'string', format: 'date-time' };
    case 'integer':
      return { oneOf: [{ type: 'integer' }, { type: 'string', pattern: INTEGER_TEXT }] };
    case 'biginteger':
      return { oneOf: [{ type: 'string', pattern: INTEGER_TEXT }, { type: 'integer' }], description: 'A 64-bit integer; as a decimal string past 2^53' };
    case 'float':
    case 'decimal':
      return { oneOf: [{ type: 'number' }, { type: 'string', pattern: NUMBER_TEXT }] };
    case 'json':
      return { description: 'Any JSON value' };
    default:
      return assertNever(attribute, 'scalar type');
  }
}

/** An attribute's value in a body; `null` clears what may be cleared. */
function attributeInput(model: ContentModel, attribute: Attribute): Schema {
  if (isScalar(attribute)) return attribute.required || attribute.type === 'json' ? scalarInputSchema(attribute) : nullable(scalarInputSchema(attribute));
  switch (attribute.type) {
    case 'relation':
      return ref(attribute.toMany ? 'RelationInput' : 'ToOneRelationInput');
    case 'media':
      return attribute.multiple
        ? { oneOf: [{ type: 'array', items: ref('RelationId') }, ref('RelationId'), { type: 'null' }], description: 'Media library file ids' }
        : { oneOf: [ref('RelationId'), { type: 'null' }], description: 'A media library file id' };
    case 'component': {
      const item = ref(inputNames.component(model.components.get(attribute.component)!));
      return attribute.repeatable ? { type: 'array', items: item, description: 'The whole new list' } : nullable(item);
    }
    case 'dynamiczone':
      return {
        type: 'array',
        description: 'The whole new list; each item names its component in `__component`',
        items: { oneOf: attribute.components.map((uid) => ref(inputNames.zoneItem(model.components.get(uid)!))) },
      };
    default:
      return assertNever(attribute, 'attribute');
  }
}

function attributesInput(model: ContentModel, owner: ContentType | Component): Record<string, Schema> {
  return Object.fromEntries([...owner.attributes.values()].map((attribute) => [attribute.name, attributeInput(model, attribute)]));
}

/** Required attributes without a default: what a create must give. */
function requiredOnCreate(owner: ContentType): string[] {
  return [...owner.attributes.values()].filter((a) => a.required && !(isScalar(a) && a.default !== undefined)).map((a) => a.name);
}

const RELATION_ID: Schema = { oneOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^[1-9]\\d*$' }], description: 'An entry id' };

const POSITION: Schema = {
  description: 'Where `connect` puts the entry in the list; at the end by default',
  oneOf: [
    { type: 'object', properties: { before: ref('RelationId') }, required: ['before'], additionalProperties: false },
    { type: 'object', properties: { after: ref('RelationId') }, required: ['after'], additionalProperties: false },
    { type: 'object', properties: { start: { const: true } }, required: ['start'], additionalProperties: false },
    { type: 'object', properties: { end: { const: true } }, required: ['end'], additionalProperties: false },
  ],
};

/** The relation forms; `maxItems` 1 for a to-one. */
function relationInput(toOne: boolean): Schema {
  const ids: Schema = { type: 'array', items: ref('RelationId'), ...(toOne ? { maxItems: 1 } : {}) };
  const connected = { oneOf: [ref('RelationId'), { type: 'object', properties: { id: ref('RelationId'), position: ref('RelationPosition') }, required: ['id'] }] };
  const disconnected = { oneOf: [ref('RelationId'), { type: 'object', properties: { id: ref('RelationId') }, required: ['id'] }] };
  return {
    description: toOne
      ? 'An id; `null` (or `[]`) clears it; `{ set }`; `{ connect, disconnect }`'
      : 'An array of ids sets the list (`[]` or `null` clears it); `{ set }` too; `{ connect, disconnect }` edits it, `connect` honouring `position`',
    oneOf: [
      ref('RelationId'),
      ids,
      { type: 'null' },
      { type: 'object', properties: { set: ids }, required: ['set'], additionalProperties: false },
      {
        type: 'object',
        properties: { connect: { type: 'array', items: connected, ...(toOne ? { maxItems: 1 } : {}) }, disconnect: { type: 'array', items: disconnected } },
        additionalProperties: false,
      },
    ],
  };
}

/** A write's 400: Strapi's envelope, `details.errors` naming every invalid attribute by its path. */
const VALIDATION_ERROR: Schema = {
  allOf: [ref(schemaNames.error)],
  properties: {
    error: {
      type: 'object',
      properties: {
        details: {
          type: 'object',
          properties: {
            errors: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  path: { type: 'array', items: { type: 'string' }, examples: [['seo', 'socialCards', '0', 'network']] },
                  message: { type: 'string', examples: ['title must be defined.'] },
                  name: { type: 'string', examples: ['ValidationError'] },
                },
                required: ['path', 'message', 'name'],
              },
            },
          },
        },
      },
    },
  },
};

/** `{ data }`, the envelope of a write's body. */
const envelope = (data: Schema): Schema => ({ type: 'object', properties: { data }, required: ['data'] });

/** The input schemas of one content-type that has write routes. */
function contentTypeInputs(model: ContentModel, ct: ContentType): Record<string, Schema> {
  const system: Record<string, Schema> = ct.draftAndPublish
    ? { publishedAt: { ...nullable({ type: 'string', format: 'date-time' }), description: '`null`: a draft; a create without it is published' } }
    : {};
  const required = requiredOnCreate(ct);
  const locale: Record<string, Schema> = ct.localized ? { locale: { type: 'string', description: 'The new entry’s locale (or `?locale=`); the default locale without either' } } : {};
  const schemas: Record<string, Schema> = {
    [inputNames.input(ct)]: { type: 'object', properties: { ...attributesInput(model, ct), ...system } },
    [inputNames.createInput(ct)]: { allOf: [ref(inputNames.input(ct))], ...(ct.localized ? { properties: locale } : {}), ...(required.length > 0 ? { required } : {}) },
    [inputNames.request(ct)]: envelope(ref(inputNames.input(ct))),
    [inputNames.createRequest(ct)]: envelope(ref(inputNames.createInput(ct))),
  };
  if (ct.localized) {
    schemas[inputNames.localizationRequest(ct)] = { anyOf: [ref(inputNames.createInput(ct)), envelope(ref(inputNames.createInput(ct)))] };
  }
  return schemas;
}

/** Whether REST writes reach a content-type: the content API's own (`api::`) types. */
export const isWritable = (ct: ContentType): boolean => ct.uid.startsWith('api::');

/** Every input schema the write routes refer to, by name. */
export function inputSchemas(model: ContentModel): Record<string, Schema> {
  const schemas: Record<string, Schema> = {
    ValidationErrorResponse: VALIDATION_ERROR,
    RelationId: RELATION_ID,
    RelationPosition: POSITION,
    RelationInput: relationInput(false),
    ToOneRelationInput: relationInput(true),
  };
  for (const ct of model.contentTypes.values()) {
    if (isWritable(ct)) Object.assign(schemas, contentTypeInputs(model, ct));
  }
  for (const c of model.components.values()) {
    const name = inputNames.component(c);
    schemas[name] = {
      type: 'object',
      description: 'With the `id` of an item the entry holds, that item is changed in place; without, a new item replaces it',
      properties: { id: { type: 'integer' }, ...attributesInput(model, c) },
    };
    schemas[inputNames.zoneItem(c)] = { allOf: [ref(name)], properties: { __component: { const: componentUid(c) } }, required: ['__component'] };
  }
  return schemas;
}
