// The archive's schemas + the model loaded with --schema -> every difference between them, each
// naming its content-type or component and attribute. Both sides go through the same compiler.
import { compileComponent, compileContentType } from '../model/compile.ts';
import { isRecord, Problems } from '../model/problems.ts';
import type { RawAttribute, RawComponent, RawContentType } from '../model/raw.ts';
import { USER_UID, type Attribute, type AttributeOwner, type Component, type ContentModel, type ContentType } from '../model/types.ts';
import type { SchemaRecord } from './records.ts';

/** Attributes Strapi adds to every content-type itself; the model's schema files never declare them. */
const ADDED_BY_STRAPI: readonly string[] = ['createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations'];

/**
 * Attribute properties that change neither the data nor the API, so a difference in them is not
 * refused (Strapi's own import ignores `required`, `private` and `configurable` the same way).
 */
const IGNORED_PROPERTIES: readonly string[] = ['name', 'required', 'private', 'source'];

/** A running Strapi's schemas give each custom field the type it stores: no declarations needed. */
const STORED_TYPES = new Map<string, never>();

/** Content-type properties compared; labels, descriptions and admin options are not. */
const CONTENT_TYPE_PROPERTIES = ['kind', 'singularName', 'pluralName', 'collectionName', 'draftAndPublish', 'localized'] as const;

/**
 * Compares the content-types of the project (`api::…`, plus `plugin::…` ones the model also
 * defines, such as an extended user) and every component.
 * @returns one line per difference; empty when the archive fits the model.
 */
export function compareSchemas(schemas: readonly SchemaRecord[], model: ContentModel): string[] {
  const differences: string[] = [];
  const compiled = compileArchiveSchemas(schemas, differences);
  const modelOwners = new Map<string, ContentType | Component>([
    ...[...model.contentTypes].filter(([uid]) => isCompared(uid)),
    ...model.components,
  ]);
  for (const uid of new Set([...modelOwners.keys(), ...compiled.keys()])) {
    const inModel = modelOwners.get(uid);
    const inArchive = compiled.get(uid);
    if (!inArchive) differences.push(`${uid} is in the model but not in the archive`);
    else if (!inModel) differences.push(`${uid} is in the archive but not in the model`);
    else differences.push(...compareOwners(uid, inArchive, inModel));
  }
  return differences;
}

/** Archive schemas the model can be compared with, compiled as if they were schema files. */
function compileArchiveSchemas(schemas: readonly SchemaRecord[], differences: string[]): Map<string, ContentType | Component> {
  const compiled = new Map<string, ContentType | Component>();
  for (const schema of schemas) {
    const problems = new Problems();
    const source = `archive schema ${schema.uid}`;
    const attributes = rawAttributes(schema.definition.attributes);
    if (schema.modelType === 'component') {
      const [category, name] = schema.uid.split('.');
      const raw: RawComponent = { uid: schema.uid, source, category, name, collectionName: schema.definition.collectionName, info: record(schema.definition.info), attributes };
      compiled.set(schema.uid, compileComponent(raw, STORED_TYPES, problems));
    } else if (isCompared(schema.uid)) {
      const raw: RawContentType = {
        uid: schema.uid,
        source,
        collectionName: schema.definition.collectionName,
        info: record(schema.definition.info),
        attributes,
        kind: schema.definition.kind,
        options: record(schema.definition.options),
        pluginOptions: record(schema.definition.pluginOptions),
      };
      const contentType = compileContentType(raw, STORED_TYPES, problems);
      if (contentType) compiled.set(schema.uid, contentType);
    }
    // A schema the gateway cannot compile cannot match the model: each reason is a difference.
    differences.push(...problems.messages);
  }
  return compiled;
}

/** The project's content-types, and the plugin one it may extend (users-permissions' user); others are the plugins' own. */
function isCompared(uid: string): boolean {
  return uid.startsWith('api::') || uid === USER_UID;
}

function rawAttributes(attributes: unknown): RawAttribute[] {
  return Object.entries(record(attributes))
    .filter(([name]) => !ADDED_BY_STRAPI.includes(name))
    .map(([name, definition]) => ({ name, type: String(record(definition).type), definition: record(definition) }));
}

function compareOwners(uid: string, archive: ContentType | Component, model: ContentType | Component): string[] {
  const differences: string[] = [];
  if ('kind' in archive && 'kind' in model) {
    for (const property of CONTENT_TYPE_PROPERTIES) {
      if (archive[property] !== model[property]) {
        differences.push(`${uid}: ${property} is ${show(archive[property])} in the archive, ${show(model[property])} in the model`);
      }
    }
  } else if (archive.collectionName !== model.collectionName) {
    differences.push(`${uid}: collectionName is ${show(archive.collectionName)} in the archive, ${show(model.collectionName)} in the model`);
  }
  return [...differences, ...compareAttributes(uid, archive, model)];
}

function compareAttributes(uid: string, archive: AttributeOwner, model: AttributeOwner): string[] {
  const differences: string[] = [];
  for (const name of new Set([...model.attributes.keys(), ...archive.attributes.keys()])) {
    // The model's files declare it too, but it is never served (a mappedBy naming nothing).
    if (model.omitted.has(name)) continue;
    const inArchive = archive.attributes.get(name);
    const inModel = model.attributes.get(name);
    if (!inArchive) differences.push(`${uid}: attribute "${name}" is in the model but not in the archive`);
    else if (!inModel) differences.push(`${uid}: attribute "${name}" is in the archive but not in the model`);
    else {
      const a = properties(inArchive);
      const m = properties(inModel);
      for (const property of new Set([...Object.keys(m), ...Object.keys(a)])) {
        if (show(a[property]) !== show(m[property])) {
          differences.push(`${uid}: attribute "${name}": ${property} is ${show(a[property])} in the archive, ${show(m[property])} in the model`);
        }
      }
    }
  }
  return differences;
}

/** An attribute's compared properties: all the compiler keeps, but those that change nothing. */
function properties(attribute: Attribute): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attribute).filter(([key]) => !IGNORED_PROPERTIES.includes(key)));
}

function show(value: unknown): string {
  return value === undefined ? 'absent' : JSON.stringify(value);
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
