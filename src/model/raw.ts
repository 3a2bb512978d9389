// Schema files as parsed JSON (`unknown`) -> raw content-type and component definitions whose
// outer shape is checked; attribute details are left for `compile.ts`.
import { CUSTOM_FIELDS_FILE, readCustomFields, type CustomFieldType } from './custom-fields.ts';
import { PLUGIN_SCHEMAS } from './plugins.ts';
import { isRecord, type Problems } from './problems.ts';

/** One schema file's content: the parsed JSON, or why it could not be parsed. */
export type ParsedFile = { json: unknown } | { error: string };

/** Schema files keyed by their path relative to the schema folder, with `/` separators. */
export type RawSchemaFiles = ReadonlyMap<string, ParsedFile>;

export interface RawAttribute {
  name: string;
  /** The declared `type`, not yet known to be a valid one. */
  type: string;
  /** The whole attribute definition, for the type-specific options. */
  definition: Readonly<Record<string, unknown>>;
}

interface RawOwner {
  uid: string;
  /** The file, relative to the schema folder; every message names it. */
  source: string;
  collectionName: unknown;
  info: Readonly<Record<string, unknown>>;
  attributes: RawAttribute[];
}

export interface RawContentType extends RawOwner {
  kind: unknown;
  options: Readonly<Record<string, unknown>>;
  pluginOptions: Readonly<Record<string, unknown>>;
}

export interface RawComponent extends RawOwner {
  category: string;
  name: string;
}

export interface RawSchema {
  /** The project's content-types, then the plugins' (users-permissions), extensions applied. */
  contentTypes: RawContentType[];
  components: RawComponent[];
  /** The project's own custom field declarations (`custom-fields.json`). */
  customFields: Map<string, CustomFieldType>;
}

const CONTENT_TYPE_PATH = /^api\/([^/]+)\/content-types\/([^/]+)\/schema\.json$/;
const COMPONENT_PATH = /^components\/([^/]+)\/([^/]+)\.json$/;
const EXTENSION_PATH = /^extensions\/([^/]+)\/content-types\/([^/]+)\/schema\.json$/;

/** Parses JSON text; a syntax error's message gains the line and column it points at. */
export function parseJson(text: string): ParsedFile {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /at position (\d+)/.exec(message);
    if (!position) return { error: message };
    const before = text.slice(0, Number(position[1])).split('\n');
    return { error: `${message} (line ${before.length}, column ${before[before.length - 1].length + 1})` };
  }
}

/**
 * Sorts the files into content-types, components, plugin extensions and custom field
 * declarations, reporting files whose shape is wrong; adds the plugins' content-types.
 */
export function readRawSchema(files: RawSchemaFiles, problems: Problems): RawSchema {
  const schema: RawSchema = { contentTypes: [], components: [], customFields: new Map() };
  const extensions = new Map<string, { source: string; json: Record<string, unknown> }>();
  for (const [source, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if ('error' in file) {
      problems.add(`${source}: invalid JSON: ${file.error}`);
      continue;
    }
    const contentTypePath = CONTENT_TYPE_PATH.exec(source);
    const componentPath = COMPONENT_PATH.exec(source);
    const extensionPath = EXTENSION_PATH.exec(source);
    if (source === CUSTOM_FIELDS_FILE) {
      schema.customFields = readCustomFields(file.json, source, problems);
    } else if (extensionPath) {
      if (isRecord(file.json)) extensions.set(`plugin::${extensionPath[1]}.${extensionPath[2]}`, { source, json: file.json });
      else problems.add(`${source}: expected a JSON object`);
    } else if (contentTypePath) {
      const [, api, name] = contentTypePath;
      const contentType = readContentType(source, `api::${api}.${name}`, file.json, problems);
      if (contentType) schema.contentTypes.push(contentType);
    } else if (componentPath) {
      const [, category, name] = componentPath;
      const owner = readOwner(source, file.json, problems);
      if (owner) schema.components.push({ ...owner, uid: `${category}.${name}`, category, name });
    } else {
      problems.add(
        `${source}: not a schema file (expected api/<name>/content-types/<name>/schema.json, ` +
          `components/<category>/<name>.json or extensions/<plugin>/content-types/<name>/schema.json)`,
      );
    }
  }
  for (const plugin of PLUGIN_SCHEMAS) {
    const extension = extensions.get(plugin.uid);
    extensions.delete(plugin.uid);
    // As in Strapi, an extension's top-level keys replace the plugin's (`attributes` as a whole).
    const json = extension ? { ...plugin.json, ...extension.json } : plugin.json;
    const contentType = readContentType(extension?.source ?? `built-in ${plugin.uid}`, plugin.uid, json, problems);
    if (contentType) schema.contentTypes.push(contentType);
  }
  for (const [uid, { source }] of extensions) {
    problems.warn(`${source}: extends ${uid}, a plugin content-type the gateway does not serve; ignored`);
  }
  return schema;
}

function readContentType(source: string, uid: string, json: unknown, problems: Problems): RawContentType | undefined {
  const owner = readOwner(source, json, problems);
  if (!owner) return undefined;
  const record = json as Record<string, unknown>;
  return {
    ...owner,
    uid,
    kind: record.kind,
    options: optionalRecord(source, 'options', record.options, problems),
    pluginOptions: optionalRecord(source, 'pluginOptions', record.pluginOptions, problems),
  };
}

function readOwner(source: string, json: unknown, problems: Problems): Omit<RawOwner, 'uid'> | undefined {
  if (!isRecord(json)) {
    problems.add(`${source}: expected a JSON object`);
    return undefined;
  }
  if (!isRecord(json.attributes)) {
    problems.add(`${source}: "attributes" must be an object`);
    return undefined;
  }
  const attributes: RawAttribute[] = [];
  for (const [name, definition] of Object.entries(json.attributes)) {
    if (!isRecord(definition)) {
      problems.add(`${source}: attribute "${name}": expected an object`);
    } else if (typeof definition.type !== 'string') {
      problems.add(`${source}: attribute "${name}": "type" must be a string`);
    } else {
      attributes.push({ name, type: definition.type, definition });
    }
  }
  return {
    source,
    collectionName: json.collectionName,
    info: optionalRecord(source, 'info', json.info, problems),
    attributes,
  };
}

function optionalRecord(source: string, key: string, value: unknown, problems: Problems): Record<string, unknown> {
  if (value === undefined) return {};
  if (isRecord(value)) return value;
  problems.add(`${source}: "${key}" must be an object`);
  return {};
}
