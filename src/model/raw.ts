// Schema files as parsed JSON (`unknown`) -> raw content-type and component definitions whose
// outer shape is checked; attribute details are left for `compile.ts`.
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
  contentTypes: RawContentType[];
  components: RawComponent[];
}

const CONTENT_TYPE_PATH = /^api\/([^/]+)\/content-types\/([^/]+)\/schema\.json$/;
const COMPONENT_PATH = /^components\/([^/]+)\/([^/]+)\.json$/;

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

/** Whether a path (relative to the schema folder) is one the loader reads. */
export function isSchemaFilePath(path: string): boolean {
  return CONTENT_TYPE_PATH.test(path) || COMPONENT_PATH.test(path);
}

/** Sorts the files into content-types and components, reporting files whose shape is wrong. */
export function readRawSchema(files: RawSchemaFiles, problems: Problems): RawSchema {
  const schema: RawSchema = { contentTypes: [], components: [] };
  for (const [source, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if ('error' in file) {
      problems.add(`${source}: invalid JSON: ${file.error}`);
      continue;
    }
    const contentTypePath = CONTENT_TYPE_PATH.exec(source);
    const componentPath = COMPONENT_PATH.exec(source);
    if (!contentTypePath && !componentPath) {
      problems.add(`${source}: not a schema file (expected api/<name>/content-types/<name>/schema.json or components/<category>/<name>.json)`);
      continue;
    }
    const owner = readOwner(source, file.json, problems);
    if (!owner) continue;
    if (contentTypePath) {
      const [, api, name] = contentTypePath;
      const json = file.json as Record<string, unknown>;
      schema.contentTypes.push({
        ...owner,
        uid: `api::${api}.${name}`,
        kind: json.kind,
        options: optionalRecord(source, 'options', json.options, problems),
        pluginOptions: optionalRecord(source, 'pluginOptions', json.pluginOptions, problems),
      });
    } else if (componentPath) {
      const [, category, name] = componentPath;
      schema.components.push({ ...owner, uid: `${category}.${name}`, category, name });
    }
  }
  return schema;
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
