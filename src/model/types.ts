// The compiled content model: what every later stage reads. Produced once from the raw schema
// files by `compile.ts`; nothing after that boundary re-checks the shapes described here.

/** Scalar attribute types, each stored and returned as a single value. */
export const SCALAR_TYPES = [
  'string',
  'text',
  'richtext',
  'enumeration',
  'email',
  'password',
  'uid',
  'date',
  'time',
  'datetime',
  'timestamp',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'json',
] as const;

export type ScalarType = (typeof SCALAR_TYPES)[number];

/** Every attribute type a schema file may declare. */
export type AttributeType = ScalarType | 'relation' | 'media' | 'component' | 'dynamiczone';

export const RELATION_KINDS = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany', 'oneWay', 'manyWay'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

interface AttributeBase {
  name: string;
  required: boolean;
  /** Never returned by either API, never filterable or sortable. */
  private: boolean;
  unique: boolean;
  /**
   * i18n: `pluginOptions.i18n.localized: false` on a localized content-type's attribute: one value
   * for every locale of an entry, kept alike by writes.
   */
  sharedAcrossLocales?: true;
}

interface ScalarBase extends AttributeBase {
  /** The schema file's `default`: stored when an entry leaves the attribute out (not when it gives null). */
  default?: unknown;
  /** For a custom field, its uid (`plugin::ckeditor.CKEditor`); `type` is what it stores. */
  customField?: string;
}

export interface PlainScalarAttribute extends ScalarBase {
  type: Exclude<ScalarType, 'enumeration'>;
}

export interface EnumerationAttribute extends ScalarBase {
  type: 'enumeration';
  values: string[];
}

export type ScalarAttribute = PlainScalarAttribute | EnumerationAttribute;

export interface RelationAttribute extends AttributeBase {
  type: 'relation';
  relation: RelationKind;
  /** uid of the target content-type. */
  target: string;
  /** Whether the field holds a list of entries. */
  toMany: boolean;
  /**
   * Where the ids live. `owner`: this entry stores them under this attribute's name.
   * `inverse`: the target's entries store this entry's id under `inverseField`.
   */
  side: 'owner' | 'inverse';
  /** For the inverse side, the target's attribute holding the ids (its `inversedBy` side). */
  inverseField?: string;
  inversedBy?: string;
}

export interface MediaAttribute extends AttributeBase {
  type: 'media';
  multiple: boolean;
  allowedTypes: string[];
}

export interface ComponentAttribute extends AttributeBase {
  type: 'component';
  /** Component uid, `<category>.<name>`. */
  component: string;
  repeatable: boolean;
}

export interface DynamicZoneAttribute extends AttributeBase {
  type: 'dynamiczone';
  components: string[];
}

export type Attribute =
  | ScalarAttribute
  | RelationAttribute
  | MediaAttribute
  | ComponentAttribute
  | DynamicZoneAttribute;

export type ContentTypeKind = 'collectionType' | 'singleType';

/** Attributes shared by content-types and components. */
export interface AttributeOwner {
  uid: string;
  attributes: ReadonlyMap<string, Attribute>;
  /**
   * Attributes the schema file declares that the content API never answers (relations to
   * `admin::user`, a relation whose other side is missing), with why. Data may hold values for
   * them; they are ignored.
   */
  omitted: ReadonlyMap<string, string>;
}

export interface ContentType extends AttributeOwner {
  /** `api::article.article`, or `plugin::upload.file` for the media library. */
  uid: string;
  kind: ContentTypeKind;
  singularName: string;
  pluralName: string;
  displayName: string;
  /** MongoDB collection holding the entries. */
  collectionName: string;
  draftAndPublish: boolean;
  /** i18n: entries carry a `locale` and `localizations`. */
  localized: boolean;
  /** Whether `createdAt`/`updatedAt` are exposed (false only for nothing today; kept explicit). */
  timestamps: boolean;
  /** The file the definition came from, for error messages. */
  source: string;
}

export interface Component extends AttributeOwner {
  /** `<category>.<name>`, e.g. `shared.seo`. */
  uid: string;
  category: string;
  name: string;
  displayName: string;
  collectionName: string;
  source: string;
}

export interface ContentModel {
  contentTypes: ReadonlyMap<string, ContentType>;
  components: ReadonlyMap<string, Component>;
  /** What loading accepted but a user should know (an unknown custom field, a broken relation). */
  warnings: readonly string[];
}

export const USER_UID = 'plugin::users-permissions.user';
export const ROLE_UID = 'plugin::users-permissions.role';
export const PERMISSION_UID = 'plugin::users-permissions.permission';

export const MEDIA_UID = 'plugin::upload.file';

/** Whether a content-type has root queries; users-permissions' permissions are reached through roles only, as in Strapi. */
export function hasRootQueries(ct: Pick<ContentType, 'uid'>): boolean {
  return ct.uid !== PERMISSION_UID;
}

export function isScalar(attribute: Attribute): attribute is ScalarAttribute {
  return (SCALAR_TYPES as readonly string[]).includes(attribute.type);
}

/** Throws on a value the type system says cannot exist; use in the default arm of a switch. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}

export function contentType(model: ContentModel, uid: string): ContentType {
  const found = model.contentTypes.get(uid);
  if (!found) throw new Error(`unknown content-type ${uid}`);
  return found;
}

export function component(model: ContentModel, uid: string): Component {
  const found = model.components.get(uid);
  if (!found) throw new Error(`unknown component ${uid}`);
  return found;
}
