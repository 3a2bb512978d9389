// A folder in Strapi v4 layout (a project, its `src/`, or a bare schema folder) -> the compiled
// ContentModel. Reads the files here; `raw.ts`, `compile.ts` and `validate-references.ts` check them.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigurationError } from '../errors/errors.ts';
import { mediaContentType } from './builtin.ts';
import { compileComponent, compileContentType } from './compile.ts';
import { CUSTOM_FIELDS_FILE } from './custom-fields.ts';
import { Problems } from './problems.ts';
import { parseJson, readRawSchema, type ParsedFile, type RawSchemaFiles } from './raw.ts';
import type { Component, ContentModel, ContentType } from './types.ts';
import { validateReferences } from './validate-references.ts';

export type { ParsedFile, RawSchemaFiles } from './raw.ts';

export interface LoadOptions {
  /** A custom field declarations file to use instead of `<schema root>/custom-fields.json`. */
  customFieldsFile?: string;
}

/**
 * Reads and compiles the content model in `dir`: a Strapi project's root (holding `src/`), its
 * `src/` folder, or a folder holding `api/` and `components/` directly.
 * @throws ConfigurationError naming every bad file and attribute.
 */
export async function loadContentModel(dir: string, options: LoadOptions = {}): Promise<ContentModel> {
  const root = await findSchemaRoot(dir);
  const files = await readSchemaFiles(root);
  if (options.customFieldsFile !== undefined) {
    const text = await readFile(options.customFieldsFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new ConfigurationError(`custom fields file ${resolve(options.customFieldsFile!)} cannot be read: ${error.code ?? error.message}`);
    });
    files.set(CUSTOM_FIELDS_FILE, parseJson(text));
  }
  return compileContentModel(files, `Invalid content model in ${root}`);
}

/**
 * Compiles schema files (keyed by path relative to the schema folder) into a ContentModel, with
 * the media library added. Pure: reads nothing.
 * @throws ConfigurationError naming every bad file and attribute.
 */
export function compileContentModel(files: RawSchemaFiles, title = 'Invalid content model'): ContentModel {
  const problems = new Problems();
  const raw = readRawSchema(files, problems);
  const media = mediaContentType();
  const contentTypes = new Map<string, ContentType>([[media.uid, media]]);
  for (const definition of raw.contentTypes) {
    const compiled = compileContentType(definition, raw.customFields, problems);
    if (compiled) contentTypes.set(compiled.uid, compiled);
  }
  const components = new Map<string, Component>(
    raw.components.map((definition) => [definition.uid, compileComponent(definition, raw.customFields, problems)]),
  );
  validateReferences({ contentTypes, components, warnings: [] }, problems);
  problems.throwIfAny(title);
  return { contentTypes, components, warnings: problems.warnings };
}

/** The first of `dir` and `dir/src` holding an `api` or `components` folder. */
async function findSchemaRoot(dir: string): Promise<string> {
  const absolute = resolve(dir);
  if (!(await isDirectory(absolute))) throw new ConfigurationError(`schema folder ${absolute} does not exist`);
  for (const candidate of [absolute, join(absolute, 'src')]) {
    if ((await isDirectory(join(candidate, 'api'))) || (await isDirectory(join(candidate, 'components')))) return candidate;
  }
  throw new ConfigurationError(
    `schema folder ${absolute} holds no api/ or components/ folder, nor does its src/ ` +
      '(expected a Strapi v4 project, its src/ folder, or a folder in the same layout)',
  );
}

/**
 * `api/<name>/content-types/<name>/schema.json`, `components/<category>/<name>.json`,
 * `extensions/<plugin>/content-types/<name>/schema.json` and `custom-fields.json`.
 */
async function readSchemaFiles(root: string): Promise<Map<string, ParsedFile>> {
  const paths: string[] = [];
  for (const folder of ['api', 'extensions']) {
    for (const owner of await subdirectories(join(root, folder))) {
      for (const name of await subdirectories(join(root, folder, owner, 'content-types'))) {
        const path = `${folder}/${owner}/content-types/${name}/schema.json`;
        if (await isFile(join(root, path))) paths.push(path);
      }
    }
  }
  if (await isFile(join(root, CUSTOM_FIELDS_FILE))) paths.push(CUSTOM_FIELDS_FILE);
  for (const category of await subdirectories(join(root, 'components'))) {
    for (const entry of await readdir(join(root, 'components', category), { withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.json')) paths.push(`components/${category}/${entry.name}`);
    }
  }
  const files = new Map<string, ParsedFile>();
  for (const path of paths) files.set(path, parseJson(await readFile(join(root, path), 'utf8')));
  return files;
}

async function subdirectories(dir: string): Promise<string[]> {
  if (!(await isDirectory(dir))) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}
