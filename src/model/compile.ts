// Raw definitions (outer shape checked) -> typed ContentType, Component and Attribute values.
// Checks each file on its own; references between files are checked in `validate-references.ts`.
import { didYouMean } from '../errors/did-you-mean.ts';
import { CUSTOM_FIELDS_FILE, customFieldType, type CustomFieldType } from './custom-fields.ts';
import { describe, isRecord, type Problems } from './problems.ts';
import type { RawAttribute, RawComponent, RawContentType } from './raw.ts';
import {
  RELATION_KINDS,
  SCALAR_TYPES,
  type Attribute,
  type AttributeType,
  type Component,
  type ContentType,
  type ContentTypeKind,
  type PlainScalarAttribute,
  type RelationKind,
} from './types.ts';

/** Names the gateway adds to entries or GraphQL types itself; no attribute may take them. */
export const RESERVED_ATTRIBUTE_NAMES: readonly string[] = [
  'id',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'locale',
  'localizations',
  '__component',
  '__typename',
];

/** Every media type Strapi knows; an attribute without `allowedTypes` accepts them all. */
export const MEDIA_TYPES: readonly string[] = ['images', 'files', 'videos', 'audios'];

const CONTENT_TYPE_KINDS: readonly ContentTypeKind[] = ['collectionType', 'singleType'];
const TO_MANY: ReadonlySet<RelationKind> = new Set(['oneToMany', 'manyToMany', 'manyWay']);
const ONE_WAY: ReadonlySet<RelationKind> = new Set(['oneWay', 'manyWay']);
/** GraphQL needs attribute names to be valid field names. */
const ATTRIBUTE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Base = Pick<PlainScalarAttribute, 'name' | 'required' | 'private' | 'unique' | 'sharedAcrossLocales'>;
type OwnerKind = 'content-type' | 'component';
type Report = (text: string) => void;
type AttributeCompiler = (raw: RawAttribute, base: Base, report: Report, owner: OwnerKind) => Attribute | undefined;

const scalar: AttributeCompiler = (raw, base, report) => ({
  ...base,
  type: raw.type as PlainScalarAttribute['type'],
  ...defaultOf(raw),
  ...(typeof raw.definition.customField === 'string' ? { customField: raw.definition.customField } : {}),
  ...limitsOf(raw, report),
});

type Limits = Pick<PlainScalarAttribute, 'min' | 'max' | 'minLength' | 'maxLength' | 'regex' | 'targetField'>;

/** The value rules a scalar's file sets (`min`, `max`, `minLength`, `maxLength`, `regex`, `targetField`), checked. */
function limitsOf(raw: RawAttribute, report: Report): Limits {
  const limits: Limits = {};
  const { min, max, minLength, maxLength, regex, targetField } = raw.definition;
  const bound = (value: unknown, what: string): number | bigint | undefined => {
    if (value === undefined || value === null) return undefined;
    if (raw.type === 'biginteger' && (typeof value === 'string' || typeof value === 'number') && /^-?\d+$/.test(String(value))) return BigInt(value);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    report(`"${what}" must be a number; got ${describe(value)}`);
    return undefined;
  };
  const length = (value: unknown, what: string): number | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    report(`"${what}" must be a whole number of characters; got ${describe(value)}`);
    return undefined;
  };
  const set = <K extends keyof Limits>(key: K, value: Limits[K] | undefined) => {
    if (value !== undefined) limits[key] = value;
  };
  set('min', bound(min, 'min'));
  set('max', bound(max, 'max'));
  set('minLength', length(minLength, 'minLength'));
  set('maxLength', length(maxLength, 'maxLength'));
  set('regex', pattern(regex, report));
  if (typeof targetField === 'string' && targetField !== '') limits.targetField = targetField;
  return limits;
}

function pattern(regex: unknown, report: Report): string | undefined {
  if (regex === undefined || regex === null || regex === '') return undefined;
  if (typeof regex === 'string' && isPattern(regex)) return regex;
  report(`"regex" must be a valid regular expression; got ${describe(regex)}`);
  return undefined;
}

function isPattern(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}

/** A repeatable component's or a zone's `min` and `max` number of items, when the file gives them. */
function countBounds(raw: RawAttribute): { min?: number; max?: number } {
  const { min, max } = raw.definition;
  return {
    ...(typeof min === 'number' && Number.isSafeInteger(min) ? { min } : {}),
    ...(typeof max === 'number' && Number.isSafeInteger(max) ? { max } : {}),
  };
}

/** `default`, when the file gives one; checked against the type when an entry needs it. */
function defaultOf(raw: RawAttribute): { default?: unknown } {
  return raw.definition.default === undefined ? {} : { default: raw.definition.default };
}

/** One compiler per attribute type: adding a type fails to compile until it is handled here. */
const COMPILERS: { readonly [K in AttributeType]: AttributeCompiler } = {
  ...(Object.fromEntries(SCALAR_TYPES.map((type) => [type, scalar])) as Record<(typeof SCALAR_TYPES)[number], AttributeCompiler>),
  enumeration: compileEnumeration,
  relation: compileRelation,
  media: compileMedia,
  component: compileComponentAttribute,
  dynamiczone: compileDynamicZone,
};

/** Custom field declarations of the project, by uid (see `custom-fields.ts`). */
type Declared = ReadonlyMap<string, CustomFieldType>;

export function compileContentType(raw: RawContentType, declared: Declared, problems: Problems): ContentType | undefined {
  const report: Report = (text) => problems.add(`${raw.source}: ${text}`);
  const kind = raw.kind ?? 'collectionType';
  if (!CONTENT_TYPE_KINDS.includes(kind as ContentTypeKind)) {
    report(`unknown kind ${describe(raw.kind)} (expected "collectionType" or "singleType")`);
  }
  const singularName = requiredName(raw.info.singularName, 'info.singularName', report);
  const pluralName = requiredName(raw.info.pluralName, 'info.pluralName', report);
  if (singularName && singularName === pluralName) {
    report(`info.singularName and info.pluralName must differ (both are "${singularName}")`);
  }
  const i18n = raw.pluginOptions.i18n;
  if (i18n !== undefined && !isRecord(i18n)) report('"pluginOptions.i18n" must be an object');
  const localized = readBoolean(isRecord(i18n) ? i18n.localized : undefined, 'pluginOptions.i18n.localized', report);
  const draftAndPublish = readBoolean(raw.options.draftAndPublish, 'options.draftAndPublish', report);
  const { attributes, omitted } = compileAttributes(raw.attributes, raw.source, 'content-type', declared, problems);
  if (!singularName || !pluralName || !CONTENT_TYPE_KINDS.includes(kind as ContentTypeKind)) return undefined;
  return {
    uid: raw.uid,
    kind: kind as ContentTypeKind,
    singularName,
    pluralName,
    displayName: optionalString(raw.info.displayName, 'info.displayName', report) ?? singularName,
    collectionName: optionalString(raw.collectionName, 'collectionName', report) ?? pluralName.replace(/-/g, '_'),
    draftAndPublish,
    localized,
    timestamps: true,
    attributes,
    omitted,
    source: raw.source,
  };
}

export function compileComponent(raw: RawComponent, declared: Declared, problems: Problems): Component {
  const report: Report = (text) => problems.add(`${raw.source}: ${text}`);
  return {
    uid: raw.uid,
    category: raw.category,
    name: raw.name,
    displayName: optionalString(raw.info.displayName, 'info.displayName', report) ?? raw.name,
    collectionName:
      optionalString(raw.collectionName, 'collectionName', report) ??
      `components_${raw.category}_${raw.name}s`.replace(/-/g, '_'),
    ...compileAttributes(raw.attributes, raw.source, 'component', declared, problems),
    source: raw.source,
  };
}

/** Relations to the admin panel's own types (`admin::user`) never reach the content API. */
const ADMIN_TARGET = /^admin::/;

function compileAttributes(
  raws: readonly RawAttribute[],
  source: string,
  owner: OwnerKind,
  declared: Declared,
  problems: Problems,
): { attributes: Map<string, Attribute>; omitted: Map<string, string> } {
  const attributes = new Map<string, Attribute>();
  const omitted = new Map<string, string>();
  for (const given of raws) {
    const report: Report = (text) => problems.add(`${source}: attribute "${given.name}": ${text}`);
    const raw = given.type === 'customField' || given.definition.customField !== undefined
      ? customField(given, declared, report, (text) => problems.warn(`${source}: attribute "${given.name}": ${text}`))
      : given;
    if (!raw) continue;
    if (raw.type === 'relation' && typeof raw.definition.target === 'string' && ADMIN_TARGET.test(raw.definition.target)) {
      omitted.set(raw.name, `a relation to ${raw.definition.target}, which Strapi's content API never answers`);
      continue;
    }
    if (RESERVED_ATTRIBUTE_NAMES.includes(raw.name)) {
      report(`"${raw.name}" is a reserved name (reserved: ${RESERVED_ATTRIBUTE_NAMES.join(', ')})`);
      continue;
    }
    if (!ATTRIBUTE_NAME.test(raw.name)) {
      report('the name must start with a letter or "_" and hold only letters, digits and "_"');
      continue;
    }
    if (!Object.hasOwn(COMPILERS, raw.type)) {
      report(`unknown type "${raw.type}".${didYouMean(String(raw.type), Object.keys(COMPILERS)) || ` Known types: ${Object.keys(COMPILERS).join(', ')}.`}`);
      continue;
    }
    if (raw.type === 'relation' && ONE_WAY.has(raw.definition.relation as RelationKind)) {
      problems.warn(`${source}: attribute "${raw.name}": ${beyondStrapi(raw.definition.relation as RelationKind)}`);
    }
    const base: Base = {
      name: raw.name,
      required: readBoolean(raw.definition.required, '"required"', report),
      private: readBoolean(raw.definition.private, '"private"', report),
      unique: readBoolean(raw.definition.unique, '"unique"', report),
      ...(notLocalized(raw.definition.pluginOptions) ? { sharedAcrossLocales: true as const } : {}),
    };
    const attribute = COMPILERS[raw.type as AttributeType](raw, base, report, owner);
    if (attribute) attributes.set(raw.name, attribute);
  }
  return { attributes, omitted };
}

/**
 * A custom field as the scalar attribute it stores: its type from the project's declarations or
 * the well-known table (a schema already holding the stored type keeps it); an unknown one is
 * served as the JSON value it holds, with a warning saying how to declare it.
 */
function customField(raw: RawAttribute, declared: Declared, report: Report, warn: Report): RawAttribute | undefined {
  const uid = raw.definition.customField;
  if (typeof uid !== 'string' || uid === '') {
    report('a custom field needs "customField", the uid of its plugin\'s field (plugin::<plugin>.<field>)');
    return undefined;
  }
  let type: string | undefined = raw.type === 'customField' ? customFieldType(uid, declared) : raw.type;
  if (type === undefined) {
    warn(
      `custom field "${uid}" is unknown, so it is served as the JSON value it holds; to serve it as the type its ` +
        `plugin stores, declare it in ${CUSTOM_FIELDS_FILE} beside api/ (or pass --custom-fields FILE), e.g. { "${uid}": "string" }`,
    );
    type = 'json';
  }
  return { name: raw.name, type, definition: { ...raw.definition, type } };
}

/** Why a relation kind Strapi v4 refuses is served, and what Strapi v4 calls it (docs/decisions.md). */
function beyondStrapi(kind: RelationKind): string {
  const strapi = kind === 'oneWay' ? 'oneToOne' : 'oneToMany';
  return `relation "${kind}" is Strapi v3's; Strapi v4 stops at start with "Unknown relation" on it. Served as a one-way ` +
    `relation; to take this model to Strapi v4, write it as "${strapi}" without "inversedBy" (the same API)`;
}

function compileEnumeration(raw: RawAttribute, base: Base, report: Report): Attribute | undefined {
  const values = raw.definition.enum;
  if (!Array.isArray(values) || values.length === 0) {
    report('an enumeration needs "enum", a non-empty array of strings');
    return undefined;
  }
  const wrong = values.filter((value) => typeof value !== 'string' || value === '');
  if (wrong.length > 0) {
    report(`enumeration values must be non-empty strings; got ${wrong.map(describe).join(', ')}`);
    return undefined;
  }
  const duplicates = values.filter((value, index) => values.indexOf(value) !== index);
  if (duplicates.length > 0) report(`enumeration value ${describe(duplicates[0])} is listed twice`);
  return { ...base, type: 'enumeration', values: values as string[], ...defaultOf(raw) };
}

function compileRelation(raw: RawAttribute, base: Base, report: Report, owner: OwnerKind): Attribute | undefined {
  const { relation, target, mappedBy, inversedBy } = raw.definition;
  if (!RELATION_KINDS.includes(relation as RelationKind)) {
    report(`unknown relation kind ${describe(relation)} (expected one of ${RELATION_KINDS.join(', ')})`);
    return undefined;
  }
  const kind = relation as RelationKind;
  if (typeof target !== 'string' || target === '') {
    report('a relation needs "target", the uid of a content-type');
    return undefined;
  }
  const inverseField = optionalString(mappedBy, '"mappedBy"', report);
  const owningField = optionalString(inversedBy, '"inversedBy"', report);
  if (inverseField !== undefined && owningField !== undefined) {
    report('a relation has either "mappedBy" or "inversedBy", not both');
    return undefined;
  }
  if ((inverseField ?? owningField) !== undefined && ONE_WAY.has(kind)) {
    report(`a ${kind} relation has no other side; remove "mappedBy"/"inversedBy"`);
    return undefined;
  }
  if ((inverseField ?? owningField) !== undefined && owner === 'component') {
    report('relations in components are one-sided; remove "mappedBy"/"inversedBy"');
    return undefined;
  }
  return {
    ...base,
    type: 'relation',
    relation: kind,
    target,
    toMany: TO_MANY.has(kind),
    side: inverseField === undefined ? 'owner' : 'inverse',
    ...(inverseField === undefined ? {} : { inverseField }),
    ...(owningField === undefined ? {} : { inversedBy: owningField }),
  };
}

function compileMedia(raw: RawAttribute, base: Base, report: Report): Attribute {
  const allowed = raw.definition.allowedTypes;
  let allowedTypes = [...MEDIA_TYPES];
  if (allowed !== undefined && allowed !== null) {
    if (!Array.isArray(allowed) || allowed.some((type) => !MEDIA_TYPES.includes(type as string))) {
      report(`"allowedTypes" must be an array of ${MEDIA_TYPES.join(', ')}; got ${JSON.stringify(allowed)}`);
    } else if (allowed.length > 0) {
      allowedTypes = allowed as string[];
    }
  }
  return {
    ...base,
    type: 'media',
    multiple: readBoolean(raw.definition.multiple, '"multiple"', report),
    allowedTypes,
  };
}

function compileComponentAttribute(raw: RawAttribute, base: Base, report: Report): Attribute | undefined {
  const uid = raw.definition.component;
  if (typeof uid !== 'string' || uid === '') {
    report('a component attribute needs "component", a component uid like "shared.seo"');
    return undefined;
  }
  return {
    ...base,
    type: 'component',
    component: uid,
    repeatable: readBoolean(raw.definition.repeatable, '"repeatable"', report),
    ...countBounds(raw),
  };
}

function compileDynamicZone(raw: RawAttribute, base: Base, report: Report, owner: OwnerKind): Attribute | undefined {
  if (owner === 'component') {
    report('dynamic zones are allowed on content-types only, not in components');
    return undefined;
  }
  const uids = raw.definition.components;
  if (!Array.isArray(uids) || uids.length === 0 || uids.some((uid) => typeof uid !== 'string' || uid === '')) {
    report('a dynamic zone needs "components", a non-empty array of component uids');
    return undefined;
  }
  return { ...base, type: 'dynamiczone', components: [...new Set(uids as string[])], ...countBounds(raw) };
}

/** `pluginOptions: { i18n: { localized: false } }`: the attribute holds one value for every locale. */
function notLocalized(pluginOptions: unknown): boolean {
  return isRecord(pluginOptions) && isRecord(pluginOptions.i18n) && pluginOptions.i18n.localized === false;
}

function readBoolean(value: unknown, what: string, report: Report): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  report(`${what} must be true or false; got ${describe(value)}`);
  return false;
}

function requiredName(value: unknown, what: string, report: Report): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  report(value === undefined ? `missing ${what}` : `${what} must be a non-empty string; got ${describe(value)}`);
  return undefined;
}

function optionalString(value: unknown, what: string, report: Report): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && value !== '') return value;
  report(`${what} must be a non-empty string; got ${describe(value)}`);
  return undefined;
}
